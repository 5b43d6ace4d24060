package metrics_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// quietParams returns quiet params starting in January 2023.
func quietParams(ticks int) params.BiweeklyParams {
	p := paramstest.QuietParams(ticks, params.DefaultSeed)
	p.StartTime = "2023-01"
	return p
}

func newModel(t testing.TB, scn *scenario.Table, ticks int, fs ...phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, quietParams(ticks), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// TestTrackerLabels is SPEC AT-20: per-patch tracker first, 3 ticks.
func TestTrackerLabels(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"banana", "apple", "cherry"}, []int64{200000, 50000, 80000},
		[]float64{10, 11, 12}, []float64{20, 21, 22}, []float64{0, 0, 0})
	require.NoError(t, err)
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, 3, metrics.NewStateTracker(&per), systems.NewInfectionSeeding(nil), systems.NewInfection(nil))
	require.NoError(t, m.Run(context.Background()))
	tr := model.InstancesOf[*metrics.StateTracker](m)[0]
	assert.Equal(t, []string{"banana", "apple", "cherry"}, tr.GroupIDs())
	s, err := tr.Counts("S")
	require.NoError(t, err)
	assert.Equal(t, []int64{199999, 50000, 80000}, s[0], "tick 0 records the start-of-tick state (after seeding)")

	rows := tr.Tidy()
	require.Len(t, rows, 3*3*3)
	assert.Equal(t, metrics.Row{Tick: 0, Date: "2023-01-01", PatchID: "banana", State: "S", Count: 199999}, rows[0])
	assert.Equal(t, "apple", rows[1].PatchID)
	assert.Equal(t, "cherry", rows[2].PatchID)
	assert.Equal(t, "I", rows[3].State)
	assert.Equal(t, "2023-01-15", rows[9].Date)

	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, tr))
	records, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, records[0])
	assert.Equal(t, []string{"0", "2023-01-01", "banana", "S", "199999"}, records[1])
	assert.Len(t, records, 28)

	buf.Reset()
	require.NoError(t, metrics.WriteTidyCSV(&buf, tr, tr))
	records, err = csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"tracker", "tick", "date", "patch_id", "state", "count"}, records[0])
	assert.Equal(t, "StateTracker", records[1][0])
}

func TestStateTrackerLevels(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"a:x", "a:y", "b:z"}, []int64{10, 20, 30},
		[]float64{1, 2, 3}, []float64{1, 2, 3}, []float64{0, 0, 0})
	require.NoError(t, err)
	level0 := metrics.StateTrackerParams{AggregationLevel: 0}
	m := newModel(t, scn, 2, metrics.NewStateTracker(&level0), metrics.NewStateTracker(nil))
	require.NoError(t, m.Run(context.Background()))
	trs := model.InstancesOf[*metrics.StateTracker](m)
	assert.Equal(t, []string{"a", "b"}, trs[0].GroupIDs())
	s, err := trs[0].Counts("S")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{30, 30}, {30, 30}}, s)
	assert.Equal(t, []string{"all_patches"}, trs[1].GroupIDs())
	assert.Equal(t, []int64{60, 60}, trs[1].Series("S"))
	_, err = trs[1].Counts("E")
	require.ErrorContains(t, err, `unknown state "E"`)

	bad := metrics.StateTrackerParams{AggregationLevel: -3}
	require.ErrorContains(t, m.SetComponents(metrics.NewStateTracker(&bad)), "aggregation_level must be >= -2")
	_, err = metrics.DecodeStateTrackerParams([]byte(`{"aggregation_lvl": 1}`))
	require.ErrorContains(t, err, "aggregation_lvl")
}

func TestSummarize(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, 52, systems.NewImportationPressure(nil), systems.NewInfection(nil),
		metrics.NewStateTracker(nil), metrics.NewStateTracker(&per))
	require.NoError(t, m.Run(context.Background()))
	trs := model.InstancesOf[*metrics.StateTracker](m)

	global := metrics.Summarize(trs[0])
	assert.Equal(t, "BiweeklyModel", global.ModelType)
	assert.Equal(t, []string{"all_patches"}, global.GroupIDs)
	assert.Nil(t, global.Summary.AttackRatePerGroup, "per-group entries are null for a global tracker")
	require.NotNil(t, global.Summary.PeakTick)
	assert.GreaterOrEqual(t, *global.Summary.PeakTick, 0)
	assert.Less(t, *global.Summary.PeakTick, 52)
	require.NotNil(t, global.Summary.AttackRateGlobal)
	assert.GreaterOrEqual(t, *global.Summary.AttackRateGlobal, 0.0)
	assert.LessOrEqual(t, *global.Summary.AttackRateGlobal, 1.0)

	patch := metrics.Summarize(trs[1])
	assert.Equal(t, 2, patch.NumGroups)
	for state, total := range patch.Summary.FinalStateGlobal {
		var sum int64
		for _, v := range patch.Summary.FinalStatePerGroup[state] {
			sum += v
		}
		assert.Equal(t, total, sum, "final_state_global = Σ per group (%s)", state)
		assert.Equal(t, global.Summary.FinalStateGlobal[state], total)
	}
	for _, ar := range patch.Summary.AttackRatePerGroup {
		assert.GreaterOrEqual(t, ar, 0.0)
		assert.LessOrEqual(t, ar, 1.0)
	}
}
