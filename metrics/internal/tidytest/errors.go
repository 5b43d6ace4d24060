package tidytest

import (
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// ErrDiskFull is the error of a [FailingWriter] that ran out of room.
var ErrDiskFull = errors.New("disk full")

// FailingWriter accepts N bytes, then fails every write with ErrDiskFull.
type FailingWriter struct{ N int }

// Write accepts p while N bytes remain, else fails.
func (w *FailingWriter) Write(p []byte) (int, error) {
	if len(p) > w.N {
		return 0, ErrDiskFull
	}
	w.N -= len(p)
	return len(p), nil
}

// CheckWriteErrors is the error table every tidy writer passes: a write
// failing at once and one failing after laterAt bytes (the writer returns
// the writer's error), and a malformed block (fewer counts than ids, named
// with the tracker, tick and state).
func CheckWriteErrors(t *testing.T, write func(io.Writer, ...metrics.Tracker) error, laterAt int) {
	big := Synthetic("PopulationTracker", "N", 40_000, 3, 1)
	malformed := &Table{TrackerName: "Bad", Start: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC),
		IDs: []string{"a", "b"}, States: []string{"S"}, Counts: [][]int64{{1, 2}}, CountsPerBlock: 1}
	tests := []struct {
		name    string
		w       io.Writer
		tracker metrics.Tracker
		wantErr error
		wantMsg string
	}{
		{"write fails at once", &FailingWriter{N: 0}, big, ErrDiskFull, ""},
		{"write fails later", &FailingWriter{N: laterAt}, big, ErrDiskFull, ""},
		{"block with fewer counts than ids", io.Discard, malformed, nil, `Bad: block of tick 0, state "S" has 2 ids but 1 counts`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := write(tc.w, tc.tracker)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			} else {
				require.EqualError(t, err, tc.wantMsg)
			}
		})
	}
}
