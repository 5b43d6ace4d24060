package tidyparquet_test

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/internal/tidytest"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
)

// readRow is a row as a reader sees it (no writer-side encoding tags).
type readRow struct {
	Tracker string `parquet:"tracker,optional"` // absent in single-tracker files
	Tick    int32  `parquet:"tick"`
	Date    int32  `parquet:"date"`
	PatchID string `parquet:"patch_id"`
	State   string `parquet:"state"`
	Count   int64  `parquet:"count"`
}

// epoch is day 0 of the Parquet DATE type.
var epoch = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)

// toReadRow is r as a reader should see it; tracker is "" in a
// single-tracker file.
func toReadRow(r metrics.Row, tracker string) readRow {
	date, err := time.Parse(time.DateOnly, r.Date)
	if err != nil {
		panic(err)
	}
	return readRow{Tracker: tracker, Tick: int32(r.Tick), Date: int32(date.Sub(epoch).Hours() / 24),
		PatchID: r.PatchID, State: r.State, Count: r.Count}
}

// wantRows returns the trackers' tidy rows as the reader should see them.
func wantRows(multi bool, trackers ...metrics.Tracker) []readRow {
	var out []readRow
	for _, t := range trackers {
		name := ""
		if multi {
			name = t.Name()
		}
		for r := range metrics.Rows(t) {
			out = append(out, toReadRow(r, name))
		}
	}
	return out
}

// trickyIDs need CSV quoting or are unusual strings; Parquet stores them as
// they are.
var trickyIDs = []string{"plain", `a,"b"`, "x\ny", " lead", "\u00a0nbsp", "Zürich", "", "NG:KN:001"}

// tricky is a three-state table over trickyIDs whose first tick is before
// 1970 (a negative DATE).
func tricky() *tidytest.Table {
	t := &tidytest.Table{TrackerName: "StateTracker", Start: time.Date(1969, 12, 19, 0, 0, 0, 0, time.UTC),
		IDs: trickyIDs, States: []string{"S", "I", "R"}}
	for tick := range 4 {
		row := make([]int64, 3*len(trickyIDs))
		for k := range row {
			row[k] = int64(k*7-20) << (10 * tick) // negative, zero and large values
		}
		t.Counts = append(t.Counts, row)
	}
	return t
}

func TestWriteReadBack(t *testing.T) {
	empty := &tidytest.Table{TrackerName: "FadeOutTracker", IDs: []string{metrics.AllPatchesID}, States: []string{"fadeouts"}}
	synthetic := tidytest.Synthetic("PopulationTracker", "N", 300, 30, 2)
	tests := []struct {
		name     string
		trackers []metrics.Tracker
		columns  []string
	}{
		{"one tracker", []metrics.Tracker{tricky()}, []string{"tick", "date", "patch_id", "state", "count"}},
		{"several trackers", []metrics.Tracker{tricky(), synthetic, empty},
			[]string{"tracker", "tick", "date", "patch_id", "state", "count"}},
		{"nothing recorded", []metrics.Tracker{empty}, []string{"tick", "date", "patch_id", "state", "count"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, tidyparquet.Write(&buf, tc.trackers...))
			data := bytes.NewReader(buf.Bytes())

			f, err := parquet.OpenFile(data, data.Size())
			require.NoError(t, err)
			checkSchema(t, f, tc.columns)
			v, ok := f.Lookup("generator")
			assert.True(t, ok)
			assert.Equal(t, "rubeola "+metrics.Version, v)

			got, err := parquet.Read[readRow](data, data.Size())
			require.NoError(t, err)
			want := wantRows(len(tc.trackers) > 1, tc.trackers...)
			if len(want) == 0 {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, want, got)
		})
	}
}

// checkSchema checks the file's columns (names and order, physical and
// logical types, all required) and every column chunk's encoding (strings
// dictionary-encoded with a dictionary page, integers DELTA_BINARY_PACKED)
// and codec (ZSTD).
func checkSchema(t *testing.T, f *parquet.File, columns []string) {
	t.Helper()
	type col struct {
		kind    parquet.Kind
		logical string
		enc     format.Encoding
	}
	spec := map[string]col{
		"tracker":  {parquet.ByteArray, "STRING", format.RLEDictionary},
		"tick":     {parquet.Int32, "INT(32,true)", format.DeltaBinaryPacked},
		"date":     {parquet.Int32, "DATE", format.DeltaBinaryPacked},
		"patch_id": {parquet.ByteArray, "STRING", format.RLEDictionary},
		"state":    {parquet.ByteArray, "STRING", format.RLEDictionary},
		"count":    {parquet.Int64, "INT(64,true)", format.DeltaBinaryPacked},
	}
	fields := f.Schema().Fields()
	require.Len(t, fields, len(columns))
	for k, name := range columns {
		field := fields[k]
		want := spec[name]
		assert.Equal(t, name, field.Name(), "column %d", k)
		assert.True(t, field.Required(), name)
		assert.Equal(t, want.kind, field.Type().Kind(), name)
		logical := ""
		if lt := field.Type().LogicalType(); lt != nil {
			logical = lt.String()
		}
		assert.Equal(t, want.logical, logical, name)
	}
	for g, rg := range f.Metadata().RowGroups {
		assert.LessOrEqual(t, rg.NumRows, int64(tidyparquet.MaxRowGroupRows))
		for k, cc := range rg.Columns {
			md := cc.MetaData
			name := columns[k]
			assert.Equal(t, format.Zstd, md.Codec, "row group %d, %s", g, name)
			assert.Contains(t, []format.Encoding(md.Encoding), spec[name].enc, "row group %d, %s", g, name)
			if spec[name].enc == format.RLEDictionary && rg.NumRows > 0 {
				assert.NotZero(t, md.DictionaryPageOffset, "row group %d, %s: dictionary page", g, name)
			}
		}
	}
}

// TestWriteRowGroups: 2 000 ids × 600 ticks = 1.2 M rows, more than one row
// group's 1 M, split into row groups of at most 1 M rows, read back whole.
func TestWriteRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("1.2 M rows")
	}
	tbl := tidytest.Synthetic("CaseSurveillanceTracker", "cases", 2000, 600, 3)
	var file bytes.Buffer
	require.NoError(t, tidyparquet.Write(&file, tbl))
	data := bytes.NewReader(file.Bytes())
	f, err := parquet.OpenFile(data, data.Size())
	require.NoError(t, err)
	require.Len(t, f.Metadata().RowGroups, 2)
	checkSchema(t, f, []string{"tick", "date", "patch_id", "state", "count"})
	assert.Equal(t, int64(2000*600), f.NumRows())

	// Compare streamed: the whole table as slices costs seconds of growslice.
	r := parquet.NewGenericReader[readRow](f)
	defer r.Close()
	next, stop := iter.Pull(metrics.Rows(tbl))
	defer stop()
	buf := make([]readRow, 4096)
	read := 0
	for {
		n, err := r.Read(buf)
		for _, got := range buf[:n] {
			want, ok := next()
			require.True(t, ok, "more rows than written")
			if w := toReadRow(want, ""); w != got {
				require.Equal(t, w, got, "row %d", read)
			}
			read++
		}
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	assert.Equal(t, 2000*600, read)
}

// TestWriteErrors: the shared error table (tidytest.CheckWriteErrors); the later
// failure comes after 64 << 10 bytes, past the first buffer flush.
func TestWriteErrors(t *testing.T) {
	tidytest.CheckWriteErrors(t, tidyparquet.Write, 64<<10)
}

// countingWriter counts the bytes written to it.
type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}

// BenchmarkWrite writes a population-sized table (the baseline's N = 1 000
// patches × 520 ticks = 520 000 rows) into io.Discard; rows/s is the
// figure of merit (MB/s counts the equivalent CSV's bytes so the two
// writers compare), file-bytes the Parquet file's size.
func BenchmarkWrite(b *testing.B) {
	tbl := tidytest.Synthetic("PopulationTracker", "N", 1000, 520, 1)
	var n, csvBytes countingWriter
	require.NoError(b, tidyparquet.Write(&n, tbl))
	require.NoError(b, metrics.WriteTidyCSV(&csvBytes, tbl))
	b.SetBytes(int64(csvBytes))
	b.ReportAllocs()
	for b.Loop() {
		if err := tidyparquet.Write(io.Discard, tbl); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "file-bytes")
	b.ReportMetric(float64(520_000*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// reusedIDs is a tracker that yields every block's ids in one reused
// slice, different ids each block (legal: blocks are views valid during the
// yield only), so an index cache keyed on the slice would go wrong.
type reusedIDs struct{}

func (reusedIDs) Name() string { return "Reused" }

func (reusedIDs) Blocks(yield func(metrics.Block) bool) {
	ids, counts := make([]string, 2), []int64{1, 2}
	for tick, pair := range [][2]string{{"a", "b"}, {"b", "c"}, {"a", "b"}, {"c", "a"}} {
		ids[0], ids[1] = pair[0], pair[1]
		if !yield(metrics.Block{Tick: tick, Date: epoch, State: "S", IDs: ids, Counts: counts}) {
			return
		}
	}
}

func TestWriteReusedIDSlice(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, tidyparquet.Write(&buf, reusedIDs{}))
	data := bytes.NewReader(buf.Bytes())
	got, err := parquet.Read[readRow](data, data.Size())
	require.NoError(t, err)
	var ids []string
	for _, r := range got {
		ids = append(ids, r.PatchID)
	}
	assert.Equal(t, []string{"a", "b", "b", "c", "a", "b", "c", "a"}, ids)
}

// TestWriteDictionaryGrowsBetweenRowGroups: the dictionary page is encoded
// again only when the dictionary has grown. Tracker a (2 000 ids × 600
// ticks = 1.2 M rows) fills row group 1 and starts row group 2; tracker b
// (2 000 other ids × 600 ticks) adds its ids in row group 2 and fills row
// group 3, whose dictionary is row group 2's: every row reads back.
func TestWriteDictionaryGrowsBetweenRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("2.4 M rows")
	}
	a := tidytest.Synthetic("a", "cases", 2000, 600, 3)
	b := tidytest.Synthetic("b", "cases", 2000, 600, 4)
	for j := range b.IDs {
		b.IDs[j] = fmt.Sprintf("other_%d", j)
	}
	var file bytes.Buffer
	require.NoError(t, tidyparquet.Write(&file, a, b))
	data := bytes.NewReader(file.Bytes())
	f, err := parquet.OpenFile(data, data.Size())
	require.NoError(t, err)
	require.Len(t, f.Metadata().RowGroups, 3)

	r := parquet.NewGenericReader[readRow](f)
	defer r.Close()
	buf := make([]readRow, 4096)
	read := 0
	for _, tr := range []*tidytest.Table{a, b} {
		for want := range metrics.Rows(tr) {
			if read%len(buf) == 0 {
				n, err := r.Read(buf)
				if err != io.EOF {
					require.NoError(t, err)
				}
				require.Positive(t, n, "fewer rows than written")
			}
			if w, got := toReadRow(want, tr.Name()), buf[read%len(buf)]; w != got {
				require.Equal(t, w, got, "row %d", read)
			}
			read++
		}
	}
	assert.Equal(t, 2*2000*600, read)
}
