package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeFinishedRun: the snapshot of a run's last tick (the one a user
// needs when the run dies while writing its outputs) resumes to the run's
// outputs, exit 0; --ticks beyond it extends the run, --ticks before it is
// refused naming the flag, exit 2, nothing written (issue 26 item 3: exit 1
// "run already complete"). trackerRunFile runs 12 ticks, so
// --snapshot-every 4 leaves tick-000012.snap, a finished run's snapshot.
func TestResumeFinishedRun(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	outputs := []string{"states.csv", "states-2.csv", "population.csv", "cases.csv", "fadeouts.csv"}
	same := func(t *testing.T, want, got string, files []string) {
		t.Helper()
		for _, f := range files {
			assert.Equal(t, readString(t, filepath.Join(want, f)), readString(t, filepath.Join(got, f)), f)
		}
		assert.Equal(t, comparableSummary(t, filepath.Join(want, "summary.json")), comparableSummary(t, filepath.Join(got, "summary.json")))
	}

	t.Run("single run", func(t *testing.T) {
		whole := filepath.Join(dir, "whole")
		code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", whole, "--snapshot-every", "4")
		require.Equal(t, 0, code, stderr)
		last := filepath.Join(whole, "snapshots", "tick-000012.snap")

		again := filepath.Join(dir, "again")
		code, _, stderr = runCLI(t, "resume", last, "--out", again)
		require.Equal(t, 0, code, stderr)
		same(t, whole, again, outputs)
		assert.Len(t, readCSV(t, filepath.Join(again, "timing.csv")), 13, "header and the 12 ticks' rows, as the run wrote")

		longer := filepath.Join(dir, "longer")
		code, _, stderr = runCLI(t, "run", "--config", cfg, "--out", longer, "--ticks", "16")
		require.Equal(t, 0, code, stderr)
		extended := filepath.Join(dir, "extended")
		code, _, stderr = runCLI(t, "resume", last, "--out", extended, "--ticks", "16")
		require.Equal(t, 0, code, stderr)
		same(t, longer, extended, outputs)

		shorter := filepath.Join(dir, "shorter")
		code, _, stderr = runCLI(t, "resume", last, "--out", shorter, "--ticks", "8")
		assert.Equal(t, 2, code)
		assert.Equal(t, "rubeola: --ticks 8 is before the tick of snapshot "+last+
			" (12): a resumed run ends at or after the tick it was saved at\n", stderr)
		assert.NoDirExists(t, shorter)
	})

	t.Run("ensemble", func(t *testing.T) {
		whole := filepath.Join(dir, "ens")
		code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", whole, "--replicates", "2", "--snapshot-every", "6")
		require.Equal(t, 0, code, stderr)
		again := filepath.Join(dir, "ens-again")
		code, _, stderr = runCLI(t, "resume", filepath.Join(whole, "snapshots", "tick-000012.snap"), "--out", again)
		require.Equal(t, 0, code, stderr)
		entries, err := os.ReadDir(filepath.Join(whole, "ensemble"))
		require.NoError(t, err)
		for _, e := range entries {
			if e.Name() == "summary.json" || e.Name() == "timing.csv" {
				continue // wall-clock fields
			}
			assert.Equal(t, readString(t, filepath.Join(whole, "ensemble", e.Name())),
				readString(t, filepath.Join(again, "ensemble", e.Name())), e.Name())
		}
	})
}
