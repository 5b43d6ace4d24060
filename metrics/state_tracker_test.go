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
	want := recountSummary(t, trs[1])
	require.NotNil(t, global.Summary.PeakTick)
	assert.Equal(t, want.peakTick, *global.Summary.PeakTick)
	require.NotNil(t, global.Summary.AttackRateGlobal)
	assert.Equal(t, want.attackGlobal, *global.Summary.AttackRateGlobal)

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
	assert.Equal(t, want.peakTick, *patch.Summary.PeakTick)
	assert.Equal(t, want.attackGlobal, *patch.Summary.AttackRateGlobal)
	assert.Equal(t, want.attackPerGroup, patch.Summary.AttackRatePerGroup)
}

// recounted is a summary's peak tick and attack rates worked out again
// from a per-patch tracker's counts.
type recounted struct {
	peakTick       int
	attackGlobal   float64
	attackPerGroup []float64
}

// recountSummary works out from tr's counts, by SPEC §8.7's definitions,
// what [metrics.Summarize] must report for this (seeded, so deterministic)
// run: the peak tick is the first tick of the largest Σ_g I, each attack
// rate the share of the first tick's S no longer in S at the last tick.
// It also checks that the run had an epidemic that peaked inside the run
// and then waned, so that the exact comparisons are not of zeros or of
// the run's first or last tick: one imported case among 150 000 people
// with R0 well above 1 gives one.
func recountSummary(t *testing.T, tr *metrics.StateTracker) recounted {
	t.Helper()
	sCounts, err := tr.Counts("S")
	require.NoError(t, err)
	iCounts, err := tr.Counts("I")
	require.NoError(t, err)
	var want recounted
	peak := int64(-1)
	for tick, row := range iCounts {
		var sum int64
		for _, v := range row {
			sum += v
		}
		if sum > peak {
			peak, want.peakTick = sum, tick
		}
	}
	last := len(sCounts) - 1
	var lost, first int64
	for g, s0 := range sCounts[0] {
		lost += s0 - sCounts[last][g]
		first += s0
		want.attackPerGroup = append(want.attackPerGroup, float64(s0-sCounts[last][g])/float64(s0))
	}
	want.attackGlobal = float64(lost) / float64(first)
	t.Logf("peak tick %d (Σ I %d), attack rates %.4f %v", want.peakTick, peak, want.attackGlobal, want.attackPerGroup)
	assert.Greater(t, want.peakTick, 0, "the epidemic grows before it peaks")
	assert.Less(t, want.peakTick, last, "the epidemic peaks inside the run")
	assert.Greater(t, want.attackGlobal, 0.1, "an epidemic, not a few cases")
	return want
}
