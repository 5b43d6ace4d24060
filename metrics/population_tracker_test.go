package metrics_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestPopulationTracker: N = S+I+R per patch and tick, shape (N, T), equal
// to a per-patch StateTracker at the same position (SPEC §8.3).
func TestPopulationTracker(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	const ticks = 20
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, ticks, metrics.NewPopulationTracker(nil), systems.NewImportationPressure(nil),
		systems.NewInfection(nil), systems.NewVitalDynamics(nil),
		metrics.NewPopulationTracker(nil), metrics.NewStateTracker(&per))
	require.NoError(t, m.Run(context.Background()))
	pts := model.InstancesOf[*metrics.PopulationTracker](m)
	st := model.InstancesOf[*metrics.StateTracker](m)[0]

	first := pts[0].Counts()
	require.Len(t, first, 2)
	require.Len(t, first[0], ticks)
	assert.Equal(t, int64(100000), first[0][0], "first in the list: tick 0 is the TwoPatch pop")
	assert.Equal(t, int64(50000), first[1][0])

	counts := pts[1].Counts()
	require.Len(t, counts, 2)
	var sir [3][][]int64
	for k, state := range []string{"S", "I", "R"} {
		sir[k], err = st.Counts(state)
		require.NoError(t, err)
	}
	for j := range 2 {
		require.Len(t, counts[j], ticks)
		for tick := range ticks {
			assert.Equal(t, sir[0][tick][j]+sir[1][tick][j]+sir[2][tick][j], counts[j][tick], "patch %d tick %d", j, tick)
		}
	}
	assert.NotEqual(t, counts[0][0], counts[0][ticks-1], "vital dynamics change the population")
	assert.Equal(t, []string{"patch_1", "patch_2"}, pts[1].PatchIDs())
	assert.Equal(t, ticks, pts[1].Recorded())
	assert.Equal(t, ticks, pts[1].NumTicks())

	rows := pts[1].Tidy()
	require.Len(t, rows, ticks*2)
	assert.Equal(t, metrics.Row{Tick: 0, Date: "2023-01-01", PatchID: "patch_1", State: "N", Count: counts[0][0]}, rows[0])
	assert.Equal(t, metrics.Row{Tick: 0, Date: "2023-01-01", PatchID: "patch_2", State: "N", Count: counts[1][0]}, rows[1])
	assert.Equal(t, metrics.Row{Tick: 1, Date: "2023-01-15", PatchID: "patch_1", State: "N", Count: counts[0][1]}, rows[2])
}

func TestPopulationTrackerParams(t *testing.T) {
	p, err := metrics.DecodePopulationTrackerParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, metrics.DefaultPopulationTrackerParams(), p)
	_, err = metrics.DecodePopulationTrackerParams([]byte(`{"aggregation_level": -2}`))
	require.ErrorContains(t, err, `PopulationTracker: unknown key "aggregation_level"`, "the tracker has no params")
	assert.Equal(t, "PopulationTracker", metrics.PopulationTrackerName)
}
