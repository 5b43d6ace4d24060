package rng

import (
	"fmt"
	"iter"
	"math"
)

// The batched samplers draw one variate per lane (patch) of a vector from
// one block's stream. Their draw order, the contract that makes results
// reproducible (SPEC §6.3; docs/random.md), is, for each run of n ≤
// [BlockSize] lanes:
//
//  1. the stream's next 2n uniforms ([Source.Uniforms]): U_0 … U_{n−1},
//     then V_0 … V_{n−1}, whatever the lanes' regimes;
//  2. a lane in the inversion regime (Poisson mean < 50; binomial p ≤ ½
//     and n·λ < 50 with λ = −log(1 − p)) takes its value by inverting its
//     cdf at U_j, in SIMD lanes;
//  3. a lane in a rejection regime (PTRS: mean ≥ 50; BTRS: p ≤ ½ and
//     n·λ ≥ 50) runs its first trial with (U_j, V_j) in SIMD lanes, decided
//     there (squeeze, range, thin tails, exact test:
//     [poissonBatch.ptrsLanes], [binomialBatch.btrsLanes]); the rejected
//     ones run further rounds in lanes, each taking the stream's next 2k
//     uniforms for its k lanes (U of each, then V, in lane order), until
//     none is rejected;
//  4. then, in lane order, the lanes not finished: an
//     inversion lane whose U_j fell in the rounding gap above
//     the float64 sum of its pmf (probability ~10⁻¹⁶) draws again with the
//     scalar sampler; a hazard lane with p > ½ draws with [BinomialHazard].
//
// Binomials and BinomialsSame reflect a lane with p > ½: it is drawn as
// n − X with X from 1 − p in the regimes above.
//
// Lanes with mean 0, n = 0 or p = 0 give 0 and still take their uniforms.
// Exactness is that of the scalar samplers: the same sequential search and
// the same PTRS and BTRS trials, f(0) of the inversion from a polynomial
// exp within 2 ulp ([expLane]), BTRS's and PTRS's tests in the Stirling
// and saddle-point forms of the scalar ones with table-free logarithms
// ([btrsLogRatioLane], [ptrsLogPMFLane]).

// poissonBatch is the stack scratch of one run of Poisson lanes.
type poissonBatch struct {
	uv   [2 * BlockSize]float64 // U then V
	mean [BlockSize]float64     // inversion lanes' means, 0 elsewhere
	res  [BlockSize]int64
	// The PTRS lanes, compacted in lane order: their lanes, uniforms,
	// means and values; a round's lanes (as indices into those), results,
	// later uniforms and kernel scratch ([poissonBatch.ptrsLanes]).
	pidx, plane [BlockSize]int32
	pu, pv, pm  [BlockSize]float64
	pres, tres  [BlockSize]int64
	ruv         [2 * BlockSize]float64
	rscratch    [ptrsRoundScratch]float64
}

// The runs' scratch comes from free lists rather than the stack: a stack
// variable would be zeroed on every run (16–25 KB), a kept one is written
// only where a run reads it.
var (
	poissonFree  freeList[poissonBatch]
	binomialFree freeList[binomialBatch]
)

// Poissons sets out[j] to a Poisson(mean[j]) draw for every j (len(out) ≥
// len(mean)), in the batched draw order. Invalid means panic as in
// [Poisson]. It allocates nothing.
func Poissons(src *Source, mean []float64, out []int64) {
	for lo, hi := range Runs(len(mean)) {
		poissonRun(src, mean[lo:hi], out[lo:hi])
	}
}

// Runs yields the runs [lo, hi) of at most [BlockSize] lanes that cover n
// lanes, in order: the batched samplers' unit of work, and the chunks in
// which a kernel over longer slices calls them.
//
//	for lo, hi := range rng.Runs(len(s)) { … rng.Poissons(src, mean[lo:hi], out[lo:hi]) … }
func Runs(n int) iter.Seq2[int, int] {
	return func(yield func(lo, hi int) bool) {
		for lo := 0; lo < n; lo += BlockSize {
			if !yield(lo, min(lo+BlockSize, n)) {
				return
			}
		}
	}
}

// poissonRun draws one run of at most BlockSize lanes.
func poissonRun(src *Source, mean []float64, out []int64) {
	b := poissonFree.get()
	defer poissonFree.put(b)
	n := len(mean)
	np, inv, ok := sortMeansKernel(b, mean)
	if !ok {
		np, inv = b.sortMeansGeneric(mean)
	}
	// The uniforms come after the checks, so that an invalid mean panics
	// with the stream untouched; the PTRS lanes' are gathered from them.
	src.Uniforms(b.uv[:2*n])
	u, v := b.uv[:n], b.uv[n:2*n]
	for i, l := range b.pidx[:np] {
		b.pu[i], b.pv[i] = u[l], v[l]
	}
	if inv {
		n16 := (n + 15) &^ 15
		clear(b.mean[n:n16])
		poissonInv(b.uv[:n16], b.mean[:n16], b.res[:n16])
	} else { // no lane with work in the inversion kernel: all its lanes give 0
		clear(b.res[:n])
	}
	if np > 0 {
		b.ptrsLanes(src, np)
	}
	// A PTRS lane's res is 0 (mean 0 in the kernel); sign is negative when
	// some lane is in the rounding gap.
	sign := drawOut(b.res[:n], nil, nil, false, out)
	for i, l := range b.pidx[:np] {
		out[l] = b.pres[i]
	}
	if sign < 0 {
		for j, x := range b.res[:n] {
			if x < 0 {
				out[j] = Poisson(src, mean[j]) // the rounding gap: redrawn exactly
			}
		}
	}
}

// sortMeansGeneric sorts the lanes of a [Poissons] run: invalid means
// panic as in [Poisson]; lane j with mean < poissonBatchLimit (the
// inversion regime) has it in b.mean, 0 elsewhere; the others (PTRS) are
// compacted in lane order into b.pidx and b.pm. It returns their number np
// and whether some inversion lane has a positive mean (work for the
// inversion kernel). The kernels equal it (b.mean's lanes bit for bit,
// b.pidx[:np], b.pm[:np], np and inv).
func (b *poissonBatch) sortMeansGeneric(mean []float64) (np int, inv bool) {
	for _, m := range mean {
		if !(m >= 0 && m <= MaxPoissonMean) {
			checkPoissonMean("rng.Poissons", m) // panics
		}
	}
	for j, m := range mean {
		b.mean[j] = 0
		if m < poissonBatchLimit {
			b.mean[j] = m
			inv = inv || m > 0
			continue
		}
		b.pidx[np], b.pm[np] = int32(j), m
		np++
	}
	return np, inv
}

// ptrsLanes draws the run's np PTRS lanes b.pm[:np], whose first trials
// take b.pu, b.pv (the lanes' U_j, V_j), into b.pres[:np], round by round
// as [binomialBatch.btrsLanes] draws the BTRS lanes: every lane of a round
// runs one trial in the kernel (squeeze, range and thin tails first, the
// others compressed for the exact test); the rejected ones (11–17 %: 17 %
// at mean 50, 14 % at 200, 11 % at 10⁴, measured on 2¹⁸ trials)
// form the next round, which takes the stream's next 2k uniforms (U of
// each of its k lanes, then V). Each lane's value is its first accepted
// trial from fresh uniforms: exactly PTRS's, the Poisson law.
func (b *poissonBatch) ptrsLanes(src *Source, np int) {
	for i := range np {
		b.plane[i] = int32(i)
	}
	for k := np; ; {
		k8 := (k + 7) &^ 7
		for i := k; i < k8; i++ { // padding: any valid lanes
			b.pu[i], b.pv[i], b.pm[i] = 0.5, 0.5, poissonBatchLimit
		}
		ptrsRound(b.pu[:k8], b.pv[:k8], b.pm[:k8], b.tres[:k8], &b.rscratch)
		r := 0
		for i := range k { // branch-free: the rejected lanes to the front
			x, l := b.tres[i], b.plane[i]
			b.pres[l] = x
			b.plane[r], b.pm[r] = l, b.pm[i]
			r += int(b2i(x < 0))
		}
		if r == 0 {
			return
		}
		k = r
		src.Uniforms(b.ruv[:2*k])
		copy(b.pu[:k], b.ruv[:k])
		copy(b.pv[:k], b.ruv[k:2*k])
	}
}

// checkPoissonMean panics on a mean [Poisson] refuses.
func checkPoissonMean(fn string, mean float64) {
	switch {
	case math.IsNaN(mean):
		panic(fn + ": mean is NaN")
	case mean < 0:
		panic(fmt.Sprintf("%s: mean = %g is negative", fn, mean))
	case mean > MaxPoissonMean:
		panic(fmt.Sprintf("%s: mean = %g exceeds the supported maximum 2^52", fn, mean))
	}
}

// binomialBatch is the stack scratch of one run of binomial lanes.
type binomialBatch struct {
	uv             [2 * BlockSize]float64 // U then V
	nf, lambda     [BlockSize]float64     // inversion lanes (n = 0 elsewhere)
	res            [BlockSize]int64
	kind           [BlockSize]uint8 // laneKernel, laneBTRS or laneScalar
	p              [BlockSize]float64
	bu, bv, bn, bp [BlockSize]float64 // the BTRS lanes, compacted in lane order
	bres           [BlockSize]int64
	// A BTRS round's ([binomialBatch.btrsLanes]): each trial lane's BTRS
	// lane, its result, a later round's uniforms and the kernel's scratch.
	blane       [BlockSize]int32
	tres        [BlockSize]int64
	ruv         [2 * BlockSize]float64
	rscratch    [btrsRoundScratch]float64
	scratch     [BlockSize]float64 // the inversion kernel's
	reflect     [BlockSize]bool    // a p > ½ lane drawn as n − Binomial(n, 1 − p)
	bidx        [BlockSize]int32   // the BTRS lanes' lanes
	nb, nscalar int                // the BTRS lanes and the scalar ones
	sameLambda  float64            // every inversion lane's λ, when lambdaSame
	lambdaSame  bool               // the inversion lanes share one λ (the kernel's s computed once)
	hazard      bool               // the BTRS lanes' p holds their hazard
	inv         bool               // some lane has n·λ > 0 in the inversion kernel
	reflects    bool               // some lane is reflected
}

// newBinomialBatch returns kept scratch for a run of n lanes, its BTRS
// lanes given by their hazards (hazard) or their p; [binomialBatch.draw]
// gives it back. Only the padding to 16 is cleared (into the kernel with n
// = 0): the sorters write every lane's nf, lambda and kind (a lane's
// reflect only where the batch reflects).
func newBinomialBatch(n int, hazard bool) *binomialBatch {
	b := binomialFree.get()
	b.hazard, b.inv, b.reflects, b.nb, b.nscalar, b.lambdaSame = hazard, false, false, 0, 0, false
	n16 := (n + 15) &^ 15
	clear(b.nf[n:n16])
	clear(b.lambda[n:n16])
	return b
}

// The kinds of binomial lanes.
const (
	laneKernel = iota // inversion kernel (or 0)
	laneBTRS          // BTRS, first trial in the squeeze kernel
	laneScalar        // the scalar sampler
)

// BinomialHazards sets out[j] to a Binomial(n[j], 1 − e^−hazard[j]) draw for
// every j, in the batched draw order; the lanes outside the inversion
// regime draw with [BinomialHazard]. Invalid inputs panic as in
// [BinomialHazard]. It allocates nothing.
func BinomialHazards(src *Source, n []int64, hazard []float64, out []int64) {
	binomialHazardRuns(src, n, hazard, 0, out)
}

// BinomialHazardsSame is [BinomialHazards] with one hazard for every lane.
func BinomialHazardsSame(src *Source, n []int64, hazard float64, out []int64) {
	binomialHazardRuns(src, n, nil, hazard, out)
}

// binomialHazardRuns draws [BinomialHazards] run by run, each lane's hazard
// hazard[j], or same when hazard is nil.
func binomialHazardRuns(src *Source, n []int64, hazard []float64, same float64, out []int64) {
	for lo, hi := range Runs(len(n)) {
		var h []float64
		if hazard != nil {
			h = hazard[lo:hi]
		}
		binomialHazardRun(src, n[lo:hi], h, same, out[lo:hi])
	}
}

// binomialHazardRun draws one run of [BinomialHazards] (len(n) ≤
// [BlockSize]), lane j's hazard hazard[j], or same when hazard is nil.
func binomialHazardRun(src *Source, n []int64, hazard []float64, same float64, out []int64) {
	b := newBinomialBatch(len(n), true)
	if hazard != nil {
		hazard = hazard[:len(n)]
	}
	b.sortHazards(n, hazard, same)
	b.sameLambda, b.lambdaSame = same, hazard == nil
	b.draw(src, n, out, func(j int) int64 { return BinomialHazard(src, n[j], hazardAt(hazard, same, j)) })
}

// hazardAt is lane j's hazard in [binomialHazardRun]: hazard[j], or same
// when hazard is nil.
func hazardAt(hazard []float64, same float64, j int) float64 {
	if hazard == nil {
		return same
	}
	return hazard[j]
}

// Binomials sets out[j] to a Binomial(n[j], p[j]) draw for every j, in the
// batched draw order (a lane's λ = −log(1 − p) by [hazardLane], in SIMD
// lanes; p > ½ reflected); the lanes
// outside the inversion regime draw with [Binomial]. Invalid inputs panic
// as in [Binomial]. It allocates nothing.
func Binomials(src *Source, n []int64, p []float64, out []int64) {
	for lo, hi := range Runs(len(n)) {
		binomialsRun(src, n[lo:hi], p[lo:hi], out[lo:hi])
	}
}

// binomialsRun draws one run of [Binomials] (len(n) ≤ [BlockSize]).
func binomialsRun(src *Source, n []int64, p []float64, out []int64) {
	m := len(n)
	p = p[:m]
	b := newBinomialBatch(m, false)
	if !sortProbsKernel(b, n, p) {
		b.sortProbsGeneric(n, p)
	}
	b.draw(src, n, out, func(j int) int64 { return Binomial(src, n[j], p[j]) })
}

// sortProbsGeneric sorts the lanes of a [Binomials] run (a fresh batch):
// lane j with n[j] trials and p[j] is reflected when p > ½ ([reflectP]),
// its λ = hazardLane(max(p, 0)) taken in SIMD lanes ([hazards]), and the
// lanes sorted by [binomialBatch.sortLanesP]. Invalid inputs panic as in
// [Binomial]. The kernels equal it (every lane's nf, lambda and reflect,
// the BTRS lanes' bidx, bn and bp, nb, inv and reflects; kind, read only
// with scalar lanes, which a probability batch has not, is not set).
func (b *binomialBatch) sortProbsGeneric(n []int64, p []float64) {
	m := len(n)
	p, reflect, bp := p[:m], b.reflect[:m], b.p[:m]
	var reflects int64
	for j, pj := range p {
		k := n[j]
		if uint64(k) > MaxBinomialN || pj != pj {
			checkBinomialP("rng.Binomials", k, pj) // panics
		}
		q, r := reflectP(pj)
		reflect[j], reflects = r, reflects|b2i(r)
		bp[j] = max(q, 0)
	}
	b.reflects = reflects != 0
	m8 := (m + 7) &^ 7
	clear(b.p[m:m8])
	hazards(b.p[:m8], b.scratch[:m8]) // λ = −log(1 − p), in SIMD lanes
	b.sortLanesP(n, b.p[:m], b.scratch[:m], 0, 0)
}

// reflectP returns the p a lane draws with, p itself or, when p > ½ (the
// lane reflected: n − Binomial(n, 1 − p)), 1 − p, exact there.
// It has no branch: the lanes' sides of ½ may alternate.
func reflectP(p float64) (q float64, reflect bool) {
	r := b2i(p > 0.5)
	keep := uint64(r) - 1 // all ones unless reflected
	return math.Float64frombits(math.Float64bits(p)&keep | math.Float64bits(1-p)&^keep), r != 0
}

// binomialsConst is [Binomials] with p[j] = p in every lane, equal to it
// draw for draw: λ = [hazardLane](p) (the kernel of hazards, bit for bit)
// once for the run instead of per lane.
func binomialsConst(src *Source, n []int64, p float64, out []int64) {
	for lo, hi := range Runs(len(n)) {
		b := newBinomialBatch(hi-lo, false)
		q, reflect := reflectP(p)
		q = max(q, 0)
		lambda := hazardLane(q)
		b.reflects = reflect
		for j, k := range n[lo:hi] {
			if uint64(k) > MaxBinomialN || p != p {
				checkBinomialP("rng.Binomials", k, p) // panics
			}
			b.reflect[j] = reflect
		}
		b.sortLanesP(n[lo:hi], nil, nil, q, lambda)
		b.sameLambda, b.lambdaSame = lambda, true
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return Binomial(src, n[lo+j], p) })
	}
}

// BinomialsSame is [Binomials] with one p for every lane (its λ computed
// once).
func BinomialsSame(src *Source, n []int64, p float64, out []int64) {
	q, reflect := reflectP(p)
	lambda := math.NaN()
	if q > 0 {
		lambda = -fastLog1p(-q) // once: every inversion lane's hazard
	}
	for lo, hi := range Runs(len(n)) {
		b := newBinomialBatch(hi-lo, false)
		for j, k := range n[lo:hi] {
			if uint64(k) > MaxBinomialN || p != p {
				checkBinomialP("rng.BinomialsSame", k, p) // panics
			}
			b.reflect[j], b.reflects = reflect, reflect
		}
		b.sortLanesP(n[lo:hi], nil, nil, q, lambda)
		b.sameLambda, b.lambdaSame = lambda, true
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return Binomial(src, n[lo+j], p) })
	}
}

// checkHazard panics, naming fn, on inputs [BinomialHazard] refuses.
func checkHazard(fn string, n int64, hazard float64) {
	checkBinomialN(fn, n)
	switch {
	case math.IsNaN(hazard):
		panic(fn + ": hazard is NaN")
	case hazard < 0:
		panic(fmt.Sprintf("%s: hazard = %g is negative", fn, hazard))
	}
}

// checkBinomialP panics on inputs [Binomial] refuses.
func checkBinomialP(fn string, n int64, p float64) {
	checkBinomialN(fn, n)
	if math.IsNaN(p) {
		panic(fn + ": p is NaN")
	}
}

// setLane sorts lane j of a hazard batch (n trials, hazard h = −log(1 −
// p)): the inversion kernel when p ≤ ½ and n·h < binomialBatchLimit, else
// BTRS when p ≤ ½ (its b.bp holds h until [binomialBatch.draw] turns it into
// p = 1 − e^−h in lanes, [probLane]), the scalar sampler otherwise.
// Lanes with n = 0 or h = 0 stay in the kernel at n = 0 (value 0), where
// the caller has put every lane first. nb is the BTRS lanes so far, the
// result those after lane j (the callers keep the count in a register and
// set b.nb after their loops).
func (b *binomialBatch) setLane(nb, j int, n int64, h float64) int {
	switch nf := float64(n); {
	case n == 0 || h == 0:
	case h > math.Ln2:
		b.kind[j] = laneScalar
		b.nscalar++
	case nf*h < binomialBatchLimit:
		b.nf[j], b.lambda[j], b.inv = nf, h, true
	default:
		return b.setBTRS(nb, j, nf, h)
	}
	return nb
}

// setBTRS makes lane j the BTRS lane after the first nb, n trials with p
// (or, in a hazard batch, the hazard), and returns nb + 1.
func (b *binomialBatch) setBTRS(nb, j int, n, p float64) int {
	b.kind[j] = laneBTRS
	i := nb & (BlockSize - 1) // nb < j < BlockSize: no bounds check
	b.bidx[i], b.bn[i], b.bp[i] = int32(j), n, p
	return nb + 1
}

// sortLanesP sorts the lanes of a probability batch for p ≤ ½ (the callers
// reflect p > ½): lane j has n[j] trials, p[j] and hazard lambda[j] =
// −log(1 − p[j]), or pSame and lambdaSame when p is nil; it goes to the
// inversion kernel when n·λ < binomialBatchLimit, else to BTRS; with n = 0
// or p ≤ 0 (λ then may be NaN) to the kernel at n = 0 (value 0).
func (b *binomialBatch) sortLanesP(n []int64, p, lambda []float64, pSame, lambdaSame float64) {
	if p != nil {
		p, lambda = p[:len(n)], lambda[:len(n)]
	}
	nb, inv := 0, false // in registers, not b's fields in memory
	for j, k := range n {
		pj, l := pSame, lambdaSame
		if p != nil {
			pj, l = p[j], lambda[j]
		}
		nf := float64(k)
		if k == 0 || pj <= 0 {
			nf, l = 0, 0
		}
		if nf*l < binomialBatchLimit {
			b.nf[j], b.lambda[j] = nf, l
			inv = inv || nf > 0
			continue
		}
		b.nf[j], b.lambda[j] = 0, 0
		nb = b.setBTRS(nb, j, nf, pj)
	}
	b.nb, b.inv = nb, b.inv || inv
}

// drawOutGeneric writes a run's values res to out, n − x in the lanes
// with reflect (only when reflects; n and reflect may be nil otherwise),
// and returns the OR of res, negative when some lane is in the rounding
// gap. The kernels equal it.
func drawOutGeneric(res, n []int64, reflect []bool, reflects bool, out []int64) (sign int64) {
	if !reflects {
		for j, x := range res {
			out[j] = x
			sign |= x
		}
		return sign
	}
	n, reflect, out = n[:len(res)], reflect[:len(res)], out[:len(res)]
	for j, x := range res {
		sign |= x
		if reflect[j] {
			x = n[j] - x
		}
		out[j] = x
	}
	return sign
}

// A BTRS lane has n·λ ≥ binomialBatchLimit and λ ≤ ln 2, so n·p ≥
// n·λ·(1 − λ/2) ≥ 0.65·binomialBatchLimit (p = 1 − e^−λ ≥ λ − λ²/2):
// at least 10, the smallest n·p for which Hörmann (1993) validates BTRS's
// hat, while binomialBatchLimit ≥ 16 (this constant fails to compile
// otherwise).
const _ = uint(binomialBatchLimit - 16)

// draw runs the kernels on the batch's lanes (the 2n uniforms first),
// then, in lane order, the scalar work of lanes not finished, writing out.
func (b *binomialBatch) draw(src *Source, n []int64, out []int64, scalar func(j int) int64) {
	defer binomialFree.put(b)
	m := len(n)
	src.Uniforms(b.uv[:2*m])
	u, v := b.uv[:m], b.uv[m:2*m]
	nb := b.nb
	for i, l := range b.bidx[:nb] {
		b.bu[i], b.bv[i] = u[l], v[l]
	}
	m16 := (m + 15) &^ 15
	if b.inv {
		lambda := b.lambda[:m16]
		if b.lambdaSame { // lanes not in the kernel have nf = 0: value 0 with any λ
			lambda = nil
		}
		binomialInv(b.uv[:m16], b.nf[:m16], lambda, b.sameLambda, b.res[:m16], b.scratch[:m16])
	} else { // no lane with work in the inversion kernel: all its lanes give 0
		clear(b.res[:m])
	}
	if nb > 0 {
		if b.hazard { // p = 1 − e^−h
			nb8 := (nb + 7) &^ 7
			clear(b.bp[nb:nb8])
			probs(b.bp[:nb8], b.bp[:nb8])
		}
		b.btrsLanes(src, nb)
	}
	if b.nscalar == 0 { // inversion and BTRS lanes only
		res := b.res[:m]
		for i, l := range b.bidx[:nb] { // a BTRS lane's res is 0 (n = 0 in the kernel)
			res[l] = b.bres[i]
		}
		// sign is negative when some lane is in the rounding gap.
		if sign := drawOut(res, n, b.reflect[:m], b.reflects, out); sign < 0 {
			for j, x := range res {
				if x < 0 {
					out[j] = scalar(j) // the rounding gap: redrawn exactly (unreflected)
				}
			}
		}
		return
	}
	k := 0
	for j := range m {
		var x int64
		switch b.kind[j] {
		case laneScalar:
			out[j] = scalar(j)
			continue
		case laneBTRS:
			x = b.bres[k]
			k++
		default:
			x = b.res[j]
			if x < 0 {
				out[j] = scalar(j) // the rounding gap: redrawn exactly
				continue
			}
		}
		if b.reflects && b.reflect[j] {
			x = n[j] - x
		}
		out[j] = x
	}
}
