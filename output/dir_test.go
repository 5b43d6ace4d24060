package output

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteOutputsLeavesNothingOnError: when one of the concurrently
// written files fails (here after part of its content, while a large file
// is being written), writeOutputs returns that error naming the file, and
// neither the output directory nor a temporary directory remains; an
// existing output directory (--force) is kept as it was.
func TestWriteOutputsLeavesNothingOnError(t *testing.T) {
	boom := errors.New("disk full")
	large := func(w io.Writer) error {
		line := []byte(strings.Repeat("x", 1023) + "\n")
		for range 4096 { // 4 MiB: many buffer flushes while the other file fails
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		return nil
	}
	failing := func(w io.Writer) error {
		if _, err := io.WriteString(w, "tick,date\n0,"); err != nil {
			return err
		}
		return boom
	}
	files := []outputFile{{"population.csv", large}, {"cases.csv", failing}, {"summary.json", large}}

	for _, existing := range []bool{false, true} {
		parent := t.TempDir()
		out := filepath.Join(parent, "out")
		if existing {
			require.NoError(t, os.Mkdir(out, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(out, "states.csv"), []byte("old"), 0o644))
		}
		err := writeOutputs(out, existing, files, nil)
		require.ErrorIs(t, err, boom)
		assert.Contains(t, err.Error(), "cases.csv")
		entries, err := os.ReadDir(parent)
		require.NoError(t, err)
		if !existing {
			assert.Empty(t, entries, "no output and no temporary directory")
			continue
		}
		require.Len(t, entries, 1, "only the old output directory")
		data, err := os.ReadFile(filepath.Join(out, "states.csv"))
		require.NoError(t, err)
		assert.Equal(t, "old", string(data))
	}
}
