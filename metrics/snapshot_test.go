package metrics_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// regions returns 8 patches north:d0…south:d3 of pop 20 000.
func regions(t *testing.T) *scenario.Table {
	t.Helper()
	var ids []string
	for _, region := range []string{"north", "south"} {
		for d := range 4 {
			ids = append(ids, fmt.Sprintf("%s:d%d", region, d))
		}
	}
	n := len(ids)
	pops, lat, lon, mcv1 := make([]int64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range n {
		pops[k], lat[k], lon[k], mcv1[k] = 20000, 40, 4+0.1*float64(k), 0.3
	}
	scn, err := scenario.FromColumns(ids, pops, lat, lon, mcv1)
	require.NoError(t, err)
	return scn
}

// snapshotComponents is an epidemic with every tracker, at several
// groupings.
func snapshotComponents() []phases.Factory {
	level0 := metrics.StateTrackerParams{AggregationLevel: 0}
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	north := metrics.FadeOutTrackerParams{Filter: func(id string) bool { return id[0] == 'n' }}
	return []phases.Factory{systems.NewImportationPressure(nil), systems.NewInfection(nil), systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(nil), metrics.NewStateTracker(&level0), metrics.NewStateTracker(&per),
		metrics.NewPopulationTracker(nil), metrics.NewFadeOutTracker(nil), metrics.NewFadeOutTracker(&north),
		surveillance(0.5, 0), surveillance(1, metrics.PerPatch)}
}

// trackerStates returns SnapshotState of every tracker of m, in order.
func trackerStates(t *testing.T, m *model.Model) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	for _, c := range m.Instances() {
		if _, ok := c.(metrics.Tracker); !ok {
			continue
		}
		s, ok := c.(phases.Snapshotter)
		require.True(t, ok, "%s implements phases.Snapshotter", c.Name())
		state, err := s.SnapshotState()
		require.NoError(t, err)
		out = append(out, state)
	}
	return out
}

// restoreTrackers calls RestoreState on every tracker of m with states.
func restoreTrackers(m *model.Model, states []json.RawMessage) error {
	k := 0
	for _, c := range m.Instances() {
		if _, ok := c.(metrics.Tracker); !ok {
			continue
		}
		if err := c.(phases.Snapshotter).RestoreState(m, states[k]); err != nil {
			return err
		}
		k++
	}
	return nil
}

// snapshotModel builds a quiet model over scn with ticks and components.
func snapshotModel(t *testing.T, scn *scenario.Table, ticks int, fs []phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, quietParams(ticks), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// TestTrackerSnapshotRoundTrip: SnapshotState → RestoreState into a fresh
// model restores every tracker as at the save (same state, tidy rows and
// recorded count) with storage for the new model's num_ticks: the same (20),
// grown (30) or shrunk (15, still ≥ the 12 recorded ticks).
func TestTrackerSnapshotRoundTrip(t *testing.T) {
	const ticks, saved = 20, 12
	a := snapshotModel(t, regions(t), ticks, snapshotComponents())
	require.NoError(t, a.RunTicks(context.Background(), saved))
	states := trackerStates(t, a)
	trackersOf := func(m *model.Model) []metrics.Tracker { return model.InstancesOf[metrics.Tracker](m) }

	for _, n := range []int{ticks, 30, 15} {
		b := snapshotModel(t, regions(t), n, snapshotComponents())
		require.NoError(t, restoreTrackers(b, states), "num_ticks %d", n)
		assert.Equal(t, states, trackerStates(t, b), "num_ticks %d: state round trip", n)
		for k, tr := range trackersOf(b) {
			assert.Equal(t, metrics.Tidy(trackersOf(a)[k]), metrics.Tidy(tr), "num_ticks %d: %s tidy rows", n, tr.Name())
		}

		st := model.InstancesOf[*metrics.StateTracker](b)[2]
		assert.Equal(t, n, st.NumTicks())
		assert.Equal(t, saved, st.Recorded())
		want, err := model.InstancesOf[*metrics.StateTracker](a)[2].Counts("I")
		require.NoError(t, err)
		got, err := st.Counts("I")
		require.NoError(t, err)
		require.Len(t, got, n)
		assert.Equal(t, want[:saved], got[:saved])
		for tick := saved; tick < n; tick++ {
			assert.Equal(t, make([]int64, 8), got[tick], "tick %d not recorded yet", tick)
		}
		pop := model.InstancesOf[*metrics.PopulationTracker](b)[0].Counts()
		require.Len(t, pop, 8)
		assert.Len(t, pop[0], n)
		assert.Len(t, model.InstancesOf[*metrics.FadeOutTracker](b)[0].Counts(), n)
		cases := model.InstancesOf[*metrics.CaseSurveillanceTracker](b)[0].Counts()
		require.Len(t, cases, 2)
		assert.Len(t, cases[0], n)
	}
}

// TestTrackerSnapshotResume: a run saved at tick 12 of 20 with
// SaveSnapshot, loaded with 30 ticks and run to the end, gives every
// tracker array and the results file (but for metadata.generator, equal
// here) bit-identical to an uninterrupted 30-tick run (SPEC §9, trackers
// grow).
func TestTrackerSnapshotResume(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	withWriter := func(path string) []phases.Factory {
		return append(snapshotComponents(), metrics.NewResultsWriter(&metrics.ResultsWriterParams{Path: path}))
	}
	full := snapshotModel(t, regions(t), 30, withWriter("full.json"))
	require.NoError(t, full.Run(context.Background()))

	part := snapshotModel(t, regions(t), 20, withWriter("resumed.json"))
	require.NoError(t, part.RunTicks(context.Background(), 12))
	path := filepath.Join(dir, "tick-12.snap")
	require.NoError(t, part.SaveSnapshot(path))
	resumed, err := model.LoadSnapshot(path, withWriter("resumed.json"), model.WithNumTicks(30),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))

	assert.Equal(t, trackerStates(t, full), trackerStates(t, resumed))
	want, err := os.ReadFile("full.json")
	require.NoError(t, err)
	got, err := os.ReadFile("resumed.json")
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got))
}

// TestTrackerSnapshotErrors: states that do not fit the rebuilt model are
// errors naming the tracker.
func TestTrackerSnapshotErrors(t *testing.T) {
	a := snapshotModel(t, regions(t), 10, snapshotComponents())
	require.NoError(t, a.RunTicks(context.Background(), 6))
	states := trackerStates(t, a)
	trackerAt := func(m *model.Model, k int) phases.Snapshotter {
		return model.InstancesOf[metrics.Tracker](m)[k].(phases.Snapshotter)
	}
	// Tracker order in snapshotComponents: 0–2 StateTracker (−1, 0, −2),
	// 3 PopulationTracker, 4–5 FadeOutTracker (all, north), 6–7
	// CaseSurveillanceTracker (level 0, per patch).
	fresh := func() *model.Model { return snapshotModel(t, regions(t), 10, snapshotComponents()) }

	t.Run("too few ticks", func(t *testing.T) {
		b := snapshotModel(t, regions(t), 5, snapshotComponents())
		for k, name := range []string{"StateTracker", "PopulationTracker", "FadeOutTracker", "CaseSurveillanceTracker"} {
			err := trackerAt(b, []int{0, 3, 4, 6}[k]).RestoreState(b, states[[]int{0, 3, 4, 6}[k]])
			require.EqualError(t, err, name+": snapshot holds 6 recorded ticks, more than num_ticks 5")
		}
	})
	t.Run("other groups", func(t *testing.T) {
		// Per-patch trackers restored from the level-0 trackers' states.
		b := fresh()
		require.EqualError(t, trackerAt(b, 2).RestoreState(b, states[1]), "StateTracker: snapshot has 2 group_ids, the model has 8")
		require.EqualError(t, trackerAt(b, 7).RestoreState(b, states[6]), "CaseSurveillanceTracker: snapshot has 2 group_ids, the model has 8")
		require.EqualError(t, trackerAt(b, 4).RestoreState(b, states[5]), "FadeOutTracker: snapshot covers 4 patches, the model has 8")
	})
	t.Run("other scenario", func(t *testing.T) {
		scn, err := scenario.FromColumns([]string{"north:a", "north:b"}, []int64{1000, 1000},
			[]float64{40, 40}, []float64{4, 5}, []float64{0, 0})
		require.NoError(t, err)
		b := snapshotModel(t, scn, 10, snapshotComponents())
		require.EqualError(t, trackerAt(b, 1).RestoreState(b, states[1]), `StateTracker: snapshot has 2 group_ids, the model has 1`)
		require.EqualError(t, trackerAt(b, 2).RestoreState(b, states[2]), "StateTracker: snapshot has 8 group_ids, the model has 2")
		require.EqualError(t, trackerAt(b, 3).RestoreState(b, states[3]), "PopulationTracker: snapshot covers 8 patches, the model has 2")
		renamed := regions(t)
		renamed.ID[3] = "north:x"
		b = snapshotModel(t, renamed, 10, snapshotComponents())
		require.EqualError(t, trackerAt(b, 7).RestoreState(b, states[7]),
			`CaseSurveillanceTracker: snapshot group_ids[3] is "north:d3", the model has "north:x"`)
	})
	t.Run("bad content", func(t *testing.T) {
		b := fresh()
		cases := []struct {
			k     int
			state string
			want  string
		}{
			{0, `[1, 2]`, "StateTracker: snapshot state: json: cannot unmarshal array"},
			{0, `{"group_ids":["all_patches"],"states":["S","I","R"]}`, `StateTracker: snapshot state: missing "rows"`},
			{0, `{"group_ids":["all_patches"],"states":["S","I","R"],"rows":[],"extra":1}`, `StateTracker: snapshot state: json: unknown field "extra"`},
			{0, `{"group_ids":["all_patches"],"states":["S","I"],"rows":[]}`, "StateTracker: snapshot has 2 states, the model has 3"},
			{0, `{"group_ids":["all_patches"],"states":["S","I","R"],"rows":[[1,2]]}`, "StateTracker: snapshot row for tick 0 has 2 values, want 3"},
			{0, `{"group_ids":["all_patches"],"states":["S","I","R"],"rows":[]} {}`, "StateTracker: snapshot state: unexpected data after the object"},
			{3, `{"rows":[]}`, `PopulationTracker: snapshot state: missing "patches"`},
			{5, `{"patches":4,"rows":[[1],[2,3]]}`, "FadeOutTracker: snapshot row for tick 1 has 2 values, want 1"},
			{6, `{"group_ids":["north","south"],"rows":[[1,"x"]]}`, "CaseSurveillanceTracker: snapshot state: json: cannot unmarshal string"},
		}
		for _, tc := range cases {
			err := trackerAt(b, tc.k).RestoreState(b, json.RawMessage(tc.state))
			require.ErrorContains(t, err, tc.want, tc.state)
		}
	})
	t.Run("empty", func(t *testing.T) {
		// A snapshot taken right after initialisation holds no rows.
		m := fresh()
		require.NoError(t, m.Initialize())
		empty := trackerStates(t, m)
		assert.JSONEq(t, `{"group_ids":["all_patches"],"states":["S","I","R"],"rows":[]}`, string(empty[0]))
		assert.JSONEq(t, `{"patches":8,"rows":[]}`, string(empty[3]))
		b := fresh()
		require.NoError(t, restoreTrackers(b, empty))
		assert.Equal(t, empty, trackerStates(t, b))
	})
}

// Snapshot states stay small and readable: one row per recorded tick.
func TestTrackerSnapshotLayout(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	p := quietParams(3)
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	require.NoError(t, m.SetComponents(metrics.NewStateTracker(&per), metrics.NewPopulationTracker(nil),
		metrics.NewFadeOutTracker(nil), surveillance(1, metrics.PerPatch)))
	require.NoError(t, m.Infect([]int{1}, []int64{5}))
	require.NoError(t, m.RunTicks(context.Background(), 2))
	states := trackerStates(t, m)
	// Row layout: StateTracker state-major then group; the others one value
	// per patch or group, FadeOut one value.
	assert.JSONEq(t, `{"group_ids":["patch_1","patch_2"],"states":["S","I","R"],"rows":[[100000,49995,0,5,0,0],[100000,49995,0,5,0,0]]}`, string(states[0]))
	assert.JSONEq(t, `{"patches":2,"rows":[[100000,50000],[100000,50000]]}`, string(states[1]))
	assert.JSONEq(t, `{"patches":2,"rows":[[1],[1]]}`, string(states[2]))
	assert.JSONEq(t, `{"group_ids":["patch_1","patch_2"],"rows":[[0,5],[0,5]]}`, string(states[3]))
}
