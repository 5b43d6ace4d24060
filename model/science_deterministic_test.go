package model_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lnaDay advances the linear-noise approximation of
// compartmental.InfectionBlock's chain by one day: from the mean-field state x and the covariance p of the chain
// around it, it returns the covariance a day later, J·p·Jᵀ + D, where J is
// the Jacobian of [seirRates.meanFieldDay] at x and D the covariance of the
// day's three independent binomial draws at x (new E, new I, new R with
// variances n·p·(1 − p), moving along (−1, 1, 0, 0), (0, −1, 1, 0) and
// (0, 0, −1, 1)).
func (r seirRates) lnaDay(x seir, p [4][4]float64) [4][4]float64 {
	n := x[cS] + x[cE] + x[cI] + x[cR]
	lambda := r.beta * x[cI] / n
	el, es, eg := math.Exp(-lambda), math.Exp(-r.sigma), math.Exp(-r.gamma)
	// ∂λ/∂I = β/N (N is constant: no births, no deaths).
	dSdI := -x[cS] * el * r.beta / n
	j := [4][4]float64{
		{el, 0, dSdI, 0},
		{1 - el, es, -dSdI, 0},
		{0, 1 - es, eg, 0},
		{0, 0, 1 - eg, 1},
	}
	var jp, out [4][4]float64
	for a := range 4 {
		for b := range 4 {
			for k := range 4 {
				jp[a][b] += j[a][k] * p[k][b]
			}
		}
	}
	for a := range 4 {
		for b := range 4 {
			for k := range 4 {
				out[a][b] += jp[a][k] * j[b][k]
			}
		}
	}
	moves := [3]struct {
		v    float64
		from int
	}{{x[cS] * el * (1 - el), cS}, {x[cE] * es * (1 - es), cE}, {x[cI] * eg * (1 - eg), cI}}
	for _, mv := range moves {
		// the flow leaves compartment from and enters from+1
		out[mv.from][mv.from] += mv.v
		out[mv.from+1][mv.from+1] += mv.v
		out[mv.from][mv.from+1] -= mv.v
		out[mv.from+1][mv.from] -= mv.v
	}
	return out
}

// Constants of the deterministic-limit test.
const (
	// detPop is the patch population, large enough for the chain to stay
	// within a few thousand people of its mean-field limit.
	detPop = 100_000_000
	// detExposed is the seed in E on day 0 (1 % of detPop): large enough
	// that the early growth is not a branching process (relative noise
	// 1/√detExposed = 0.1 % at the start, which the growth turns into a
	// shift in time: the largest standard deviation of the chain is then
	// 3.7·10⁴ people, 0.04 % of N, in S and R around the peak).
	detExposed = 1_000_000
	// detDays covers the epidemic of the defaults to its end (E + I <
	// 10⁻⁶·N from about day 170 on).
	detDays = 250
	// detSigmas is the tolerance in standard deviations of the linear
	// noise approximation: 600 correlated comparisons (150 checked days ×
	// 4 compartments) at 5 sd have a false-alarm probability below 10⁻⁴.
	detSigmas = 5
)

// TestSEIRDeterministicLimit: one patch of 10⁸ with the default SEIR
// rates (β = 1, σ = 1/6, γ = 1/8) follows the mean-field limit of its own
// chain, the difference equation [seirRates.meanFieldDay] with h = 1 (each
// binomial draw replaced by its mean), day by day and compartment by
// compartment, within 5 standard deviations of the chain's fluctuations
// around that limit. The standard deviations come from the linear noise
// approximation ([seirRates.lnaDay]): the covariance propagated through the
// Jacobian of the map and fed each day by the three binomial variances
// n·p·(1 − p). They peak at 3.7·10⁴ people (0.04 % of N), so the band is
// tight: the same map with linear probabilities (λ, σ, γ instead of
// 1 − e^(−rate)) leaves it by a factor of 95 (checked below).
func TestSEIRDeterministicLimit(t *testing.T) {
	r := defaultSEIRRates
	rec := &seirRecorder{}
	m := onePatchSEIR(t, detPop, detExposed, detDays, 3, seirInfection(r), rec.phase())
	require.NoError(t, m.Run(context.Background()))
	require.Len(t, rec.rows, detDays)

	x := seir{detPop - detExposed, detExposed, 0, 0}
	linear := x
	var cov [4][4]float64
	linearExcess := 0.0
	for day := range detDays {
		cov = r.lnaDay(x, cov)
		x = r.meanFieldDay(x, 1)
		linear = r.linearDay(linear)
		got := rec.patch(day, 0)
		for c := range 4 {
			sd := math.Sqrt(cov[c][c])
			dev := got[c] - x[c]
			// + 1: the counts are integers, the limit is not.
			require.LessOrEqualf(t, math.Abs(dev), detSigmas*sd+1,
				"day %d compartment %d: chain %.0f, mean field %.1f, sd %.1f", day, c, got[c], x[c], sd)
			linearExcess = math.Max(linearExcess, math.Abs(linear[c]-x[c])/(detSigmas*sd+1))
		}
	}
	// The band separates the exact daily probabilities from the linear
	// ones (measured: by a factor of 95; 10 leaves room).
	assert.Greater(t, linearExcess, 10.0, "the tolerance band cannot tell 1 − e^(−rate) from rate")
}

// linearDay is [seirRates.meanFieldDay] (h = 1) with the probabilities
// replaced by the rates themselves (λ capped at 1, σ, γ): the forward-Euler
// step of the ODE, which the chain must not follow.
func (r seirRates) linearDay(x seir) seir {
	n := x[cS] + x[cE] + x[cI] + x[cR]
	newE, newI, newR := x[cS]*math.Min(1, r.beta*x[cI]/n), x[cE]*r.sigma, x[cI]*r.gamma
	return seir{x[cS] - newE, x[cE] + newE - newI, x[cI] + newI - newR, x[cR] + newR}
}

// odeDeriv is the continuous-time SEIR: dS/dt = −βSI/N, dE/dt = βSI/N − σE,
// dI/dt = σE − γI, dR/dt = γI.
func (r seirRates) odeDeriv(x seir) seir {
	n := x[cS] + x[cE] + x[cI] + x[cR]
	inf := r.beta * x[cS] * x[cI] / n
	return seir{-inf, inf - r.sigma*x[cE], r.sigma*x[cE] - r.gamma*x[cI], r.gamma * x[cI]}
}

// rk4Step advances the ODE by h days with the classical fourth-order
// Runge–Kutta step.
func (r seirRates) rk4Step(x seir, h float64) seir {
	add := func(a, b seir, f float64) seir {
		for c := range a {
			a[c] += f * b[c]
		}
		return a
	}
	k1 := r.odeDeriv(x)
	k2 := r.odeDeriv(add(x, k1, h/2))
	k3 := r.odeDeriv(add(x, k2, h/2))
	k4 := r.odeDeriv(add(x, k3, h))
	for c := range x {
		x[c] += h / 6 * (k1[c] + 2*k2[c] + 2*k3[c] + k4[c])
	}
	return x
}

// daily returns the trajectory at the end of days 1…days from x0, taking
// steps per day steps of step (the ODE's RK4, or the difference equation
// with h = 1/steps).
func daily(x0 seir, days, steps int, step func(seir, float64) seir) []seir {
	out := make([]seir, days)
	x, h := x0, 1/float64(steps)
	for d := range days {
		for range steps {
			x = step(x, h)
		}
		out[d] = x
	}
	return out
}

// maxGap returns the largest |a − b| over days and compartments, as a
// share of the population pop.
func maxGap(a, b []seir, pop float64) float64 {
	g := 0.0
	for d := range a {
		for c := range 4 {
			g = math.Max(g, math.Abs(a[d][c]-b[d][c])/pop)
		}
	}
	return g
}

// TestSEIRDailyStepVersusODE: how far the daily chain's mean-field limit
// (the difference equation [seirRates.meanFieldDay], h = 1) is from the
// continuous-time SEIR ODE with the same rates, for the defaults β = 1,
// σ = 1/6, γ = 1/8 and the deterministic-limit test's start (1 % in E).
// This is a documented modelling difference, not an error: the
// compartmental model (as the reference's) draws daily transitions with
// probabilities 1 − e^(−rate) from the start-of-day counts, a first-order
// discretisation of the ODE. An infective is counted at the start of
// 1/(1 − e^(−γ)) = 8.51 days on average instead of 1/γ = 8 (R0 8.51
// instead of 8), and each day's new infections wait for the next day to
// transmit. Measured: the largest gap over days 1…250 and the four
// compartments is 18.4 % of N (on day 20 the ODE has S = 27 % of N and the daily
// chain 46 %: the chain's epidemic rises later); the same map
// with steps of h = 1/2, 1/4, 1/8, 1/16 day gives 9.6, 4.9, 2.5, 1.2 %:
// the gap halves with the step (first order) and vanishes as h → 0, so the
// chain's limit is the ODE's only for small daily rates.
func TestSEIRDailyStepVersusODE(t *testing.T) {
	r := defaultSEIRRates
	x0 := seir{detPop - detExposed, detExposed, 0, 0}
	ode := daily(x0, detDays, 100, r.rk4Step)
	// RK4 with h = 0.01 day is converged: halving the steps moves it by
	// 6·10⁻¹² of N (measured; RK4's error is O(h⁴)).
	require.Less(t, maxGap(ode, daily(x0, detDays, 50, r.rk4Step), detPop), 1e-9, "RK4 is not converged")

	// ±0.005 around the measured 0.184: the map is deterministic, the
	// margin only absorbs floating-point reassociation.
	gap := maxGap(daily(x0, detDays, 1, r.meanFieldDay), ode, detPop)
	assert.InDelta(t, 0.184, gap, 0.005, "daily difference equation versus ODE, share of N")
	// First order: halving h halves the gap (measured ratios 1.92, 1.97,
	// 1.98, 1.99; a second-order scheme would give 4).
	for _, steps := range []int{1, 2, 4, 8} {
		coarse := maxGap(daily(x0, detDays, steps, r.meanFieldDay), ode, detPop)
		fine := maxGap(daily(x0, detDays, 2*steps, r.meanFieldDay), ode, detPop)
		assert.InDelta(t, 2, coarse/fine, 0.15, "gap(h)/gap(h/2) at h = 1/%d", steps)
	}
}
