package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameFiles asserts that every file named exists in both directories with
// the same bytes.
func sameFiles(t *testing.T, wantDir, gotDir string, names ...string) {
	t.Helper()
	for _, f := range names {
		want, err := os.ReadFile(filepath.Join(wantDir, f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(gotDir, f))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), f)
	}
}

// TestABMSnapshotEveryAndResume: `run --snapshot-every` of an agent-based
// run file writes snapshots with the agents; `resume` from one writes the
// states of the uninterrupted run byte for byte and its summary (timings
// and inputs aside), for a single run and for an ensemble of 2.
func TestABMSnapshotEveryAndResume(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "abm.toml", abmRunFile)
	for _, tc := range []struct {
		name  string
		extra []string
		files []string
	}{
		{"single run", nil, []string{"states.csv"}},
		{"ensemble", []string{"--replicates", "2", "--keep-replicates"},
			[]string{"ensemble/states.csv", "replicates/r000/states.csv", "replicates/r001/states.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := filepath.Join(dir, tc.name, "whole")
			args := append([]string{"run", "--config", cfg, "--out", whole, "--snapshot-every", "50", "--no-progress"}, tc.extra...)
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			snap := filepath.Join(whole, "snapshots", "tick-000050.snap")
			require.FileExists(t, snap)
			out := filepath.Join(dir, tc.name, "resumed")
			args = []string{"resume", snap, "--out", out, "--no-progress"}
			if tc.extra != nil {
				args = append(args, "--keep-replicates")
			}
			code, _, stderr = runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			sameFiles(t, whole, out, tc.files...)
			summary := strings.TrimSuffix(tc.files[0], "states.csv") + "summary.json"
			assert.Equal(t, comparableSummary(t, filepath.Join(whole, summary)), comparableSummary(t, filepath.Join(out, summary)))
		})
	}
}

// TestABMSweep runs a sweep of an agent-based run file end to end (two
// beta values, two replicates per point): every point is the ensemble
// `rubeola run --replicates 2` of its run file writes, byte for byte, and
// sweep.csv has a row per point.
func TestABMSweep(t *testing.T) {
	dir := t.TempDir()
	base := strings.Replace(abmRunFile, "num_ticks = 120", "num_ticks = 40", 1)
	sweepFile := writeFile(t, dir, "sweep.toml", base+"\n[sweep]\n\"phases.Infection.beta\" = [0.8, 1.5]\nreplicates = 2\n")
	out := filepath.Join(dir, "sweep")
	code, _, stderr := runCLI(t, "sweep", sweepFile, "--out", out)
	require.Equal(t, 0, code, stderr)
	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 3, "a header and two points")
	assert.Equal(t, []string{"1", "1.5"}, rows[2][:2])
	// Point 1 is the run file with beta = 1.5 (the file's own value).
	alone := filepath.Join(dir, "alone")
	code, _, stderr = runCLI(t, "run", "--config", writeFile(t, dir, "point1.toml", base), "--replicates", "2", "--out", alone, "--no-progress")
	require.Equal(t, 0, code, stderr)
	sameFiles(t, alone, filepath.Join(out, "points", "p00001"), "ensemble/states.csv")
}
