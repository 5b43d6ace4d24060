package metrics_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// scripted runs a two-patch model (A, B; 100 people each) whose I is
// set every tick from infectious[tick] = {I_A, I_B} (S = 100 − cumulative
// infections, R = cumulative − I), recorded by a per-patch StateTracker and
// a FadeOutTracker.
func scripted(t *testing.T, infectious [][2]int64) (*metrics.StateTracker, *metrics.FadeOutTracker) {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"A", "B"}, []int64{100, 100}, []float64{1, 2}, []float64{1, 2}, []float64{0, 0})
	require.NoError(t, err)
	var cum [2]int64
	script := phases.Func("Script", func(m phases.Model, tick int) error {
		w := m.World()
		S, _ := w.State("S")
		I, _ := w.State("I")
		R, _ := w.State("R")
		for j := range 2 {
			cum[j] += infectious[tick][j]
			S[j], I[j], R[j] = 100-cum[j], infectious[tick][j], cum[j]-infectious[tick][j]
		}
		return nil
	})
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, len(infectious), script, metrics.NewStateTracker(&per), metrics.NewFadeOutTracker(nil))
	require.NoError(t, m.Run(context.Background()))
	return model.InstancesOf[*metrics.StateTracker](m)[0], model.InstancesOf[*metrics.FadeOutTracker](m)[0]
}

// TestSummarizeEnsemble: three scripted replicates, every value computed by
// hand (quantiles: n = 3, h = 2p → 0.1, 0.5, 1, 1.5, 1.9).
func TestSummarizeEnsemble(t *testing.T) {
	scripts := [][][2]int64{
		{{5, 0}, {0, 0}, {3, 0}, {0, 0}}, // global I 5,0,3,0: extinct at tick 1; A fades out at ticks 1 and 3
		{{0, 1}, {2, 1}, {4, 0}, {1, 2}}, // global I 1,3,4,3: never extinct; B fades out at tick 2
		{{0, 0}, {0, 0}, {0, 0}, {0, 0}}, // never infected: no extinction, no fade-out
	}
	var states []*metrics.StateTracker
	var fades []*metrics.FadeOutTracker
	for _, s := range scripts {
		st, f := scripted(t, s)
		states, fades = append(states, st), append(fades, f)
	}
	sum, err := metrics.SummarizeEnsemble(states, fades, []uint64{7, 8, 9})
	require.NoError(t, err)
	assert.Equal(t, 3, sum.Replicates)
	assert.Equal(t, []uint64{7, 8, 9}, sum.Seeds)
	assert.Equal(t, 4, sum.NumTicks)
	assert.Equal(t, []string{"A", "B"}, sum.GroupIDs)
	assert.Equal(t, metrics.PerPatch, sum.GroupAggregationLevel)
	assert.Equal(t, 1, sum.ExtinctReplicates)

	ptr := func(v int) *int { return &v }
	p64 := func(v int64) *int64 { return &v }
	r0 := sum.PerReplicate[0]
	assert.Equal(t, metrics.ReplicateOutcome{Replicate: 0, Seed: 7, PeakTick: ptr(0), PeakInfectious: p64(5),
		AttackRate: r0.AttackRate, Infections: p64(8), FinalState: map[string]int64{"S": 192, "I": 0, "R": 8},
		ExtinctionTick: ptr(1), FadeOutEvents: 2, FadedPatchesFinal: p64(2)}, r0)
	// The tracker records S after the script: tick 0 A 95, B 100; tick 3 A 92, B 100. The
	// tolerance is float64 rounding of one division.
	assert.InDelta(t, 3.0/195, *r0.AttackRate, 1e-15, "(195 − 192) / 195")
	r1 := sum.PerReplicate[1]
	assert.Equal(t, 2, *r1.PeakTick)
	assert.Equal(t, int64(4), *r1.PeakInfectious)
	assert.Equal(t, p64(11), r1.Infections)
	assert.Nil(t, r1.ExtinctionTick)
	assert.Equal(t, int64(1), r1.FadeOutEvents)
	assert.Equal(t, int64(0), *r1.FadedPatchesFinal)
	r2 := sum.PerReplicate[2]
	assert.Nil(t, r2.ExtinctionTick, "never positive: not an extinction")
	assert.Equal(t, int64(0), r2.FadeOutEvents)

	type d = metrics.Distribution
	near := func(want d, got *d, what string) {
		t.Helper()
		require.NotNil(t, got, what)
		w := []float64{want.Mean, want.Q05, want.Q25, want.Q50, want.Q75, want.Q95, want.Min, want.Max}
		g := []float64{got.Mean, got.Q05, got.Q25, got.Q50, got.Q75, got.Q95, got.Min, got.Max}
		assert.Equal(t, want.N, got.N, what)
		assert.InDeltaSlice(t, w, g, quantileTol, what)
	}
	st := sum.Stats
	near(d{N: 3, Mean: 2.0 / 3, Q05: 0, Q25: 0, Q50: 0, Q75: 1, Q95: 1.8, Min: 0, Max: 2}, st.PeakTick, "peak tick 0, 2, 0")
	near(d{N: 3, Mean: 3, Q05: 0.4, Q25: 2, Q50: 4, Q75: 4.5, Q95: 4.9, Min: 0, Max: 5}, st.PeakInfectious, "peak 5, 4, 0")
	near(d{N: 3, Mean: 19.0 / 3, Q05: 0.8, Q25: 4, Q50: 8, Q75: 9.5, Q95: 10.7, Min: 0, Max: 11}, st.Infections, "infections 8, 11, 0")
	near(d{N: 1, Mean: 1, Q05: 1, Q25: 1, Q50: 1, Q75: 1, Q95: 1, Min: 1, Max: 1}, st.ExtinctionTick, "only replicate 0")
	near(d{N: 3, Mean: 1, Q05: 0.1, Q25: 0.5, Q50: 1, Q75: 1.5, Q95: 1.9, Min: 0, Max: 2}, st.FadeOutEvents, "events 2, 1, 0")
	near(d{N: 3, Mean: 4.0 / 3, Q05: 0.2, Q25: 1, Q50: 2, Q75: 2, Q95: 2, Min: 0, Max: 2}, st.FadedPatchesFinal, "faded 2, 0, 2")
	// Final R = cumulative − I: 8 + 0, (7 − 1) + (4 − 2) = 8, 0 → sorted 0, 8, 8.
	near(d{N: 3, Mean: 16.0 / 3, Q05: 0.8, Q25: 4, Q50: 8, Q75: 8, Q95: 8, Min: 0, Max: 8}, st.FinalState["R"], "final R")

	data, err := json.Marshal(sum)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(data, &raw))
	for _, key := range []string{"replicates", "seeds", "num_ticks", "group_ids", "group_aggregation_level",
		"extinct_replicates", "stats", "per_replicate"} {
		assert.Contains(t, raw, key)
	}

	noFades, err := metrics.SummarizeEnsemble(states, nil, []uint64{7, 8, 9})
	require.NoError(t, err)
	assert.Nil(t, noFades.Stats.FadedPatchesFinal, "no FadeOutTracker: null")

	_, err = metrics.SummarizeEnsemble(states, nil, []uint64{7})
	assert.EqualError(t, err, "metrics: ensemble summary of 3 replicates with 1 seeds")
	_, err = metrics.SummarizeEnsemble(nil, nil, nil)
	assert.EqualError(t, err, "metrics: an ensemble summary needs at least one replicate")
	_, err = metrics.SummarizeEnsemble(states, fades[:1], []uint64{7, 8, 9})
	assert.EqualError(t, err, "metrics: ensemble summary of 3 replicates with 1 FadeOutTrackers")
}
