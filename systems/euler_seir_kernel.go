package systems

import (
	"math"

	"github.com/rubeola/rubeola/rng"
)

// EulerRates are the per-patch parameters of one block of [EulerSEIRBlock]
// (each slice has one value per patch of the block) and the step's shared
// values.
type EulerRates struct {
	R0, Sigma, Gamma, Mu, Alpha, Iota, SigmaSE, Amplitude []float64
	// DOY is the day of the decimal year at the step's start
	// ([DecimalDayOfYear]), Seasonal whether He et al.'s term season
	// applies.
	DOY      float64
	Seasonal bool
	// Spatpomp selects spatPomp's β (see [BetaSpatPomp]).
	Spatpomp bool
	// DT is the step in years (1/365.25 for a daily tick).
	DT float64
}

// EulerSEIRBlock advances the patches of one block by one step of He,
// Ionides & King (2010)'s model. Per patch:
//
//	s     = He et al.'s term multiplier (or 1); β = R0·(γ + μ)·s
//	foi   = β·(I + ι)^α / P                       (P = pop[j])
//	dW    ~ Gamma(dt/σ_SE², σ_SE²)                (dW = dt when σ_SE = 0)
//	S → E, S → death: Euler-multinomial of S with rates foi·dW/dt, μ
//	E → I, E → death: Euler-multinomial of E with rates σ, μ
//	I → R, I → death: Euler-multinomial of I with rates γ, μ
//
// Each Euler-multinomial draws n ~ Binomial(X, 1 − e^(−Σr·dt)) leaving X,
// then k ~ Binomial(n, r_1/Σr) for the first route, the rest taking the
// second (pomp's reulermultinom: probabilities (1 − e^(−Σr·dt))·r_k/Σr).
// All draws use the start-of-step counts. S, E and I are updated, r gains
// the I → R flow, and cases[j] accumulates it (He et al.'s C, the
// reported cases' true count). A patch with P ≤ 0 has no force.
//
// Draw order, in runs of at most [rng.BlockSize] patches, each batched
// over the run: the gamma noise of the patches with σ_SE > 0 and S > 0
// ([rng.Gammas], those patches in order), then ([rng.BinomialHazards],
// [rng.Binomials]) the leavers of S, of E, of I, then the first routes of
// S's, E's and I's leavers.
func EulerSEIRBlock(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, cases []int64) {
	var d eulerDraws
	for lo := 0; lo < len(s); lo += rng.BlockSize {
		hi := min(lo+rng.BlockSize, len(s))
		d.run(src, s[lo:hi], e[lo:hi], i[lo:hi], r[lo:hi], pop[lo:hi], q, lo, cases[lo:hi])
	}
}

// eulerDraws is one run's hazards, route probabilities and draws.
type eulerDraws struct {
	hS, hE, hI, pS, pE, pI                [rng.BlockSize]float64
	leaveS, leaveE, leaveI, toE, toI, toR [rng.BlockSize]int64
	noisy                                 [rng.BlockSize]int // patches with gamma noise
	shape, noise                          [rng.BlockSize]float64
}

// run steps the patches of one run; q's slices are indexed from off.
func (d *eulerDraws) run(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, off int, cases []int64) {
	dt, m := q.DT, len(s)
	k := 0
	for j := range s {
		if sse := q.SigmaSE[off+j]; sse > 0 && s[j] > 0 {
			d.noisy[k], d.shape[k] = j, dt/(sse*sse)
			k++
		}
	}
	noisy := k
	rng.Gammas(src, d.shape[:noisy], d.noise[:noisy])
	k = 0
	for j := range s {
		gamma, mu := q.Gamma[off+j], q.Mu[off+j]
		rate := eulerForce(q, off+j, float64(i[j]), pop[j])
		if k < noisy && d.noisy[k] == j { // dW/dt = σ_SE²·Gamma(dt/σ_SE²)/dt
			sse := q.SigmaSE[off+j]
			rate = rate * (sse * sse) * d.noise[k] / dt
			k++
		}
		d.hS[j], d.pS[j] = routes(rate, mu, dt)
		d.hE[j], d.pE[j] = routes(q.Sigma[off+j], mu, dt)
		d.hI[j], d.pI[j] = routes(gamma, mu, dt)
	}
	rng.BinomialHazards(src, s, d.hS[:m], d.leaveS[:m])
	rng.BinomialHazards(src, e, d.hE[:m], d.leaveE[:m])
	rng.BinomialHazards(src, i, d.hI[:m], d.leaveI[:m])
	rng.Binomials(src, d.leaveS[:m], d.pS[:m], d.toE[:m])
	rng.Binomials(src, d.leaveE[:m], d.pE[:m], d.toI[:m])
	rng.Binomials(src, d.leaveI[:m], d.pI[:m], d.toR[:m])
	for j := range s {
		s[j] -= d.leaveS[j]
		e[j] += d.toE[j] - d.leaveE[j]
		i[j] += d.toI[j] - d.leaveI[j]
		r[j] += d.toR[j]
		cases[j] += d.toR[j]
	}
}

// eulerForce returns patch j's force of infection foi = β·(I + ι)^α / P
// (0 when P ≤ 0), with He et al.'s term season when q.Seasonal.
func eulerForce(q *EulerRates, j int, inf, p float64) float64 {
	if p <= 0 {
		return 0
	}
	seas := 1.0
	if q.Seasonal {
		seas = seasonHe2010(q.DOY, q.Amplitude[j])
	}
	gamma, mu, dt := q.Gamma[j], q.Mu[j], q.DT
	var beta float64
	if q.Spatpomp {
		beta = q.R0[j] * seas * -math.Expm1(-(gamma+mu)*dt) / dt
	} else {
		beta = q.R0[j] * (gamma + mu) * seas
	}
	x := inf + q.Iota[j]
	if a := q.Alpha[j]; a != 1 && x > 0 {
		x = rng.Exp(a * rng.Log(x))
	}
	return beta * x / p
}

// routes returns the hazard of leaving by either of two routes with rates
// r1 (the route counted) and r2 over dt, and the first route's share
// r1/(r1 + r2) (1 when both are 0: nobody leaves).
func routes(r1, r2, dt float64) (hazard, first float64) {
	total := r1 + r2
	if total == 0 {
		return 0, 1
	}
	return total * dt, r1 / total
}
