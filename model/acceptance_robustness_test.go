package model_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestRobustness is SPEC AT-25: a pop-0 and a pop-1 patch beside normal
// ones, the full component set, crude_death_rate 1000 (μ_d = 0.026943 per
// tick, §5.4), 520 ticks → no error, no negative count at any tick, no
// infection ever in the empty patch (λ = 0 where N = 0), and the
// population accounts add up: every tick N(t) = N(t−1) + births − deaths,
// with the clamped deaths counted, as rare as
// Poisson deaths make them.
func TestRobustness(t *testing.T) {
	scn := atMust(scenario.FromColumns(
		[]string{"empty", "single", "town", "city"},
		[]int64{0, 1, 20000, 200000},
		[]float64{40, 40.1, 40.2, 40.3}, []float64{4, 4.1, 4.2, 4.3}, []float64{0, 0.5, 0.7, 0.9}))
	vd := systems.DefaultVitalDynamicsParams()
	vd.CrudeDeathRate = 1000
	assert.InDelta(t, 0.026943, vd.DeathRate(params.StepDays), 5e-7, "§5.4 per-tick rate for CDR 1000")
	sia := systems.DefaultSIACalendarParams()
	sia.AggregationLevel = metrics.PerPatch
	sia.Schedule = []systems.Campaign{
		{Group: "empty", Date: time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Group: "single", Date: time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	inf := systems.DefaultInfectionParams()
	inf.Seasonality = 0.3

	var traj atTrajectory
	var births, deaths []int64 // per tick, summed over patches
	var vdInstance *systems.VitalDynamics
	account := phases.Func("VitalAccounts", func(m phases.Model, _ int) error {
		if vdInstance == nil {
			vdInstance = m.GetInstance(systems.VitalDynamicsName)[0].(*systems.VitalDynamics)
		}
		births = append(births, atSum(vdInstance.Births()))
		deaths = append(deaths, atSum(vdInstance.Deaths()))
		return nil
	})
	m := atRun(t, scn, atParams(520, 3), []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewInfectionSeeding(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&inf),
		systems.NewVitalDynamics(&vd),
		account,
		systems.NewSIACalendar(&sia),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
		metrics.NewPopulationTracker(nil),
		metrics.NewCaseSurveillanceTracker(nil),
		metrics.NewFadeOutTracker(nil),
		traj.record(),
	})
	require.Len(t, traj.S, 520)
	prev := scn.TotalPop()
	for tick := range traj.S {
		var total int64
		for j := range scn.Len() {
			s, i, r := traj.S[tick][j], traj.I[tick][j], traj.R[tick][j]
			require.True(t, s >= 0 && i >= 0 && r >= 0, "tick %d patch %d: S=%d I=%d R=%d", tick, j, s, i, r)
			total += s + i + r
		}
		assert.Zero(t, traj.S[tick][0]+traj.I[tick][0]+traj.R[tick][0], "the empty patch stays empty (no births from 0)")
		require.Equal(t, prev+births[tick]-deaths[tick], total, "tick %d: N(t) = N(t−1) + births − deaths", tick)
		prev = total
	}
	vdi := model.InstancesOf[*systems.VitalDynamics](m)[0]
	// Deaths are Poisson(μc) per compartment of c people, clamped to c: a
	// compartment clamps with probability P(Poisson(μc) > c), largest at
	// c = 1 (1 − e^−μ(1 + μ) ≈ μ²/2 = 3.6·10⁻⁴ at μ = 0.026943; 2.6·10⁻⁵ at
	// c = 2; 0 at c = 0), and the excess is then almost always 1. Over 4
	// patches × 3 compartments × 520 ticks = 6 240 draws that is at most 2.3
	// clamped deaths expected, and more than 12 has probability below 10⁻⁵
	// (Poisson tail): a count above that means deaths were clamped to the
	// wrong compartment or counted more than once.
	assert.LessOrEqual(t, vdi.ClampedDeaths(), int64(12), "clamped deaths")
	assert.Equal(t, []string{"empty_2001-01-01", "single_2001-01-01"}, model.InstancesOf[*systems.SIACalendar](m)[0].Implemented())
}
