package metrics_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

func TestStateTrackerStopsTotalsPast2To53(t *testing.T) {
	// Issue 26, item 7: two patches of nearly 2^52 people (a valid
	// scenario) grow by births; each patch stays below 2^53, but the totals
	// the tracker and summary.json report would pass it. The run stops at
	// the first tick whose total does, as it does for one patch. Each patch
	// starts 6·10^12 below 2^52: the first tick's births (about 1.02·10^13
	// for both at 30 per 1000 per year) keep the total under 2^53, so
	// VitalDynamics' start-up check (issue 37: a total that passes 2^53 on
	// the first tick is refused before the run) lets the run start, and the
	// second tick's pass it.
	const half = int64(1)<<52 - 6_000_000_000_000
	scn, err := scenario.FromColumns([]string{"a", "b"}, []int64{half, half}, []float64{0, 1}, []float64{0, 1}, []float64{0, 0})
	require.NoError(t, err)
	// 30 births per 1000 per year: about 5·10^12 births per patch per tick,
	// far below the sampler limit (2^52) and the per-patch bound.
	vital := systems.DefaultVitalDynamicsParams()
	vital.CrudeBirthRate, vital.CrudeDeathRate = 30, 0
	for _, level := range []int{metrics.AllPatches, metrics.PerPatch} {
		m := newModel(t, scn, 3, systems.NewVitalDynamics(&vital), metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: level}))
		err = m.Run(context.Background())
		var te *metrics.TotalError
		require.ErrorAs(t, err, &te, "level %d", level)
		require.Len(t, te.Totals, 3)
		assert.Greater(t, te.Totals[0]+te.Totals[1]+te.Totals[2], int64(scenario.MaxPop))
		assert.Contains(t, err.Error(), "add up past 9007199254740992 (2^53)")
	}
}

func TestTotalErrorMessage(t *testing.T) {
	e := &metrics.TotalError{States: []string{"S", "I", "R"}, Totals: []int64{9007199254740990, 2, 1}}
	assert.Equal(t, "the counts of the tracked patches add up past 9007199254740992 (2^53): S = 9007199254740990, I = 2, R = 1, together 9007199254740993; "+
		"totals beyond 2^53 are not exact in float64, so the run stops (SPEC §3.2: the total over patches stays <= 2^53)", e.Error())
	e.Totals = nil
	assert.Equal(t, "the counts of the tracked patches add up past 9007199254740992 (2^53); "+
		"totals beyond 2^53 are not exact in float64, so the run stops (SPEC §3.2: the total over patches stays <= 2^53)", e.Error())
}
