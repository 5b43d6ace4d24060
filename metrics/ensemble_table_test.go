package metrics_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/internal/tidytest"
)

// ensembleStart is the replicates' first tick date.
var ensembleStart = time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)

// replicates builds one tidytest table per replicate over ids a and "b,c"
// (CSV-quoted), states S and I: cells[tick][k] lists the count of row
// element k (state-major, then id) in each replicate.
func replicates(name string, cells [][][]int64) []metrics.Tracker {
	R := len(cells[0][0])
	out := make([]metrics.Tracker, R)
	for r := range R {
		tbl := &tidytest.Table{TrackerName: name, Start: ensembleStart, IDs: []string{"a", "b,c"}, States: []string{"S", "I"}}
		for _, tick := range cells {
			row := make([]int64, len(tick))
			for k, values := range tick {
				row[k] = values[r]
			}
			tbl.Counts = append(tbl.Counts, row)
		}
		out[r] = tbl
	}
	return out
}

// TestEnsembleTableHandComputed: four replicates; each cell's mean and
// quantiles computed by hand (h = 3p for n = 4, see TestQuantileHandComputed),
// equal to the last bit (QuantilePercent).
func TestEnsembleTableHandComputed(t *testing.T) {
	cells := [][][]int64{
		{{100, 100, 100, 100}, {4, 1, 3, 2}, {0, 0, 0, 100}, {1, 1, 1, 1}}, // tick 0: S a, S b,c, I a, I b,c
		{{7, 7, 7, 7}, {40, 10, 30, 20}, {5, 5, 6, 6}, {0, 0, 0, 0}},       // tick 1
	}
	want := [][][6]float64{ // mean, q05, q25, q50, q75, q95
		{{100, 100, 100, 100, 100, 100}, {2.5, 1.15, 1.75, 2.5, 3.25, 3.85}, {25, 0, 0, 0, 25, 85}, {1, 1, 1, 1, 1, 1}},
		{{7, 7, 7, 7, 7, 7}, {25, 11.5, 17.5, 25, 32.5, 38.5}, {5.5, 5, 5, 5.5, 6, 6}, {0, 0, 0, 0, 0, 0}},
	}
	tbl, err := metrics.NewEnsembleTable(replicates("StateTracker", cells)...)
	require.NoError(t, err)
	assert.Equal(t, "StateTracker", tbl.Name())
	assert.Equal(t, 4, tbl.Replicates())
	var n int
	for b, err := range tbl.Blocks {
		require.NoError(t, err)
		tick, k0 := n/2, 2*(n%2) // two blocks (S, I) of two ids per tick
		assert.Equal(t, tick, b.Tick)
		assert.Equal(t, ensembleStart.AddDate(0, 0, 14*tick), b.Date)
		assert.Equal(t, []string{"S", "I"}[n%2], b.State)
		assert.Equal(t, []string{"a", "b,c"}, b.IDs)
		for k := range b.IDs {
			for c := range b.Values {
				assert.Equal(t, want[tick][k0+k][c], b.Values[c][k], "tick %d, %s %s, column %s",
					tick, b.State, b.IDs[k], metrics.QuantileColumns[c])
			}
		}
		n++
	}
	assert.Equal(t, 4, n, "2 ticks × 2 states")
}

// TestWriteQuantileCSV: two replicates (h = p, so Q(p) = x₀ + p·(x₁ − x₀),
// exact in binary for these values), ids quoted as in the tidy CSV, values
// without exponents.
func TestWriteQuantileCSV(t *testing.T) {
	cells := [][][]int64{
		{{0, 100}, {1, 2}, {3_000_000, 3_000_000}, {5, 5}},
		{{2, 1}, {0, 0}, {10, 20}, {100, 0}},
	}
	tbl, err := metrics.NewEnsembleTable(replicates("StateTracker", cells)...)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, metrics.WriteQuantileCSV(&buf, tbl))
	want := `tick,date,patch_id,state,mean,q05,q25,q50,q75,q95
0,2001-01-01,a,S,50,5,25,50,75,95
0,2001-01-01,"b,c",S,1.5,1.05,1.25,1.5,1.75,1.95
0,2001-01-01,a,I,3000000,3000000,3000000,3000000,3000000,3000000
0,2001-01-01,"b,c",I,5,5,5,5,5,5
1,2001-01-15,a,S,1.5,1.05,1.25,1.5,1.75,1.95
1,2001-01-15,"b,c",S,0,0,0,0,0,0
1,2001-01-15,a,I,15,10.5,12.5,15,17.5,19.5
1,2001-01-15,"b,c",I,50,5,25,50,75,95
`
	assert.Equal(t, want, buf.String())

	buf.Reset()
	cases, err := metrics.NewEnsembleTable(replicates(`Cases "x"`, cells[:1])...)
	require.NoError(t, err)
	require.NoError(t, metrics.WriteQuantileCSV(&buf, tbl, cases))
	lines := bytes.Split(buf.Bytes(), []byte("\n"))
	assert.Equal(t, "tracker,tick,date,patch_id,state,mean,q05,q25,q50,q75,q95", string(lines[0]))
	assert.Equal(t, "StateTracker,0,2001-01-01,a,S,50,5,25,50,75,95", string(lines[1]))
	assert.Equal(t, `"Cases ""x""",0,2001-01-01,"b,c",I,5,5,5,5,5,5`, string(lines[12]))
	assert.Len(t, lines, 1+8+4+1, "header, 8 + 4 rows, empty after the last \\n")
}

// TestEnsembleTableMismatch: replicates that disagree are reported, naming
// the tracker, the replicate and the tick; nothing is computed past it.
func TestEnsembleTableMismatch(t *testing.T) {
	base := func() *tidytest.Table {
		return &tidytest.Table{TrackerName: "T", Start: ensembleStart, IDs: []string{"a", "b"}, States: []string{"S"},
			Counts: [][]int64{{1, 2}, {3, 4}}}
	}
	shorter := base()
	shorter.Counts = shorter.Counts[:1]
	otherID := base()
	otherID.IDs = []string{"a", "x"}
	otherState := base()
	otherState.States = []string{"I"}
	otherStart := base()
	otherStart.Start = ensembleStart.AddDate(0, 0, 1)
	malformed := base()
	malformed.CountsPerBlock = 1
	tests := []struct {
		name string
		reps []metrics.Tracker
		want string
	}{
		{"replicate ends early", []metrics.Tracker{base(), shorter},
			"T: replicate 1 has 1 blocks, replicate 0 has more (replicates must record the same ticks)"},
		{"replicate 0 ends early", []metrics.Tracker{shorter, base(), base()},
			"T: replicate 0 has 1 blocks, replicate 1 has more (replicates must record the same ticks)"},
		{"other id", []metrics.Tracker{base(), base(), otherID}, `T: replicate 2, tick 0, state "S": id 1 is "x", replicate 0 has "b"`},
		{"other state", []metrics.Tracker{base(), otherState},
			`T: replicate 1's block 0 is tick 0 (2001-01-01), state "I", 2 ids; replicate 0's is tick 0 (2001-01-01), state "S", 2 ids`},
		{"other date", []metrics.Tracker{base(), otherStart},
			`T: replicate 1's block 0 is tick 0 (2001-01-02), state "S", 2 ids; replicate 0's is tick 0 (2001-01-01), state "S", 2 ids`},
		{"malformed block", []metrics.Tracker{base(), malformed}, `T: replicate 1: block of tick 0, state "S" has 2 ids but 1 counts`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tbl, err := metrics.NewEnsembleTable(tc.reps...)
			require.NoError(t, err)
			var buf bytes.Buffer
			assert.EqualError(t, metrics.WriteQuantileCSV(&buf, tbl), tc.want)
		})
	}
	_, err := metrics.NewEnsembleTable()
	assert.EqualError(t, err, "metrics: an ensemble table needs at least one replicate's tracker")
	other := base()
	other.TrackerName = "U"
	_, err = metrics.NewEnsembleTable(base(), other)
	assert.EqualError(t, err, "metrics: ensemble table of T: replicate 1's tracker is U")
}

// TestWriteQuantileCSVErrors: a failing writer's error is returned, at
// once and after the first buffer flush (40 000 ids × 3 ticks ≈ 3 MB of
// rows, several 512 KiB buffers).
func TestWriteQuantileCSVErrors(t *testing.T) {
	big, err := metrics.NewEnsembleTable(tidytest.Synthetic("PopulationTracker", "N", 40_000, 3, 1),
		tidytest.Synthetic("PopulationTracker", "N", 40_000, 3, 2))
	require.NoError(t, err)
	for _, n := range []int{0, 600 << 10} {
		assert.ErrorIs(t, metrics.WriteQuantileCSV(&tidytest.FailingWriter{N: n}, big), tidytest.ErrDiskFull, "fails after %d bytes", n)
	}
}

// BenchmarkWriteQuantileCSV writes the quantile table of 16 replicates of a
// population-sized tracker (N = 1 000 patches × 52 ticks = 52 000 rows, each
// summarising 16 counts) into io.Discard; rows/s is the figure of merit
// (tidyparquet.BenchmarkWriteQuantiles is the Parquet writer on the same
// table).
func BenchmarkWriteQuantileCSV(b *testing.B) {
	const R, N, T = 16, 1000, 52
	tbl, err := metrics.NewEnsembleTable(tidytest.Replicates("PopulationTracker", "N", N, T, R)...)
	require.NoError(b, err)
	var n countingWriter
	require.NoError(b, metrics.WriteQuantileCSV(&n, tbl))
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		if err := metrics.WriteQuantileCSV(io.Discard, tbl); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(N*T*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkEnsembleTable computes the same table's blocks without
// formatting them: the cost of the statistics alone.
func BenchmarkEnsembleTable(b *testing.B) {
	const R, N, T = 16, 1000, 52
	tbl, err := metrics.NewEnsembleTable(tidytest.Replicates("PopulationTracker", "N", N, T, R)...)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		for _, err := range tbl.Blocks {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(N*T*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// floatReplicate is one replicate's float tracker: one state "share" of
// one id "all_patches", one value per tick.
type floatReplicate struct{ values []float64 }

func (f floatReplicate) Name() string      { return "Share" }
func (f floatReplicate) FloatValues() bool { return true }
func (f floatReplicate) Blocks(yield func(metrics.Block) bool) {
	for tick, v := range f.values {
		b := metrics.Block{Tick: tick, Date: ensembleStart.AddDate(0, 0, tick), State: "share",
			IDs: []string{"all_patches"}, Values: []float64{v}}
		if !yield(b) {
			return
		}
	}
}

// TestEnsembleTableFloatValues: a float tracker's (a tracker kit's share)
// quantiles across four replicates, computed by hand with type 7 (h = 3p:
// q05 = x0 + 0.15·(x1 − x0), q25 = x0 + 0.75·(x1 − x0), q50 = (x1 + x2)/2,
// q75 = x2 + 0.25·(x3 − x2), q95 = x2 + 0.85·(x3 − x2)); a replicate of
// counts among float ones is an error naming both kinds.
func TestEnsembleTableFloatValues(t *testing.T) {
	reps := []metrics.Tracker{
		floatReplicate{[]float64{0.4, 0.5}}, floatReplicate{[]float64{0.1, 0.5}},
		floatReplicate{[]float64{0.3, 0.5}}, floatReplicate{[]float64{0.2, 0.5}},
	}
	want := [][6]float64{ // mean, q05, q25, q50, q75, q95 of {0.1, 0.2, 0.3, 0.4} and {0.5 ×4}
		{0.25, 0.115, 0.175, 0.25, 0.325, 0.385},
		{0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
	}
	tbl, err := metrics.NewEnsembleTable(reps...)
	require.NoError(t, err)
	var n int
	for b, err := range tbl.Blocks {
		require.NoError(t, err)
		for c := range want[n] {
			assert.InDelta(t, want[n][c], b.Values[c][0], 1e-15, "tick %d column %s", n, metrics.QuantileColumns[c])
		}
		n++
	}
	assert.Equal(t, 2, n)

	mixed, err := metrics.NewEnsembleTable(reps[0], replicates("Share", [][][]int64{{{1}, {1}}})[0])
	require.NoError(t, err)
	for _, err := range mixed.Blocks {
		assert.ErrorContains(t, err, "Share: replicate 1: counts, replicate 0: float values")
		break
	}
}
