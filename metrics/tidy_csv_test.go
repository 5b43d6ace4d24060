package metrics_test

import (
	"bytes"
	"encoding/csv"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/internal/tidytest"
)

// encodingCSV is the writer WriteTidyCSV replaced (encoding/csv over the
// tidy rows), kept as the oracle its output must equal byte for byte.
func encodingCSV(w io.Writer, trackers ...metrics.Tracker) error {
	cw := csv.NewWriter(w)
	header := []string{"tick", "date", "patch_id", "state", "count"}
	multi := len(trackers) > 1
	if multi {
		header = append([]string{"tracker"}, header...)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, t := range trackers {
		for r := range metrics.Rows(t) {
			rec := []string{strconv.Itoa(r.Tick), r.Date, r.PatchID, r.State, strconv.FormatInt(r.Count, 10)}
			if multi {
				rec = append([]string{t.Name()}, rec...)
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// trickyIDs are ids that need CSV quoting (comma, quote, CR, LF, `\.`, a
// leading ASCII or Unicode space) or look as if they might (inner space,
// trailing space, non-ASCII, empty).
var trickyIDs = []string{
	"plain", `a,"b"`, `"`, `""`, "x\ny", "x\r\ny", "cr\r", `\.`, `\.x`, " lead", "\tlead", "\u00a0nbsp",
	"\u2003em", "inner space", "trail ", "Zürich", "", ",", "NG:KN:001",
}

func TestWriteTidyCSVMatchesEncodingCSV(t *testing.T) {
	start := time.Date(1999, 12, 19, 0, 0, 0, 0, time.UTC)
	tricky := &tidytest.Table{TrackerName: `my,"tracker"`, Start: start, IDs: trickyIDs,
		States: []string{"S", " I", `"R"`}}
	for tick := range 3 {
		row := make([]int64, len(trickyIDs)*len(tricky.States))
		for k := range row {
			row[k] = int64(k*7-20) << (8 * tick) // negative, zero and large values
		}
		tricky.Counts = append(tricky.Counts, row)
	}
	// 40 000 ids × 3 ticks is ≈ 1.5 MB: several flushes of the 512 KiB buffer.
	big := tidytest.Synthetic("PopulationTracker", "N", 40_000, 3, 1)
	empty := &tidytest.Table{TrackerName: "Empty", Start: start, IDs: []string{"a"}, States: []string{"S"}}
	tests := []struct {
		name     string
		trackers []metrics.Tracker
	}{
		{"tricky ids, one tracker", []metrics.Tracker{tricky}},
		{"tricky ids and names, several trackers", []metrics.Tracker{tricky, big, empty}},
		{"several buffer flushes", []metrics.Tracker{big}},
		{"nothing recorded", []metrics.Tracker{empty}},
		{"no tracker", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want, got bytes.Buffer
			require.NoError(t, encodingCSV(&want, tc.trackers...))
			require.NoError(t, metrics.WriteTidyCSV(&got, tc.trackers...))
			require.Equal(t, want.String(), got.String())

			records, err := csv.NewReader(&got).ReadAll()
			require.NoError(t, err)
			rows := 0
			for _, tr := range tc.trackers {
				rows += len(metrics.Tidy(tr))
			}
			assert.Len(t, records, 1+rows, "header plus one record per row")
		})
	}
}

// TestWriteTidyCSVReadBack reads the tricky ids back with encoding/csv.
func TestWriteTidyCSVReadBack(t *testing.T) {
	tbl := &tidytest.Table{TrackerName: "T", Start: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), IDs: trickyIDs,
		States: []string{"cases"}, Counts: [][]int64{make([]int64, len(trickyIDs))}}
	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, tbl))
	records, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	require.Len(t, records, 1+len(trickyIDs))
	for k, id := range trickyIDs {
		want := id
		if id == "x\r\ny" {
			want = "x\ny" // encoding/csv's reader turns a quoted CRLF into LF
		}
		assert.Equal(t, []string{"0", "2023-01-01", want, "cases", "0"}, records[k+1])
	}
}

// TestWriteTidyCSVErrors: the shared error table (tidytest.CheckWriteErrors); the later
// failure comes after 1 << 20 bytes, past the first buffer flush.
func TestWriteTidyCSVErrors(t *testing.T) {
	tidytest.CheckWriteErrors(t, metrics.WriteTidyCSV, 1<<20)
}

// BenchmarkWriteTidyCSV formats a population-sized table (the baseline's
// N = 1 000 patches × 520 ticks, ids patch_<j>, counts < 10⁶) into
// io.Discard; MB/s is CSV bytes formatted per second on one core.
func BenchmarkWriteTidyCSV(b *testing.B) {
	tbl := tidytest.Synthetic("PopulationTracker", "N", 1000, 520, 1)
	var n countingWriter
	require.NoError(b, metrics.WriteTidyCSV(&n, tbl))
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		if err := metrics.WriteTidyCSV(io.Discard, tbl); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodingCSV is the replaced encoding/csv writer on the same
// table, for comparison.
func BenchmarkEncodingCSV(b *testing.B) {
	tbl := tidytest.Synthetic("PopulationTracker", "N", 1000, 520, 1)
	var n countingWriter
	require.NoError(b, encodingCSV(&n, tbl))
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		if err := encodingCSV(io.Discard, tbl); err != nil {
			b.Fatal(err)
		}
	}
}

// countingWriter counts the bytes written to it.
type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
