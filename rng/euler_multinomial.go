package rng

import (
	"fmt"
	"math"
)

// eulerScratch is one run's hazards, route shares (r1/(r1 + r2), 1 when
// r1 + r2 = 0) and rare-route shares for EulerMultinomials.
type eulerScratch struct {
	hazard, share, rare [BlockSize]float64
}

// eulerFree keeps EulerMultinomials' scratch (see freeList).
var eulerFree freeList[eulerScratch]

// skipEventsPerLane bounds the expected number of candidate events of a run
// drawn by skipping ([rareRoutes]) per lane: one candidate costs a uniform,
// a logarithm and, under thinning, a second uniform (about 10 ns), about
// what one lane of the batched [Binomials] costs, so skipping is taken when
// it expects at most half a candidate per lane.
const skipEventsPerLane = 0.5

// skipLogMargin lets [rareRoutes] end without a logarithm when the gap
// G = ⌊log(1 − U)/log(1 − qmax)⌋ certainly reaches the r trials left:
// |log(1 − U)| ≥ U, so U > r·|log(1 − qmax)|·skipLogMargin gives a computed
// quotient ≥ r even after fastLog's 3 ulp, the division's and this test's
// roundings (all below 2⁻⁴⁹ relative, far under the margin 2⁻³⁰), and so
// the same end as the logarithm would. Runs expecting few candidates
// (qmax·trials ≪ 1, the common case) then skip the logarithm of their one
// gap nearly always.
const skipLogMargin = 1 + 0x1p-30

// maxSkipTrials bounds the trials of a run drawn by skipping: their
// positions are counted in float64, exact below 2⁵³.
const maxSkipTrials = 1 << 52

// EulerMultinomials draws, for every lane j, the two-route Euler-multinomial
// step of n[j] individuals with rates r1[j] (the route counted) and r2[j]
// over dt (pomp's reulermultinom): leave[j] ~ Binomial(n[j], 1 −
// e^(−(r1+r2)·dt)) leave by either route, and first[j] ~ Binomial(leave[j],
// r1/(r1 + r2)) of them take the first. Lanes with r1 + r2 = 0 leave none.
// Per run of at most [BlockSize] lanes the draws are batched: every lane's
// leavers ([BinomialHazards]), then the routes. Each lane's rarer route
// (share q = min(r1, r2)/(r1 + r2) ≤ ½) is the one drawn: when the run
// expects at most [skipEventsPerLane] candidates per lane (q_max·Σ leave,
// q_max the run's largest q over lanes with leavers; and Σ leave ≤ 2⁵²), by geometric skipping
// over the run's leavers laid end to end ([rareRoutes]); otherwise every
// lane's first route by [Binomials]. Negative or NaN rates panic. It
// allocates nothing.
func EulerMultinomials(src *Source, n []int64, r1, r2 []float64, dt float64, first, leave []int64) {
	b := eulerFree.get()
	defer eulerFree.put(b)
	for lo, hi := range Runs(len(n)) {
		if constRates(r1[lo:hi], r2[lo:hi]) {
			eulerRunConst(src, n[lo:hi], r1[lo:hi], r2[lo:hi], dt, first[lo:hi], leave[lo:hi])
			continue
		}
		b.run(src, n[lo:hi], r1[lo:hi], r2[lo:hi], dt, first[lo:hi], leave[lo:hi])
	}
}

// run draws one run of [EulerMultinomials] (len(n) ≤ [BlockSize]), lane
// by lane rates.
func (b *eulerScratch) run(src *Source, n []int64, r1, r2 []float64, dt float64, first, leave []int64) {
	m := len(n)
	r1, r2, first, leave = r1[:m], r2[:m], first[:m], leave[:m]
	hazard, rare, share := b.hazard[:m], b.rare[:m], b.share[:m]
	if !eulerLanes(r1, r2, dt, hazard, rare, share) {
		checkRates(r1, r2)
	}
	binomialHazardRun(src, n, hazard, 0, leave)
	qmax, trials := rareMax(leave, rare)
	if !skipRare(qmax, trials, m) {
		binomialsRun(src, leave, share, first)
		return
	}
	rareRoutes(src, leave, rare, qmax, trials, first)
	reflectRoutes(first, leave, r1, r2)
}

// rareMaxGeneric returns the largest rare share among the lanes with
// leavers (+0 when none is positive, or rare is nil) and the leavers'
// total ([leavers]). The kernels equal it.
func rareMaxGeneric(leave []int64, rare []float64) (qmax, trials float64) {
	if rare == nil {
		return 0, leavers(leave)
	}
	rare = rare[:len(leave)]
	for j, k := range leave {
		if q := rare[j]; k > 0 && q > qmax {
			qmax = q
		}
	}
	return qmax, leavers(leave)
}

// reflectRoutesGeneric turns the rare route's count into the first's in
// the lanes whose first route is the common one (r1 > r2): first = leave
// − first. The kernels equal it.
func reflectRoutesGeneric(first, leave []int64, r1, r2 []float64) {
	leave, r1, r2 = leave[:len(first)], r1[:len(first)], r2[:len(first)]
	for j, k := range leave {
		if r1[j] > r2[j] {
			first[j] = k - first[j]
		}
	}
}

// eulerLane returns a lane's hazard (r1 + r2)·dt, rare share min(r1,
// r2)/(r1 + r2) and first share r1/(r1 + r2) for valid rates x = r1 and
// y = r2 ([checkRates]): 0, 0 and 1 when r1 + r2 = 0.
func eulerLane(x, y, dt float64) (hazard, rare, share float64) {
	if total := x + y; total != 0 {
		inv := 1 / total // one division for both shares
		return total * dt, min(x, y) * inv, x * inv
	}
	return 0, 0, 1
}

// eulerLanesGeneric sets hazard, rare and share to [eulerLane]'s for
// every lane of r1, r2, and reports whether every rate is valid (≥ 0, not
// NaN); the outputs are incomplete when not. The kernels equal it bit for
// bit.
func eulerLanesGeneric(r1, r2 []float64, dt float64, hazard, rare, share []float64) bool {
	r2, hazard, rare, share = r2[:len(r1)], hazard[:len(r1)], rare[:len(r1)], share[:len(r1)]
	low := 0.0 // the smallest rate, NaN if any is
	for j, x := range r1 {
		y := r2[j]
		low = min(low, x, y)
		hazard[j], rare[j], share[j] = eulerLane(x, y, dt)
	}
	return low >= 0
}

// checkRates panics on the first lane of r1, r2 with a negative or NaN
// rate. The callers run it only when a reduction over the lanes (the
// smallest rate, NaN if any) shows one, so that the lanes' loop has no
// branch for it.
func checkRates(r1, r2 []float64) {
	for j, x := range r1 {
		if y := r2[j]; !(x >= 0 && y >= 0) {
			panic(fmt.Sprintf("rng.EulerMultinomials: rates %g and %g must be non-negative", x, y))
		}
	}
}

// leavers returns Σ leave as a float64, as the sum in float64 lane by lane
// would for [skipRare]: summed in int64 (one-cycle adds, not a chain of
// float64 ones), it is equal while the total is below 2⁵³, where every
// partial float64 sum is exact; above, both exceed [maxSkipTrials].
func leavers(leave []int64) float64 {
	var t int64 // ≤ BlockSize·2⁵³ < 2⁶³
	for _, k := range leave {
		t += k
	}
	return float64(t)
}

// skipRare reports whether a run of m lanes draws its rare routes by
// skipping ([rareRoutes]): when it expects at most [skipEventsPerLane]
// candidates per lane (qmax·trials, its largest rare share among lanes
// with leavers times its leavers) and its trials are exact in float64.
func skipRare(qmax, trials float64, m int) bool {
	return !(qmax*trials > skipEventsPerLane*float64(m) || trials > maxSkipTrials)
}

// rareRoutes sets out[j] ~ Binomial(n[j], q[j]) for every lane, every
// q[j] ≤ qmax (qmax ≤ ½), by geometric skipping over the Σ n[j] trials laid
// end to end in lane order: the gap to the next candidate is G =
// ⌊log(1 − U)/log(1 − qmax)⌋ trials (P(G ≥ k) = (1 − qmax)ᵏ, one uniform
// U), and a candidate in lane j counts with probability q[j]/qmax (a second
// uniform V < q[j]/qmax; none when q[j] = qmax). The trials are then
// independent Bernoulli(q[j]), so each out[j] has exactly the binomial law.
// Stream: per candidate, U then (under thinning) V, until the gap passes the
// last trial. A nil q is qmax in every lane (no thinning). trials is Σ n[j]
// ([leavers]), at most [maxSkipTrials] ([skipRare]).
func rareRoutes(src *Source, n []int64, q []float64, qmax, trials float64, out []int64) {
	clear(out)
	if qmax <= 0 {
		return
	}
	logq := fastLog1p(-qmax) // < 0
	sk := rareSkip{logq: logq, scale: -logq * skipLogMargin, trials: trials, pos: -1}
	if q == nil {
		rareRoutesShared(src, n, sk, out)
		return
	}
	// Below trials ≤ 2⁵² the positions are exact integers, so the walk
	// compares them in int64: one-cycle adds, not a chain of float64 ones.
	j, end := 0, n[0] // lane j holds the trials before end
	for sk.next(Uniform(src)) {
		for t := int64(sk.pos); t >= end; { // some lane holds trial t < trials
			j++
			end += n[j]
		}
		if q[j] == qmax || Uniform(src)*qmax < q[j] {
			out[j]++
		}
	}
}

// rareSkip is the geometric skipping of [rareRoutes] over trials laid end
// to end: pos is the last candidate's trial (−1 before the first).
type rareSkip struct {
	logq, scale float64 // log(1 − qmax), −logq·[skipLogMargin]
	trials, pos float64
}

// next moves pos to the next candidate trial, the gap ⌊log(1 − u)/logq⌋
// on, and reports whether it lies before the last trial. A gap past the
// last trial ends the draws at once, rather than after a walk over the
// remaining lanes (most runs have no candidate at all): u above
// (trials − pos − 1)·scale gives G ≥ the trials left ([skipLogMargin]).
func (s *rareSkip) next(u float64) bool {
	if u > (s.trials-s.pos-1)*s.scale {
		return false
	}
	s.pos += math.Floor(fastLog(1-u)/s.logq) + 1
	return s.pos < s.trials
}

// rareCandidates is how many candidate trials [rareRoutesShared] finds
// before it assigns them to their lanes.
const rareCandidates = 64

// rareRoutesShared is [rareRoutes] without thinning (every lane's share
// is qmax), with the same uniforms and counts: it finds up to
// [rareCandidates] candidates' trials first (a chain of gaps whose
// logarithms do not wait on the walk over the lanes), then walks the
// lanes once for all of them.
func rareRoutesShared(src *Source, n []int64, sk rareSkip, out []int64) {
	var cand [rareCandidates]int64
	j, end := 0, n[0] // lane j holds the trials before end
	for {
		k, more := 0, true
		for ; k < rareCandidates; k++ {
			if more = sk.next(Uniform(src)); !more {
				break
			}
			cand[k] = int64(sk.pos)
		}
		for _, t := range cand[:k] {
			for t >= end { // some lane holds trial t < trials
				j++
				end += n[j]
			}
			out[j]++
		}
		if !more {
			return
		}
	}
}
