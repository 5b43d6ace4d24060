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
	// Noise, when not nil, holds the gamma tables of the step's noise
	// shapes dt/σ_SE² ([noiseTables]): a run whose noisy patches share σ_SE
	// draws their noise from its table instead of [rng.Gammas]. It is
	// read-only while blocks run.
	Noise *noiseTables
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
// run: the gamma noise of the patches with σ_SE > 0 and S > 0 (those
// patches in order: when q.Noise keeps tables, each group of consecutive
// ones with the same σ_SE by its table's [rng.GammaTable.Draws], else all
// by [rng.Gammas]), then the Euler-multinomials
// ([rng.EulerMultinomials]: leavers, then first routes) of S, of E and of I.
func EulerSEIRBlock(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, cases []int64) {
	d := eulerFree.Get()
	defer eulerFree.Put(d)
	for lo, hi := range rng.Runs(len(s)) {
		d.run(src, s[lo:hi], e[lo:hi], i[lo:hi], r[lo:hi], pop[lo:hi], q, lo, cases[lo:hi])
	}
}

// eulerFree keeps the runs' scratch: every field a run reads it has
// written first, and a zeroed one per block (30 KB) cost 1 % of a filter.
var eulerFree rng.FreeList[eulerDraws]

// eulerDraws is one run's hazards, route probabilities and draws.
type eulerDraws struct {
	rate                                  [rng.BlockSize]float64 // S → E
	x, alpha, xa                          [rng.BlockSize]float64 // I + ι, α, (I + ι)^α
	base                                  [rng.BlockSize]float64 // the powers' bases (1 where none is needed)
	leaveS, leaveE, leaveI, toE, toI, toR [rng.BlockSize]int64
	noisy                                 [rng.BlockSize]int // patches with gamma noise
	shape, noise                          [rng.BlockSize]float64
}

// run steps the patches of one run; q's slices are indexed from off.
func (d *eulerDraws) run(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, off int, cases []int64) {
	dt, m := q.DT, len(s)
	sigmaSE := q.SigmaSE[off : off+m]
	noisy := 0
	for j, sse := range sigmaSE {
		if sse > 0 && s[j] > 0 {
			d.noisy[noisy] = j
			noisy++
		}
	}
	d.noiseDraws(src, q.Noise, sigmaSE, dt, noisy)
	d.powers(q, i, off)
	d.forces(q, pop, off)
	for k, j := range d.noisy[:noisy] { // dW/dt = σ_SE²·Gamma(dt/σ_SE²)/dt
		sse := sigmaSE[j]
		d.rate[j] = d.rate[j] * (sse * sse) * d.noise[k] / dt
	}
	mu := q.Mu[off : off+m]
	rng.EulerMultinomials(src, s, d.rate[:m], mu, dt, d.toE[:m], d.leaveS[:m])
	rng.EulerMultinomials(src, e, q.Sigma[off:off+m], mu, dt, d.toI[:m], d.leaveE[:m])
	rng.EulerMultinomials(src, i, q.Gamma[off:off+m], mu, dt, d.toR[:m], d.leaveI[:m])
	e, i, r, cases = e[:m], i[:m], r[:m], cases[:m]
	leaveS, leaveE, leaveI := d.leaveS[:m], d.leaveE[:m], d.leaveI[:m]
	toE, toI, toR := d.toE[:m], d.toI[:m], d.toR[:m]
	for j := range s {
		s[j] -= leaveS[j]
		e[j] += toE[j] - leaveE[j]
		i[j] += toI[j] - leaveI[j]
		r[j] += toR[j]
		cases[j] += toR[j]
	}
}

// noiseDraws draws the gamma noise of the run's noisy patches
// d.noisy[:noisy] into d.noise: when the step keeps tables (tabs on),
// each group of consecutive noisy patches with the same σ_SE from its
// table ([rng.GammaTable.Draws]; a run holds one group unless it spans
// two towns), else all of them by [rng.Gammas] with shapes dt/σ_SE².
func (d *eulerDraws) noiseDraws(src *rng.Source, tabs *noiseTables, sigmaSE []float64, dt float64, noisy int) {
	lanes := d.noisy[:noisy]
	if tabs == nil || !tabs.on {
		for k, j := range lanes {
			sse := sigmaSE[j]
			d.shape[k] = dt / (sse * sse)
		}
		rng.Gammas(src, d.shape[:noisy], d.noise[:noisy])
		return
	}
	for lo := 0; lo < noisy; {
		sse := sigmaSE[lanes[lo]]
		hi := lo + 1
		for hi < noisy && math.Float64bits(sigmaSE[lanes[hi]]) == math.Float64bits(sse) {
			hi++
		}
		tabs.table(sse).Draws(src, d.noise[lo:hi])
		lo = hi
	}
}

// powers sets d.xa[j] = (I_j + ι_j)^α_j for the run's patches, batched
// ([rng.Pows]); I + ι itself when α = 1 or I + ι ≤ 0. Those lanes hand
// Pows the base 1 instead, whose power its SIMD lanes compute: I + ι = 0
// (a town with no infective and ι = 0) would send the lane to Pows's
// scalar e^(α·log 0) only for the result to be dropped.
func (d *eulerDraws) powers(q *EulerRates, i []int64, off int) {
	m := len(i)
	iota, alpha := q.Iota[off:off+m], q.Alpha[off:off+m]
	x, base := d.x[:m], d.base[:m]
	for j, inf := range i {
		v, a := float64(inf)+iota[j], alpha[j]
		x[j], d.alpha[j], base[j] = v, a, v
		if a == 1 || !(v > 0) {
			base[j] = 1
		}
	}
	xa := d.xa[:m]
	rng.Pows(base, d.alpha[:m], xa)
	for j, v := range x {
		if d.alpha[j] == 1 || !(v > 0) {
			xa[j] = v
		}
	}
}

// forces sets d.rate[j] = β·(xa + c) / P for the run's patches (0 when P
// ≤ 0), with xa = (I + ι)^α ([eulerDraws.powers]), c the coupling's term
// (q.Coupling, none when nil; the sum is floored at 0) and β
// ([eulerBeta]) from He et al.'s term season when q.Seasonal, else
// q.Season. β depends on the patch's parameters only, which a particle
// filter's particles share (IF2's perturbed ones do not): a lane whose
// R0, γ, μ and amplitude (or season multiplier) have the previous lane's
// bits reuses its β, and the day's term test runs once per run.
func (d *eulerDraws) forces(q *EulerRates, pop []float64, off int) {
	m := len(pop)
	r0, gamma, mu := q.R0[off:off+m], q.Gamma[off:off+m], q.Mu[off:off+m]
	xa, rate := d.xa[:m], d.rate[:m]
	var amp, season, coupling []float64
	switch {
	case q.Seasonal:
		amp = q.Amplitude[off : off+m]
	case q.Season != nil:
		season = q.Season[off : off+m]
	}
	if q.Coupling != nil {
		coupling = q.Coupling[off : off+m]
	}
	term := q.Seasonal && heTerm(q.DOY)
	var beta float64
	var key [4]uint64 // the bits of beta's R0, γ, μ and amplitude or season
	fresh := true     // beta is not yet computed
	for j, p := range pop {
		if p <= 0 {
			rate[j] = 0
			continue
		}
		var s float64 // the amplitude or the season multiplier, 0 when neither
		if amp != nil {
			s = amp[j]
		} else if season != nil {
			s = season[j]
		}
		k := [4]uint64{math.Float64bits(r0[j]), math.Float64bits(gamma[j]), math.Float64bits(mu[j]), math.Float64bits(s)}
		if fresh || k != key {
			seas := 1.0
			if amp != nil {
				seas = heSeason(term, s)
			} else if season != nil {
				seas = s
			}
			beta, key, fresh = eulerBeta(q, r0[j], gamma[j], mu[j], seas), k, false
		}
		x := xa[j]
		if coupling != nil {
			x = max(x+coupling[j], 0) // a town far above its neighbours: no negative hazard
		}
		rate[j] = beta * x / p
	}
}

// eulerBeta returns β = R0·(γ + μ)·seas, or spatPomp's R0·seas·(1 −
// e^(−(γ+μ)·dt))/dt when q.Spatpomp.
func eulerBeta(q *EulerRates, r0, gamma, mu, seas float64) float64 {
	if q.Spatpomp {
		return r0 * seas * -math.Expm1(-(gamma+mu)*q.DT) / q.DT
	}
	return r0 * (gamma + mu) * seas
}
