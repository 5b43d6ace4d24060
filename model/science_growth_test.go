package model_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
)

// dailyGrowthFactor is the early growth factor per day of the daily chain:
// while S ≈ N, the day's new exposures are S·(1 − e^(−β·I/N)) ≈ β·I, and
// the means follow the linear map E' = e^(−σ)·E + β·I, I' = (1 − e^(−σ))·E
// + e^(−γ)·I, whose dominant eigenvalue is ρ = (tr + √(tr² − 4·det))/2
// (1.2572 for the defaults: r = ln ρ = 0.2289 per day, where the ODE's
// (r + σ)(r + γ) = βσ gives 0.2630).
func (r seirRates) dailyGrowthFactor() float64 {
	es, eg := math.Exp(-r.sigma), math.Exp(-r.gamma)
	tr, det := es+eg, es*eg-r.beta*(1-es)
	return (tr + math.Sqrt(tr*tr-4*det)) / 2
}

// generationPMF returns the daily chain's generation-interval distribution
// w(g), g = 0 … n−1 ([seirRates.dailyGenerationInterval]: L + J with L and
// J geometric on {1, 2, …} with success probabilities 1 − e^(−σ) and
// 1 − e^(−γ)), the convolution w(g) = Σ_l P(L = l)·P(J = g − l).
func (r seirRates) generationPMF(n int) []float64 {
	geom := func(rate float64, k int) float64 { return math.Exp(-rate*float64(k-1)) * -math.Expm1(-rate) }
	w := make([]float64, n)
	for g := 2; g < n; g++ {
		for l := 1; l < g; l++ {
			w[g] += geom(r.sigma, l) * geom(r.gamma, g-l)
		}
	}
	return w
}

// exposureRecorder returns a phase that records each day's S → E flow
// (the fall of S: nothing else changes S) in flows[tick], given S before
// the first day.
func exposureRecorder(s0 int64, flows []int64) phases.Factory {
	last := s0
	return phases.Func("ExposureRecorder", func(m phases.Model, tick int) error {
		s := m.World().S()[0]
		flows[tick] = last - s
		last = s
		return nil
	})
}

// Constants of the growth-rate test.
const (
	// grPop is the patch population: by the end of the fitted window the
	// epidemic has used less than 10⁻³ of it, so S/N stays within 0.1 %
	// of 1 and the growth is the linear map's.
	grPop = 1_000_000_000_000
	// grExposed is the seed in E on day 0.
	grExposed = 10_000
	// grFrom and grTo are the fitted days: from day 20 the second
	// eigenvalue's share of the flow has decayed by (ρ₂/ρ)^20 < 10⁻⁸; by
	// day 50 the day's exposures are about 10⁸ (10⁻⁴ of N).
	grFrom, grTo = 20, 50
)

// TestSEIREarlyGrowthRate: the generation interval and R0 of the daily
// chain predict its early growth (Wallinga & Lipsitch 2007): the discrete
// Euler–Lotka equation 1 = R0·Σ_g w(g)·ρ^(−g), with R0 = β/(1 − e^(−γ))
// and w the chain's generation-interval distribution, holds at the linear
// map's growth factor ρ ([seirRates.dailyGrowthFactor]) to rounding, and
// the least-squares slope of ln(daily new exposures) over days 20…50 of a
// run is ln ρ, for the defaults and for β = 0.5, exp_mu 10, inf_mu 5
// (slower daily rates, where the daily step matters less). Tolerance 0.001
// per day: measured gaps 5·10⁻⁵ (defaults, flows 10⁴…2·10⁸ a day) and
// 2.5·10⁻⁴ (second set, flows 10⁴…6·10⁴, whose early amplitude noise
// weighs more); the depletion of S moves the slope by less than 10⁻⁴.
// For the defaults the ODE's rate (0.2630) is 0.034 away, 34 tolerances;
// for the second set it is 0.0017 away (0.0791 against 0.0808).
func TestSEIREarlyGrowthRate(t *testing.T) {
	for _, r := range []seirRates{defaultSEIRRates, {beta: 0.5, sigma: 1.0 / 10, gamma: 1.0 / 5}} {
		rho := r.dailyGrowthFactor()
		sum, mass, mean := 0.0, 0.0, 0.0
		for g, w := range r.generationPMF(2000) {
			sum += w * math.Pow(rho, -float64(g))
			mass += w
			mean += float64(g) * w
		}
		// 2000 days hold the whole distribution (tail e^(−2000/10) ≈ 0).
		assert.InDelta(t, 1, mass, 1e-9, "the generation-interval distribution sums to 1")
		assert.InDelta(t, r.dailyGenerationInterval(), mean, 1e-9, "its mean is the derived mean")
		assert.InDelta(t, 1, r.dailyR0()*sum, 1e-9, "Euler–Lotka at ρ = %v", rho)

		flows := make([]int64, grTo+1)
		m := onePatchSEIR(t, grPop, grExposed, grTo+1, 707, seirInfection(r), exposureRecorder(grPop-grExposed, flows))
		require.NoError(t, m.Run(context.Background()))
		var n, sx, sy, sxx, sxy float64
		for d := grFrom; d <= grTo; d++ {
			require.Positive(t, flows[d])
			x, y := float64(d), math.Log(float64(flows[d]))
			n, sx, sy, sxx, sxy = n+1, sx+x, sy+y, sxx+x*x, sxy+x*y
		}
		slope := (n*sxy - sx*sy) / (n*sxx - sx*sx)
		assert.InDelta(t, math.Log(rho), slope, 0.001, "early growth rate per day")
	}
}
