package tidyparquet_test

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/internal/tidytest"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
)

// quantileRow is an ensemble table's row as a reader sees it.
type quantileRow struct {
	Tracker string  `parquet:"tracker,optional"` // absent in single-table files
	Tick    int32   `parquet:"tick"`
	Date    int32   `parquet:"date"`
	PatchID string  `parquet:"patch_id"`
	State   string  `parquet:"state"`
	Mean    float64 `parquet:"mean"`
	Q05     float64 `parquet:"q05"`
	Q25     float64 `parquet:"q25"`
	Q50     float64 `parquet:"q50"`
	Q75     float64 `parquet:"q75"`
	Q95     float64 `parquet:"q95"`
}

// wantQuantileRows returns the tables' rows as the reader should see them.
func wantQuantileRows(t *testing.T, multi bool, tables ...*metrics.EnsembleTable) []quantileRow {
	var out []quantileRow
	for _, tbl := range tables {
		name := ""
		if multi {
			name = tbl.Name()
		}
		for b, err := range tbl.Blocks {
			require.NoError(t, err)
			for k, id := range b.IDs {
				v := func(c int) float64 { return b.Values[c][k] }
				out = append(out, quantileRow{Tracker: name, Tick: int32(b.Tick), Date: int32(b.Date.Sub(epoch).Hours() / 24),
					PatchID: id, State: b.State, Mean: v(0), Q05: v(1), Q25: v(2), Q50: v(3), Q75: v(4), Q95: v(5)})
			}
		}
	}
	return out
}

// ensembleOf is the quantile table of copies of tbl whose counts are
// shifted by 0, 1, …, R−1 times shift (replicates that differ).
func ensembleOf(t *testing.T, tbl *tidytest.Table, R int, shift int64) *metrics.EnsembleTable {
	reps := make([]metrics.Tracker, R)
	for r := range R {
		c := *tbl
		c.Counts = nil
		for _, row := range tbl.Counts {
			shifted := make([]int64, len(row))
			for k, v := range row {
				shifted[k] = v + int64(r)*shift*int64(k%3-1) // up, down or constant by element
			}
			c.Counts = append(c.Counts, shifted)
		}
		reps[r] = &c
	}
	e, err := metrics.NewEnsembleTable(reps...)
	require.NoError(t, err)
	return e
}

func TestWriteQuantilesReadBack(t *testing.T) {
	states := ensembleOf(t, tricky(), 5, 1000)
	pop := ensembleOf(t, tidytest.Synthetic("PopulationTracker", "N", 300, 30, 2), 3, 7)
	labels := []string{"tick", "date", "patch_id", "state"}
	values := metrics.QuantileColumns[:]
	// 3 000 patches × 100 ticks = 300 000 rows: five row groups of at most
	// QuantileRowGroupRows (65 536).
	big := ensembleOf(t, tidytest.Synthetic("PopulationTracker", "N", 3000, 100, 2), 3, 7)
	tests := []struct {
		name      string
		tables    []*metrics.EnsembleTable
		columns   []string
		rowGroups int
	}{
		{"one table", []*metrics.EnsembleTable{states}, append(append([]string{}, labels...), values...), 1},
		{"several tables", []*metrics.EnsembleTable{states, pop}, append(append([]string{"tracker"}, labels...), values...), 1},
		{"several row groups", []*metrics.EnsembleTable{big}, append(append([]string{}, labels...), values...), 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, tidyparquet.WriteQuantiles(&buf, tc.tables...))
			data := bytes.NewReader(buf.Bytes())
			f, err := parquet.OpenFile(data, data.Size())
			require.NoError(t, err)
			fields := f.Schema().Fields()
			require.Len(t, fields, len(tc.columns))
			for k, name := range tc.columns {
				assert.Equal(t, name, fields[k].Name())
				assert.True(t, fields[k].Required(), name)
			}
			for _, name := range values {
				field := fields[len(tc.columns)-len(values)+slices.Index(values, name)]
				assert.Equal(t, parquet.Double, field.Type().Kind(), name)
				assert.Nil(t, field.Type().LogicalType(), name)
			}
			assert.Len(t, f.Metadata().RowGroups, tc.rowGroups)
			for _, rg := range f.Metadata().RowGroups {
				assert.LessOrEqual(t, rg.NumRows, int64(tidyparquet.QuantileRowGroupRows))
				for k, cc := range rg.Columns {
					assert.Equal(t, format.Zstd, cc.MetaData.Codec, tc.columns[k])
				}
			}
			got, err := parquet.Read[quantileRow](data, data.Size())
			require.NoError(t, err)
			assert.Equal(t, wantQuantileRows(t, len(tc.tables) > 1, tc.tables...), got)
		})
	}
}

// TestWriteQuantilesErrors: a failing writer's error and the replicates'
// mismatch error come back from WriteQuantiles.
func TestWriteQuantilesErrors(t *testing.T) {
	big := ensembleOf(t, tidytest.Synthetic("PopulationTracker", "N", 40_000, 3, 1), 2, 5)
	for _, n := range []int{0, 64 << 10} {
		assert.ErrorIs(t, tidyparquet.WriteQuantiles(&tidytest.FailingWriter{N: n}, big), tidytest.ErrDiskFull, "fails after %d bytes", n)
	}
	short := tricky()
	short.Counts = short.Counts[:2]
	bad, err := metrics.NewEnsembleTable(tricky(), short)
	require.NoError(t, err)
	assert.EqualError(t, tidyparquet.WriteQuantiles(io.Discard, bad),
		"StateTracker: replicate 1 has 6 blocks, replicate 0 has more (replicates must record the same ticks)")
}

// BenchmarkWriteQuantiles writes the quantile table of 16 replicates of a
// population-sized tracker (N = 1 000 patches × 52 ticks = 52 000 rows, each
// summarising 16 counts) into io.Discard; rows/s is the figure of merit,
// file-bytes the file's size
// (metrics.BenchmarkWriteQuantileCSV is the CSV writer on the same table.)
func BenchmarkWriteQuantiles(b *testing.B) {
	const R, N, T = 16, 1000, 52
	tbl, err := metrics.NewEnsembleTable(tidytest.Replicates("PopulationTracker", "N", N, T, R)...)
	require.NoError(b, err)
	var n countingWriter
	require.NoError(b, tidyparquet.WriteQuantiles(&n, tbl))
	b.ReportAllocs()
	for b.Loop() {
		if err := tidyparquet.WriteQuantiles(io.Discard, tbl); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "file-bytes")
	b.ReportMetric(float64(N*T*b.N)/b.Elapsed().Seconds(), "rows/s")
}
