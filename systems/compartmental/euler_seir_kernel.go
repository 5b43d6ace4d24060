package compartmental

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
	// Season, when not nil, is each patch's multiplier of the step (an
	// estimated season, computed before the blocks run).
	Season []float64
	// Spatpomp selects spatPomp's β (see [BetaSpatPomp]).
	Spatpomp bool
	// DT is the step in years (1/365.25 for a daily tick).
	DT float64
	// Coupling, when not nil, is each patch's coupling term added to
	// (I + ι)^α in the force (EulerSEIR's he10 coupling), precomputed.
	Coupling []float64
}

// EulerSEIRBlock advances the patches of one block by one step of He,
// Ionides & King (2010)'s model. Per patch:
//
//	s     = He et al.'s term multiplier, q.Season[j] or 1; β = R0·(γ + μ)·s
//	foi   = β·((I + ι)^α + c) / P, at least 0     (P = pop[j], c = q.Coupling[j] or 0)
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
// (I + ι)^α is computed for the run's patches at once ([rng.Pows]). Draw
// order, in runs of at most [rng.BlockSize] patches, each batched over the
// run: the gamma noise of the patches with σ_SE > 0 and S > 0
// ([rng.Gammas], those patches in order), then the Euler-multinomials
// ([rng.EulerMultinomials]: leavers, then first routes) of S, of E and of I.
func EulerSEIRBlock(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, cases []int64) {
	var d eulerDraws
	for lo, hi := range rng.Runs(len(s)) {
		d.run(src, s[lo:hi], e[lo:hi], i[lo:hi], r[lo:hi], pop[lo:hi], q, lo, cases[lo:hi])
	}
}

// eulerDraws is one run's hazards, route probabilities and draws.
type eulerDraws struct {
	rate                                  [rng.BlockSize]float64 // S → E
	x, alpha, xa                          [rng.BlockSize]float64 // I + ι, α, (I + ι)^α
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
	d.powers(q, i, off)
	k = 0
	for j := range s {
		rate := eulerForce(q, off+j, d.xa[j], pop[j])
		if k < noisy && d.noisy[k] == j { // dW/dt = σ_SE²·Gamma(dt/σ_SE²)/dt
			sse := q.SigmaSE[off+j]
			rate = rate * (sse * sse) * d.noise[k] / dt
			k++
		}
		d.rate[j] = rate
	}
	mu := q.Mu[off : off+m]
	rng.EulerMultinomials(src, s, d.rate[:m], mu, dt, d.toE[:m], d.leaveS[:m])
	rng.EulerMultinomials(src, e, q.Sigma[off:off+m], mu, dt, d.toI[:m], d.leaveE[:m])
	rng.EulerMultinomials(src, i, q.Gamma[off:off+m], mu, dt, d.toR[:m], d.leaveI[:m])
	for j := range s {
		s[j] -= d.leaveS[j]
		e[j] += d.toE[j] - d.leaveE[j]
		i[j] += d.toI[j] - d.leaveI[j]
		r[j] += d.toR[j]
		cases[j] += d.toR[j]
	}
}

// powers sets d.xa[j] = (I_j + ι_j)^α_j for the run's patches, batched
// ([rng.Pows]); I + ι itself when α = 1 or I + ι ≤ 0.
func (d *eulerDraws) powers(q *EulerRates, i []int64, off int) {
	m := len(i)
	for j, inf := range i {
		d.x[j], d.alpha[j] = float64(inf)+q.Iota[off+j], q.Alpha[off+j]
	}
	rng.Pows(d.x[:m], d.alpha[:m], d.xa[:m])
	for j, x := range d.x[:m] {
		if d.alpha[j] == 1 || !(x > 0) {
			d.xa[j] = x
		}
	}
}

// eulerForce returns patch j's force of infection foi = β·(xa + c) / P (0
// when P ≤ 0) with xa = (I + ι)^α ([eulerDraws.powers]), c the coupling's
// term (q.Coupling, none when nil; the sum is floored at 0), and He et
// al.'s term season when q.Seasonal.
func eulerForce(q *EulerRates, j int, xa, p float64) float64 {
	if p <= 0 {
		return 0
	}
	seas := 1.0
	if q.Seasonal {
		seas = seasonHe2010(q.DOY, q.Amplitude[j])
	} else if q.Season != nil {
		seas = q.Season[j]
	}
	gamma, mu, dt := q.Gamma[j], q.Mu[j], q.DT
	var beta float64
	if q.Spatpomp {
		beta = q.R0[j] * seas * -math.Expm1(-(gamma+mu)*dt) / dt
	} else {
		beta = q.R0[j] * (gamma + mu) * seas
	}
	x := xa
	if q.Coupling != nil {
		x = max(x+q.Coupling[j], 0) // a town far above its neighbours: no negative hazard
	}
	return beta * x / p
}
