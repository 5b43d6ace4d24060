package model

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestCohortMovesCrudeBirths: with crude births, a school-entry cohort moves
// births within the year and adds none. One patch of N0 = 10⁸, CBR 20, no
// deaths, 26 ticks (364 days, one cohort day, 1 September):
//
//   - without a cohort the per-tick rate (1.02)^(14/365) − 1 compounds:
//     births = N0·((1.02)^(364/365) − 1) = 1 994 516;
//   - with share 1 nobody is born before the cohort day, which brings the
//     year's CBR/1000 · N0 = 2 000 000 at once.
//
// The counts are Poisson sums (SD ≈ √(2·10⁶) ≈ 1 414), so 5 SD is 7 100; a
// cohort of the summed per-tick rates instead (26.07·0.00075984·N0 =
// 1 981 000) would miss by 13 SD.
func TestCohortMovesCrudeBirths(t *testing.T) {
	const n0 = 100_000_000
	scn, err := scenario.SinglePatch(n0, 0)
	require.NoError(t, err)
	births := func(cohort *systems.Cohort, seed uint64) int64 {
		vd := systems.DefaultVitalDynamicsParams()
		vd.CrudeDeathRate, vd.Cohort = 0, cohort
		m := newModel(t, scn, quietParams(26, seed), systems.NewVitalDynamics(&vd), metrics.NewPopulationTracker(nil))
		require.NoError(t, m.Run(context.Background()))
		return InstancesOf[*metrics.PopulationTracker](m)[0].Counts()[0][25] - n0
	}
	sd5 := 5 * math.Sqrt(2e6)
	assert.InDelta(t, n0*(math.Pow(1.02, 364.0/365)-1), float64(births(nil, 1)), sd5, "no cohort")
	assert.InDelta(t, 0.02*n0, float64(births(&systems.Cohort{Share: 1, Day: "09-01"}, 2)), sd5, "all births on the cohort day")
}
