package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile inputs found when issue 26 was re-checked as its reporter, after
// the fixes of its nine items.

// TestSnapshotEveryBeyondTicks: `run --ticks 10 --snapshot-every 20` saves
// no snapshot; it made an empty DIR/snapshots before the first tick, and
// the outputs then refused to replace the "non-empty" DIR (exit 1, outputs
// lost, the empty folder left behind).
func TestSnapshotEveryBeyondTicks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "10", "--snapshot-every", "20", "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(out, "states.csv"))
	assert.NoDirExists(t, filepath.Join(out, snapshotDir), "no snapshot was due, so no folder")

	// K dividing the ticks still saves them (10 ticks, K = 5: ticks 5 and 10).
	out2 := filepath.Join(t.TempDir(), "out")
	code, _, stderr = runCLI(t, "run", "--no-progress", "--ticks", "10", "--snapshot-every", "5", "--out", out2)
	require.Equal(t, 0, code, stderr)
	entries, err := os.ReadDir(filepath.Join(out2, snapshotDir))
	require.NoError(t, err)
	assert.Len(t, entries, 2)
}
