package model_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
)

// dailyGenerationInterval is the mean generation interval of the daily
// chain, in days from the day a person is exposed to the day they expose
// another. Exposed during day t0 (S → E drawn from the start-of-day
// counts), a person is counted in E at the starts of days t0+1, …, t0+L,
// L ≥ 1 geometric with daily exit probability 1 − e^(−σ), moves to I
// during day t0+L, and is counted in I at the starts of days t0+L+1, …,
// t0+L+K (K geometric with exit probability 1 − e^(−γ)), exposing others
// during those days at the same expected rate (β·S/N each, S constant).
// The generation interval is L + J, J the day within the infectious
// period weighted by the chance of still being infectious, P(J = j) ∝
// P(K ≥ j) = e^(−γ(j−1)): J is geometric like K, E[J] = 1/(1 − e^(−γ)).
// So the mean is 1/(1 − e^(−σ)) + 1/(1 − e^(−γ)) (6.514 + 8.510 = 15.024
// days for the defaults): the continuous model's 1/σ + 1/γ = 14 plus
// about half a day per stage (1/(1 − e^(−x)) = 1/x + 1/2 + x/12 + …),
// the daily step's correction.
func (r seirRates) dailyGenerationInterval() float64 {
	return 1/-math.Expm1(-r.sigma) + 1/-math.Expm1(-r.gamma)
}

// secondaryCohort returns a test phase that keeps S at s0 by moving each
// day's new exposures (the S → E flow, s0 − S, as nothing else changes S)
// straight back from E to S after recording them in flows[tick]: E then
// only ever holds the seeded cohort, whose exposures of others are
// measured day by day against a constant S.
func secondaryCohort(s0 int64, flows []int64) phases.Factory {
	return phases.Func("SecondaryCohort", func(m phases.Model, tick int) error {
		w := m.World()
		x := s0 - w.S()[0]
		flows[tick] = x
		w.S()[0] += x
		w.E()[0] -= x
		return nil
	})
}

// Constants of the generation-interval test.
const (
	// giPop is the patch population: the cohort's force β·I/N stays below
	// β·giCohort/giPop = 10⁻⁴, so 1 − e^(−λ) is λ to within 5·10⁻⁵
	// relative and the exposures are proportional to I.
	giPop = 10_000_000_000
	// giCohort is the cohort seeded in E on day 0 (exposed "on day −1").
	giCohort = 1_000_000
	// giDays outlasts the cohort: P(L + K > 300) ≈ 300·e^(−300/8) ≈ 10⁻¹⁴.
	giDays = 300
)

// TestSEIRGenerationInterval: the mean generation interval measured from a
// run is [seirRates.dailyGenerationInterval]. A cohort of 10⁶ is seeded in
// E of a patch of 10¹⁰ (on day 0, so exposed during day −1) and
// [secondaryCohort] records the people it exposes each day while holding
// S constant (they go back to S, so the cohort's own exposures are all
// that is counted). The measured mean is Σ_t (t + 1)·x_t / Σ_t x_t over the
// daily exposures x_t (tick t's flow happens during day t). Its standard
// deviation over 40 seeds was 0.0156 days for the defaults (mean 15.0209
// against 15.0243) and 0.0061 for exp_mu = 2, inf_mu = 4 (7.0605 against
// 7.0623); each tolerance is 5 of those standard deviations. The
// continuous model's 1/σ + 1/γ (14 and 6 days) is more than 1 day away,
// over 12 tolerances: the test sees the daily step's half-day corrections.
func TestSEIRGenerationInterval(t *testing.T) {
	tests := []struct {
		name string
		r    seirRates
		tol  float64 // days: 5 measured standard deviations
	}{
		{"defaults", defaultSEIRRates, 0.08},
		{"exp_mu=2,inf_mu=4", seirRates{beta: 1, sigma: 1.0 / 2, gamma: 1.0 / 4}, 0.03},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			flows := make([]int64, giDays)
			m := onePatchSEIR(t, giPop, giCohort, giDays, 1603, seirInfection(tt.r), secondaryCohort(giPop-giCohort, flows))
			require.NoError(t, m.Run(context.Background()))
			require.Zero(t, patchCount(t, m, "E")+patchCount(t, m, "I"), "the cohort is still infectious after %d days", giDays)
			var num, den float64
			for tick, x := range flows {
				num += float64(tick+1) * float64(x)
				den += float64(x)
			}
			// About R0 ≥ 4 secondaries per primary: the cohort did transmit.
			require.Greater(t, den, float64(giCohort))
			assert.InDelta(t, tt.r.dailyGenerationInterval(), num/den, tt.tol, "mean generation interval, days")
		})
	}
}
