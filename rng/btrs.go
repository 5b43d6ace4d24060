package rng

import (
	"math"
)

// ratioSteps is the largest |k − m| for which the rejection tests of BTRS and
// PTRS evaluate f(k)/f(m) by its product recursion (no logarithm) instead of
// in log space; BTPE's step 5.1 uses the same bound (Kachitvichyanukul &
// Schmeiser 1988).
const ratioSteps = 20

// binomialBTRS draws Binomial(n, p) for 0 < p ≤ ½ and n·p ≥ 15 with algorithm
// BTRS ("Binomial, Transformed Rejection with Squeeze") of W. Hörmann, "The
// generation of binomial random variates", Journal of Statistical Computation
// and Simulation 46(1–2):101–110, 1993.
//
// With U uniform on (−½, ½), V uniform on (0, 1) and us = ½ − |U|, the
// candidate is k = ⌊(2a/us + b)·U + n·p + 0.5⌋; it is accepted at once inside
// the squeeze (us ≥ 0.07 and V ≤ v_r), rejected when k ∉ [0, n], and otherwise
// accepted when w = V·α/(a/us² + b) ≤ f(k)/f(m), m = ⌊(n+1)p⌋ the mode.
// Constants b, a, v_r, α are the paper's.
//
// The final test f(k)/f(m) is decided by [binomialRatio.accept] (product recursion
// near the mode, BTPE's quadratic squeeze and Stirling bound beyond) rather
// than by the paper's difference of four log-factorials, which is identical in
// exact arithmetic but loses all precision for n ≳ 10¹² and costs four
// logarithms. Candidates are formed as m + ⌊offset⌋ with the offset relative to
// m (n·p + 0.5 − m = frac((n+1)p) − p + 0.5, exact), so n up to 2⁵³ keeps
// integer precision; a candidate that is infinite (us = 0) is rejected with the
// range test before its conversion to int64.
func binomialBTRS(src *Source, n int64, p float64) int64 {
	t := newBTRS(n, p)
	for {
		if k, ok := t.trial(Uniform(src), Uniform(src)); ok {
			return k
		}
	}
}

// btrs is BTRS's set-up for one (n, p) (it depends only on them).
type btrs struct {
	a, b, vr, c, kMin, kMax, alpha float64
	m                              int64
	acc                            binomialRatio
}

// newBTRS sets BTRS up for 0 < p ≤ ½ and n·p ≥ 15.
func newBTRS(n int64, p float64) btrs {
	nf := float64(n)
	q := 1 - p
	npq := nf * p * q
	spq := math.Sqrt(npq)
	b := 1.15 + 2.53*spq
	ib := 1 / b
	fm := nf*p + p // (n+1)p
	m := int64(fm) // mode; fm > 0 so truncation is the floor
	return btrs{
		a: -0.0873 + 0.0248*b + 0.01*p, b: b, vr: 0.92 - 4.2*ib,
		c:    (fm - float64(m)) - p + 0.5,
		kMin: -float64(m), kMax: float64(n - m + 1), // k ∈ [0, n] ⇔ kMin ≤ x < kMax
		alpha: (2.83 + 5.1*ib) * spq,
		m:     m,
		acc:   binomialRatio{n: n, m: m, p: p, q: q, npq: npq, inpq: 1 / npq},
	}
}

// trial runs one BTRS trial with the uniforms u1 (U = u1 − ½) and v, and
// reports the candidate and whether it is accepted.
func (t *btrs) trial(u1, v float64) (int64, bool) {
	u := u1 - 0.5
	us := 0.5 - math.Abs(u)
	ius := 1 / us
	x := (2*t.a*ius+t.b)*u + t.c // k − m = ⌊x⌋
	if !(x >= t.kMin && x < t.kMax) {
		return 0, false
	}
	d := floorInt(x)
	if b2i(us >= 0.07)&b2i(v <= t.vr) != 0 {
		return t.m + d, true // squeeze: accepted at once (one branch)
	}
	return t.m + d, t.acc.accept(v*t.alpha, t.a*ius*ius+t.b, d)
}

// binomialRatio evaluates the BTRS acceptance test w ≤ f(m+d)/f(m) for the
// Binomial(n, p) pmf f with mode m, 0 < p ≤ ½, q = 1 − p, npq = n·p·q and
// inpq = 1/npq.
type binomialRatio struct {
	n, m            int64
	p, q, npq, inpq float64
}

// accept reports whether w = wn/wd ≤ f(m+d)/f(m) (the division is only
// carried out on the logarithmic paths):
//
//   - |d| ≤ 20: by the product recursion f(i)/f(i−1) = (n−i+1)p/(i·q),
//     numerator and denominator accumulated separately (each factor scaled by
//     1/npq to stay near 1) and compared without a division (BTPE step 5.1);
//   - 20 < |d| < npq/2 − 1: BTPE's squeeze log f(m+d)/f(m) ∈ [t − ρ, t + ρ],
//     t = −d²/(2npq) (step 5.2), then
//   - the Stirling form of log f(m+d)/f(m) (step 5.3, [binomialLogRatio]).
func (r *binomialRatio) accept(wn, wd float64, d int64) bool {
	k := d
	if k < 0 {
		k = -k
	}
	if k <= ratioSteps {
		pg, qg := r.p*r.inpq, r.q*r.inpq
		num, den := 1.0, 1.0
		// i runs over the steps, j = n − i + 1 with it (exact floats).
		if d > 0 {
			i := float64(r.m + 1)
			j := float64(r.n - r.m)
			for range d {
				num *= j * pg
				den *= i * qg
				i++
				j--
			}
			return wn*den <= num*wd
		}
		i := float64(r.m + d + 1)
		j := float64(r.n - r.m - d)
		for range -d {
			num *= i * qg
			den *= j * pg
			i++
			j--
		}
		return wn*den <= num*wd
	}
	logW := fastLog(wn / wd)
	kf := float64(k)
	if kf < r.npq/2-1 {
		kn := kf * r.inpq
		rho := kn * ((kf*(kf*(1.0/3)+0.625)+1.0/6)*r.inpq + 0.5)
		t := -0.5 * kf * kn
		if logW < t-rho {
			return true
		}
		if logW > t+rho {
			return false
		}
	}
	return logW <= binomialLogRatio(r.n, r.m, r.m+d, r.p, r.q)
}

// binomialLogRatio returns log f(y)/f(m) for the Binomial(n, p) pmf f in the
// Stirling form of BTPE's step 5.3 (Kachitvichyanukul & Schmeiser 1988),
// with x1 = y+1, f1 = m+1, z = n−m+1, w = n−y+1 and d = y − m:
//
//	(m+½)·log(f1/x1) + (n−m+½)·log(z/w) + d·log(w·p/(x1·q))
//	  + δ(f1) + δ(z) − δ(x1) − δ(w),
//
// where δ is the Stirling remainder ([stirlerr], exact for small arguments).
// The ratios f1/x1 and z/w enter as log1p(−d/x1) and log1p(d/w), whose
// arguments are exact differences of integers, so the rounding error stays
// about |d|·2⁻⁵² even at n = 2⁵³.
func binomialLogRatio(n, m, y int64, p, q float64) float64 {
	x1 := float64(y + 1)
	f1 := float64(m + 1)
	z := float64(n - m + 1)
	w := float64(n - y + 1)
	d := float64(y - m)
	return (float64(m)+0.5)*fastLog1p(-d/x1) +
		(float64(n-m)+0.5)*fastLog1p(d/w) +
		d*fastLog(w*p/(x1*q)) +
		stirlerr(f1) + stirlerr(z) - stirlerr(x1) - stirlerr(w)
}
