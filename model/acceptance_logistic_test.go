package model_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// convertToSI is AT-6's test phase: it turns the SIR model into SI by moving
// every recovered individual back to I (I += R; R = 0) through the column
// views.
var convertToSI = phases.Func("ConvertToSI", func(m phases.Model, _ int) error {
	i, r := m.World().I(), m.World().R()
	for j := range i {
		i[j] += r[j]
		r[j] = 0
	}
	return nil
})

// halfTime returns the time in days at which the series first reaches half,
// linearly interpolated between ticks (tick t is day 14·t); NaN if never.
func halfTime(series []int64, half float64) float64 {
	for t, v := range series {
		if float64(v) < half {
			continue
		}
		if t == 0 {
			return 0
		}
		lo, hi := float64(series[t-1]), float64(v)
		return 14 * (float64(t-1) + (half-lo)/(hi-lo))
	}
	return math.NaN()
}

// Constants of SPEC AT-6.
const (
	// siPop is the patch population.
	siPop = 1_000_000
	// siTheory is the continuous-time logistic half time ln(N−1)/β with β =
	// 2/14 per day: 7·ln(999 999) = 96.7086 days.
	siTheory = 96.7086
	// siMeanFieldError is the mean-field biweekly model's signed relative
	// error (172.55 − 96.7086)/96.7086 = 0.784 (SPEC AT-6; recomputed below).
	siMeanFieldError = 0.784
	// siSD is the spread of one run's t½ in days (SPEC AT-6: sd ≈ 9.4).
	siSD = 9.4
)

// TestSILogistic is SPEC AT-6: one patch of 10⁶, β = 2/14, one seed,
// components [StateTracker, InfectionSeeding, Infection, ConvertToSI], 52
// ticks, 5 reps (seeds 1…5). t½ is where the tracker's I (start-of-tick,
// cumulative under SI) crosses N/2, interpolated on 14·t days.
func TestSILogistic(t *testing.T) {
	const reps = 5
	inf := systems.DefaultInfectionParams()
	inf.Beta = 2.0 / 14.0
	assert.InDelta(t, siTheory, math.Log(siPop-1)/inf.Beta, 1e-4, "theory t½ = ln(N−1)/β")

	// The mean-field biweekly recurrence (expected values of §5.1 with the
	// ConvertToSI phase): I ← I + S·(1 − e^(−β_tick·I/N)), I[0] = 1.
	mean := []int64{1}
	for i := 1.0; len(mean) < 52; {
		i += (siPop - i) * -math.Expm1(-inf.BetaPerTick(params.StepDays)*i/siPop)
		mean = append(mean, int64(math.Round(i)))
	}
	meanField := halfTime(mean, siPop/2)
	assert.InDelta(t, 172.55, meanField, 0.01, "SPEC AT-6 mean-field t½")
	assert.InDelta(t, siMeanFieldError, (meanField-siTheory)/siTheory, 5e-4)

	scn := atMust(scenario.SinglePatch(siPop, 0))
	var sumT, sumErr float64
	for seed := uint64(1); seed <= reps; seed++ {
		m := atRun(t, scn, atParams(52, seed), []phases.Factory{
			metrics.NewStateTracker(nil), systems.NewInfectionSeeding(nil), systems.NewInfection(&inf), convertToSI,
		})
		series := model.InstancesOf[*metrics.StateTracker](m)[0].Series("I")
		require.Equal(t, int64(1), series[0], "seed %d: one seeded case at the start of tick 0", seed)
		th := halfTime(series, siPop/2)
		require.False(t, math.IsNaN(th), "seed %d: I never reached N/2 in 52 ticks", seed)
		sumT += th
		sumErr += (th - siTheory) / siTheory
		assert.Equal(t, model.Counts{S: siPop - series[51], I: series[51]}, m.Patches().Get(0),
			"seed %d: SI keeps R = 0 and conserves N", seed)
	}
	meanT, meanErr := sumT/reps, sumErr/reps
	t.Logf("mean-field t½ %.3f days; mean t½ %.2f days, mean relative error %.4f", meanField, meanT, meanErr)

	// Reference bound: mean signed relative error < 1.0.
	assert.Less(t, meanErr, 1.0, "reference bound")
	// rubeola's stricter bound: mean t½ in [155, 200] days.
	assert.GreaterOrEqual(t, meanT, 155.0)
	assert.LessOrEqual(t, meanT, 200.0)
	// "Close to the expected ≈ 0.78": within 5 SE of the mean field's 0.784,
	// with SE = sd/√reps/theory = 9.4/√5/96.7086 = 0.0435 (tolerance 0.217).
	// SPEC's stochastic mean (≈ 175.4 days, error 0.814) is 0.03 above it;
	// seeds 1…5 give 171.7 days (error 0.775).
	se := siSD / math.Sqrt(reps) / siTheory
	assert.InDelta(t, siMeanFieldError, meanErr, 5*se, "mean t½ %.2f days", meanT)
}
