package metrics_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// trackerView is everything a library user or the CLI reads of a
// StateTracker.
type trackerView struct {
	Tidy     []metrics.Row
	CSV      string
	Counts   map[string][][]int64
	Series   map[string][]int64
	Summary  metrics.Summary
	Outcome  metrics.ReplicateOutcome
	Snapshot string
}

// viewOf reads every view of tr.
func viewOf(t *testing.T, tr *metrics.StateTracker) trackerView {
	t.Helper()
	v := trackerView{Tidy: tr.Tidy(), Counts: map[string][][]int64{}, Series: map[string][]int64{}, Summary: metrics.Summarize(tr),
		Outcome: metrics.NewReplicateOutcome(0, 1, tr, nil)}
	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, tr))
	v.CSV = buf.String()
	for _, s := range tr.States() {
		c, err := tr.Counts(s)
		require.NoError(t, err)
		v.Counts[s], v.Series[s] = c, tr.Series(s)
	}
	snap, err := tr.SnapshotState()
	require.NoError(t, err)
	v.Snapshot = string(snap)
	return v
}

// spillScenario is 30 patches of the grid builder with three id parts'
// worth of groups (aggregation level 0: rows).
func spillScenario(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.Grid(5, 6, 50000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	return scn
}

// perPatch is a per-patch StateTracker's factory.
func perPatch() phases.Factory {
	return metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch})
}

// spillModel builds a model of ticks ticks over spillScenario with the
// components fs and the options opts, quiet.
func spillModel(t *testing.T, ticks int, fs []phases.Factory, opts ...model.Option) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(spillScenario(t), quietParams(ticks), append(opts, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))...)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// runTracked runs 10 ticks of an epidemic on spillScenario with a
// StateTracker at level, under the spill threshold given (−1: in memory,
// 0: spilled), stopping after stop ticks to save a snapshot into dir when
// stop > 0 (then resumed under the same threshold), and returns the
// tracker.
func runTracked(t *testing.T, level int, threshold int64, stop int, dir string) *metrics.StateTracker {
	t.Helper()
	opts := []model.Option{model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), model.WithTrackerSpill(dir, threshold)}
	fs := []phases.Factory{systems.NewInfectionSeeding(nil), systems.NewInfection(nil), systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: level})}
	m := spillModel(t, 10, fs, opts...)
	if stop > 0 {
		require.NoError(t, m.RunTicks(context.Background(), stop))
		path := filepath.Join(dir, "s.snap")
		require.NoError(t, m.SaveSnapshot(path))
		var err error
		m, err = model.LoadSnapshot(path, fs, opts...)
		require.NoError(t, err)
	}
	require.NoError(t, m.Run(context.Background()))
	tr := model.InstancesOf[*metrics.StateTracker](m)[0]
	assert.Equal(t, threshold == 0 && level == metrics.PerPatch, tr.Spilled(), "only a per-patch tracker spills")
	return tr
}

// TestStateTrackerSpillIdentical: a per-patch StateTracker that spills
// its rows (threshold 0) gives exactly what one in memory gives — tidy rows, CSV,
// Counts, Series, the summary, the ensemble outcome and its snapshot
// bytes — run straight or resumed from a snapshot at tick 4; the spill
// file leaves nothing in its directory. Trackers of groups never spill.
func TestStateTrackerSpillIdentical(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level int
		stop  int
	}{
		{"per patch", metrics.PerPatch, 0},
		{"per patch, resumed", metrics.PerPatch, 4},
		{"first id part: never spills", 0, 0},
		{"global, resumed: never spills", metrics.AllPatches, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			memDir, spillDir := t.TempDir(), t.TempDir()
			want := viewOf(t, runTracked(t, tc.level, -1, tc.stop, memDir))
			got := viewOf(t, runTracked(t, tc.level, 0, tc.stop, spillDir))
			assert.Equal(t, want, got)
			entries, err := os.ReadDir(spillDir)
			require.NoError(t, err)
			for _, e := range entries {
				assert.Equal(t, "s.snap", e.Name(), "the spill file is unlinked at once")
			}
		})
	}
}

// TestStateTrackerSpillEstimate: the memory estimate counts a spilled
// tracker's rows in memory (3 rows, not 10 ticks) and a snapshot of all
// its values.
func TestStateTrackerSpillEstimate(t *testing.T) {
	m := spillModel(t, 10, []phases.Factory{perPatch()}, model.WithTrackerSpill(t.TempDir(), 0), model.WithSnapshotsEvery(5))
	s := m.EstimateMemory().String()
	// 3 states × 30 patches × 3 rows × 8 B = 2 160 B; the snapshot holds
	// 3 × 30 × 10 = 900 values.
	assert.Contains(t, s, "StateTracker: 3 states × 30 patches × 3 rows in memory (the ticks spill to disk) × 8 B = 2.16 kB")
	assert.Contains(t, s, "snapshot encoding: 900 tracker values × 16 B = 14.4 kB")
}

// TestStateTrackerSpillDirError: a spill directory that cannot hold a file
// (here a regular file) is an Initialize error naming the spill file,
// before the first tick.
func TestStateTrackerSpillDirError(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(notDir, nil, 0o644))
	m := spillModel(t, 3, []phases.Factory{perPatch()}, model.WithTrackerSpill(notDir, 0))
	err := m.Initialize()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "tracker spill file: open "+notDir+"/.rubeola-spill-")
}

// TestStateTrackerSpillResumeEstimate: loading a snapshot counts the text
// of a spilling tracker's saved rows, which it streams into its spill
// file (3 states × 30 patches × 4 saved ticks = 360 values × 4 B), and
// decoding an in-memory tracker's (the global one: 3 × 4 values × 8 B).
func TestStateTrackerSpillResumeEstimate(t *testing.T) {
	dir := t.TempDir()
	fs := []phases.Factory{perPatch(), metrics.NewStateTracker(nil)}
	m := spillModel(t, 10, fs, model.WithTrackerSpill(dir, 0))
	require.NoError(t, m.RunTicks(context.Background(), 4))
	path := filepath.Join(dir, "s.snap")
	require.NoError(t, m.SaveSnapshot(path))
	_, err := model.LoadSnapshot(path, fs, model.WithStdout(io.Discard), model.WithTrackerSpill(dir, 0), model.WithMemoryLimit(1))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "snapshot decoding: 12 saved tracker values × 8 B = 96 B")
	assert.Contains(t, err.Error(), "snapshot rows text: 360 saved tracker values × 4 B = 1.44 kB")
}

// TestStateTrackerSpillRestoreErrors: a spilling tracker streams the saved
// rows from the snapshot's text into its file, and refuses bad content
// with exactly the errors of the in-memory restore (which decodes it
// whole), or restores the same rows.
func TestStateTrackerSpillRestoreErrors(t *testing.T) {
	row := func(v string) string { // one tick of 3 states × 30 patches
		return "[" + strings.TrimSuffix(strings.Repeat(v+",", 90), ",") + "]"
	}
	ids := `"group_ids":["0:0","0:1","0:2","0:3","0:4","0:5","1:0","1:1","1:2","1:3","1:4","1:5","2:0","2:1","2:2","2:3","2:4","2:5","3:0","3:1","3:2","3:3","3:4","3:5","4:0","4:1","4:2","4:3","4:4","4:5"],"states":["S","I","R"]`
	for _, tc := range []struct{ name, state string }{
		{"two good rows", `{` + ids + `,"rows":[` + row("5") + `, ` + row("7") + `]}`},
		{"no rows", `{` + ids + `,"rows":[]}`},
		{"more rows than ticks", `{` + ids + `,"rows":[` + strings.TrimSuffix(strings.Repeat(row("1")+",", 11), ",") + `]}`},
		{"more rows than ticks, one bad", `{` + ids + `,"rows":[[1],` + strings.TrimSuffix(strings.Repeat(row("1")+",", 11), ",") + `]}`},
		{"a short row", `{` + ids + `,"rows":[` + row("1") + `,[1,2]]}`},
		{"a null row", `{` + ids + `,"rows":[null]}`},
		{"a negative count", `{` + ids + `,"rows":[` + row("-1") + `]}`},
		{"a float", `{` + ids + `,"rows":[` + row("1.5") + `]}`},
		{"rows null", `{` + ids + `,"rows":null}`},
		{"rows missing", `{` + ids + `}`},
		{"an unknown key", `{` + ids + `,"rows":[],"extra":1}`},
		{"other states", `{"group_ids":["a"],"states":["S"],"rows":[]}`},
		{"trailing text", `{` + ids + `,"rows":[]} x`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			restore := func(threshold int64) (string, trackerView) {
				m := spillModel(t, 10, []phases.Factory{perPatch()}, model.WithTrackerSpill(t.TempDir(), threshold))
				require.NoError(t, m.Initialize())
				tr := model.InstancesOf[*metrics.StateTracker](m)[0]
				if err := tr.RestoreState(m, []byte(tc.state)); err != nil {
					return err.Error(), trackerView{}
				}
				return "", viewOf(t, tr)
			}
			wantErr, want := restore(-1)
			gotErr, got := restore(0)
			assert.Equal(t, wantErr, gotErr)
			assert.Equal(t, want, got)
		})
	}
}
