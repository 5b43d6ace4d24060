package cli

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withSpillThreshold sets the CLI's tracker spill threshold for one test:
// 0 spills every StateTracker, −1 none.
func withSpillThreshold(t *testing.T, threshold int64) {
	t.Helper()
	old := spillThreshold
	spillThreshold = threshold
	t.Cleanup(func() { spillThreshold = old })
}

// snapshotJSON returns a snapshot file's content (gunzipped, decoded)
// without what differs from run to run: the phase timings, and so the
// digest.
func snapshotJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	data, err := io.ReadAll(zr)
	require.NoError(t, err)
	var snap map[string]any
	require.NoError(t, json.Unmarshal(data, &snap))
	delete(snap, "timing")
	delete(snap, "sha256")
	return snap
}

// TestSpilledTrackerOutputsIdentical: a run whose StateTrackers spill their
// rows to disk (threshold 0: every tracker of trackerRunFile, the
// per-patch one of 16 patches and the global one) writes the same tables,
// summary.json and snapshots, byte for byte, as one that keeps them in
// memory, in CSV and Parquet; resuming either run's snapshot, spilled or
// not, writes the uninterrupted run's outputs.
func TestSpilledTrackerOutputsIdentical(t *testing.T) {
	for _, tc := range []struct {
		format string
		tables []string
	}{
		{"csv", []string{"states.csv", "states-2.csv", "population.csv", "cases.csv", "fadeouts.csv"}},
		{"parquet", []string{"states.parquet", "states-2.parquet", "population.parquet", "cases.parquet", "fadeouts.parquet"}},
	} {
		t.Run(tc.format, func(t *testing.T) {
			dir := t.TempDir()
			cfg := writeFile(t, dir, "run.toml", trackerRunFile)
			run := func(name string, threshold int64) string {
				withSpillThreshold(t, threshold)
				out := filepath.Join(dir, name)
				code, _, stderr := runCLI(t, "run", "--config", cfg, "--format", tc.format, "--out", out, "--snapshot-every", "4")
				require.Equal(t, 0, code, stderr)
				return out
			}
			memory, spilled := run("memory", -1), run("spilled", 0)
			same := func(t *testing.T, want, got string) {
				t.Helper()
				for _, f := range tc.tables {
					w, err := os.ReadFile(filepath.Join(want, f))
					require.NoError(t, err)
					g, err := os.ReadFile(filepath.Join(got, f))
					require.NoError(t, err)
					assert.Equal(t, w, g, f)
				}
				assert.Equal(t, comparableSummary(t, filepath.Join(want, "summary.json")), comparableSummary(t, filepath.Join(got, "summary.json")))
			}
			same(t, memory, spilled)
			for _, snap := range []string{"tick-000004.snap", "tick-000008.snap", "tick-000012.snap"} {
				assert.Equal(t, snapshotJSON(t, filepath.Join(memory, "snapshots", snap)), snapshotJSON(t, filepath.Join(spilled, "snapshots", snap)), snap)
			}
			// Resume crosses: each run's snapshot, resumed spilled and in memory.
			for _, from := range []string{memory, spilled} {
				for _, threshold := range []int64{-1, 0} {
					withSpillThreshold(t, threshold)
					out := filepath.Join(dir, "resumed")
					code, _, stderr := runCLI(t, "resume", filepath.Join(from, "snapshots", "tick-000004.snap"), "--format", tc.format, "--out", out, "--force", "--no-progress")
					require.Equal(t, 0, code, stderr)
					same(t, memory, out)
				}
			}
		})
	}
}

// TestSpilledRunFailureLeavesNothing: a run whose per-patch tracker spills
// and that stops at run time — two patches whose total 2^53/(1 + 1.5·r)
// (r = 4.54e-4, the net growth per 14-day tick at crude rates 20 and 8)
// passes the first tick but whose births take the tracked total past 2^53
// in tick 1, where the spilling StateTracker stops the run (docs/limits.md,
// "During a run"; a total that the first tick's births take past 2^53 is
// refused before the run) — exits 1 and leaves no spill file and nothing
// in the output directory but the snapshot saved before the failure.
func TestSpilledRunFailureLeavesNothing(t *testing.T) {
	withSpillThreshold(t, 0)
	dir := t.TempDir()
	scn := writeFile(t, dir, "s.csv", "id,pop,lat,lon,mcv1\na,4500533641794654,10,10,0\nb,4500533641794654,10.1,10,0\n")
	cfg := writeFile(t, dir, "run.toml", `scenario = "s.csv"

[params]
num_ticks = 4

[[phases]]
type = "VitalDynamics"

[[phases]]
type = "StateTracker"
aggregation_level = -2
`)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", out, "--no-progress", "--snapshot-every", "1")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stderr, "phase StateTracker: the counts of the tracked patches add up past 9007199254740992 (2^53)")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The snapshot of tick 1 (saved before tick 2 failed) stays for
	// resume, and the error says so; no spill file, no other output.
	assert.ElementsMatch(t, []string{filepath.Base(scn), filepath.Base(cfg), "out"}, names)
	inOut, err := os.ReadDir(out)
	require.NoError(t, err)
	require.Len(t, inOut, 1)
	assert.Equal(t, "snapshots", inOut[0].Name())
	assert.Contains(t, stderr, "snapshots this run saved stay in")
}
