package rng

import "math"

// The batched BTRS lanes (binomial p ≤ ½, n·λ ≥ binomialBatchLimit) run
// Hörmann's BTRS ([binomialBTRS]) whole in SIMD lanes, round by round
// ([binomialBatch.btrsLanes]): each trial's set-up, candidate, squeeze and
// exact acceptance test are computed in lanes, so a draw costs O(1) (about
// 1.2 trials: 1.27 at n·p = 50, 1.17 at 300) whatever its mean, against
// the O(mean) terms of the inversion kernel.
//
// The exact test, w ≤ f(k)/f(m), is decided in log space with BTPE's
// Stirling form of log f(k)/f(m) ([binomialLogRatio]; Kachitvichyanukul &
// Schmeiser 1988, step 5.3) computed by fixed polynomials
// ([btrsLogRatioLane]: [logLane], [log1pLane] and [stirlerrLaneI]), the
// same operations in the pure-Go kernel and the SIMD one, so that they
// agree bit for bit. Every product and sum is rounded on its own (float64
// conversions forbid fused multiply-adds, which the kernels do not use).

// btrsTrialGeneric is the pure-Go kernel of the batched BTRS lanes (with
// test true; without, the squeeze alone, for the tests): for
// each lane (n = nf[j], 0 < p[j] ≤ ½, n·p ≥ 10, Hörmann's range) one BTRS
// trial with the uniforms u[j], v[j], formed as [btrs.trial] forms it:
//
//   - −1 when the candidate k = m + ⌊x⌋ lies outside [0, n] (rejected);
//   - k when the squeeze accepts it (us ≥ 0.07 and v ≤ v_r);
//   - otherwise, when test is false, −3 (undecided), and when test is
//     true k if
//     w = v·α/(a/us² + b) is 0 or log w ≤ log f(k)/f(m)
//     ([btrsLogRatioLane]), −1 if not.
//
// The SIMD kernels equal it bit for bit.
func btrsTrialGeneric(u, v, nf, p []float64, out []int64, test bool) {
	for j, n := range nf {
		pj := p[j]
		q := 1 - pj
		np := n * pj
		spq := math.Sqrt(float64(np * q))
		b := float64(2.53*spq) + 1.15
		ib := 1 / b
		a := float64(float64(0.0248*b)+-0.0873) + float64(0.01*pj)
		vr := 0.92 - float64(4.2*ib)
		fm := np + pj
		m := math.Floor(fm)
		c := float64(float64(fm-m)-pj) + 0.5
		uu := u[j] - 0.5
		us := 0.5 - math.Abs(uu)
		ius := 1 / us
		x := float64(float64(float64(float64(2*a)*ius)+b)*uu) + c
		d := math.Floor(x)
		out[j] = -1
		switch {
		case !(x >= -m && x < float64(n-m)+1): // k ∉ [0, n]
		case us >= 0.07 && v[j] <= vr:
			out[j] = int64(m + d)
		case !test:
			out[j] = -3
		default:
			wn := v[j] * float64(float64(2.83+float64(5.1*ib))*spq)
			wd := float64(float64(a*ius)*ius) + b
			if wn == 0 || logLane(wn/wd) <= btrsLogRatioLane(n, m, d, pj, q) {
				out[j] = int64(m + d)
			}
		}
	}
}

// btrsLogRatioLane returns log f(m+d)/f(m) for the Binomial(n, p) pmf f
// (q = 1 − p, 0 ≤ m + d ≤ n) in the form of [binomialLogRatio] with
// x1 = m+d+1, f1 = m+1, z = n−m+1, w = n−m−d+1:
//
//	(m+½)·log1p(−d/x1) + (n−m+½)·log1p(d/w) + d·log(w·p/(x1·q))
//	  + (δ(f1) + δ(z)) − (δ(x1) + δ(w)),
//
// by [log1pLane], [logLane] and [stirlerrLaneI], each operation rounded on
// its own in the order written (the SIMD kernel's). The quotients share
// two divisions, the SIMD kernel's costliest operation: r = 1/(x1·w·q)
// gives 1/x1 = w·q·r, 1/w = x1·q·r and w·p/(x1·q) = w·p·w·r, and
// 1/(f1·z) gives 1/f1 and 1/z, each within a few ulp (the products are
// below 2²¹², far from overflow); that moves the result by about |d|·10⁻¹⁵
// (TestBTRSLogRatioLane: within 10⁻¹² of the exact ratio).
func btrsLogRatioLane(n, m, d, p, q float64) float64 {
	x1 := float64(m+d) + 1
	f1 := m + 1
	nm := n - m
	z := nm + 1
	w := float64(nm-d) + 1
	r := 1 / float64(float64(x1*w)*q)
	ix1 := float64(w*q) * r
	iw := float64(x1*q) * r
	arg := float64(float64(w*p)*w) * r
	rf := 1 / float64(f1*z)
	if1 := rf * z
	iz := rf * f1
	ra := float64(m+0.5) * log1pLane(-(d * ix1))
	rb := float64(nm+0.5) * log1pLane(d*iw)
	rc := d * logLane(arg)
	rr := float64(float64(ra+rb) + rc)
	s := float64(stirlerrLaneI(f1, if1)+stirlerrLaneI(z, iz)) - float64(stirlerrLaneI(x1, ix1)+stirlerrLaneI(w, iw))
	return rr + s
}

// log1pLane returns log(1 + y) for y > −1 as logLane(u) − ((u − 1) − y)/u
// with u = 1 + y rounded: the quotient corrects the rounding of u to first
// order (u − 1 is exact for u ≥ ½; for y < −½, u = 1 + y is itself
// exact), so the result keeps the relative precision of logLane even for
// tiny y.
func log1pLane(y float64) float64 {
	u := 1 + y
	return logLane(u) - float64(float64(float64(u-1)-y)/u)
}

// stirlerrLaneI is [stirlerr] for an integer x ≥ 1 as the lanes compute it
// given ix ≈ 1/x: the table below 17, else Stirling's series in
// [stirlingCorrection]'s nested form in ix, each operation rounded on its
// own.
func stirlerrLaneI(x, ix float64) float64 {
	if x < float64(len(stirlerrSmall)) {
		return stirlerrSmall[int(x)]
	}
	ix2 := ix * ix
	t := 99 - float64(140*ix2)
	t = 132 - float64(t*ix2)
	t = 462 - float64(t*ix2)
	t = 13860 - float64(t*ix2)
	return float64(t*ix) * (1.0 / 166320)
}

// btrsPadN and btrsPadP are the (n, p) of the lanes that pad a BTRS
// kernel call to a multiple of 8 (with u = v = ½, squeezed at once): any
// valid lane would do, its value is not used.
const (
	btrsPadN = 64
	btrsPadP = 0.5
)

// btrsLanes draws the run's nb BTRS lanes b.bn[:nb], b.bp[:nb], whose
// first trials take b.bu, b.bv (the lanes' U_j, V_j), into b.bres[:nb],
// round by round: every lane of a round runs one trial in the kernel
// (the SIMD one decides the squeeze and range test first, then the
// others, compressed, with the exact test: 46 % of trials at n = 100, p =
// ½; 29 % at n·p = 300, 25 % at 1 000); the rejected ones (22, 15 and 13 %
// there, measured on 2¹⁸ trials) form the next round, in order, which takes
// the stream's next 2k uniforms (U of each of its k lanes, then V). Each
// lane's value is its first accepted trial from fresh uniforms, so it is
// exactly BTRS's, the Binomial law.
func (b *binomialBatch) btrsLanes(src *Source, nb int) {
	b.btrsRound(nb, b.bres[:]) // the first round: every lane, in place
	r := 0
	for i, x := range b.bres[:nb] { // branch-free: the rejected lanes to the front
		b.blane[r], b.bn[r], b.bp[r] = int32(i), b.bn[i], b.bp[i]
		r += int(b2i(x < 0))
	}
	for k := r; k > 0; k = r {
		src.Uniforms(b.ruv[:2*k])
		copy(b.bu[:k], b.ruv[:k])
		copy(b.bv[:k], b.ruv[k:2*k])
		b.btrsRound(k, b.tres[:])
		r = 0
		for i := range k {
			x, l := b.tres[i], b.blane[i]
			b.bres[l] = x
			b.blane[r], b.bn[r], b.bp[r] = l, b.bn[i], b.bp[i]
			r += int(b2i(x < 0))
		}
	}
}

// btrsRoundScratch is the size of btrsRoundAVX512's scratch: seven
// compressed arrays of BlockSize lanes and 8 of slack (w's numerator and
// denominator, n, p, m, d, index) and their results.
const btrsRoundScratch = 7*(BlockSize+8) + BlockSize

// btrsRound runs one trial of the k lanes b.bu, b.bv, b.bn, b.bp [:k] into
// res[:k]: the candidate or −1 (the kernel of invLevel; the padding lanes
// to a multiple of 8 are any valid lanes).
func (b *binomialBatch) btrsRound(k int, res []int64) {
	k8 := (k + 7) &^ 7
	for i := k; i < k8; i++ {
		b.bu[i], b.bv[i], b.bn[i], b.bp[i] = 0.5, 0.5, btrsPadN, btrsPadP
	}
	btrsRound(b.bu[:k8], b.bv[:k8], b.bn[:k8], b.bp[:k8], res[:k8], &b.rscratch)
}
