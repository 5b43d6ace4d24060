package rng

import (
	"math"
)

// MaxPoissonMean is the largest mean accepted by [Poisson]: up to 2⁵² the
// integer part of the mean, and every count near it, is exact in float64.
const MaxPoissonMean = 1 << 52

// poissonInversionLimit is the mean below which [Poisson] uses inversion and
// at or above which it uses PTRS (SPEC §6.4). Hörmann (1993) validates PTRS
// for means ≥ 10; up to 20 the chunked inversion is the faster of the two
// (benchmarked: ~23 vs ~80 ns/draw at mean 10, ~43 vs ~55 at 20).
const poissonInversionLimit = 20

// poissonMaxCandidate bounds PTRS candidates before their conversion to int64.
// A candidate above it can only come from |U| within 2⁻⁴⁰ of ½; its Poisson
// probability is below 10⁻³⁰⁰ for every mean ≤ [MaxPoissonMean], so it is
// rejected.
const poissonMaxCandidate = 1 << 62

// Poisson returns a Poisson(mean) deviate drawn from src, exact in
// distribution up to float64 arithmetic, without allocating (SPEC §6.4):
// mean = 0 returns 0 consuming no random numbers, mean < 20 uses inversion by
// sequential search from 0 ([poissonInversion]), and mean ≥ 20 uses PTRS
// (Hörmann 1993, [poissonPTRS]).
//
// Every uniform deviate comes from [Uniform]. A NaN, negative or infinite mean,
// or one above [MaxPoissonMean], is an internal invariant violation and panics.
func Poisson(src *Source, mean float64) int64 {
	if !(mean >= 0 && mean <= MaxPoissonMean) {
		checkPoissonMean("rng.Poisson", mean) // panics
	}
	switch {
	case mean == 0:
		return 0
	case mean < poissonInversionLimit:
		return poissonInversion(src, mean)
	}
	return poissonPTRS(src, mean)
}

// poissonPTRS draws Poisson(mean) for mean ≥ 20 with algorithm PTRS
// ("Poisson, transformed rejection with squeeze") of W. Hörmann, "The
// transformed rejection method for generating Poisson random variables",
// Insurance: Mathematics and Economics 12(1):39–45, 1993.
//
// With U uniform on (−½, ½) and V uniform on (0, 1), the candidate is
// k = ⌊(2a/us + b)·U + mean + 0.43⌋ with us = ½ − |U|; it is accepted at once
// inside the squeeze (us ≥ 0.07 and V ≤ v_r), rejected quickly when k < 0 or in
// the thin tails (us < 0.013 and V > us), and otherwise accepted when
//
//	w = V·α⁻¹/(a/us² + b) ≤ f(k) = e^−mean·meanᵏ/k!.
//
// Changes from the paper's listing, identical in exact arithmetic: k is formed
// as m + ⌊(…)·U + frac(mean) + 0.43⌋ with m = ⌊mean⌋, so large means keep
// integer precision; the candidate range is tested before the squeeze (the
// paper tests k < 0 after it, which only matters for k that the squeeze
// cannot produce); the final test is decided by [poissonRatio.accept] (product
// recursion from f(m) near the mode, Loader's saddle-point log pmf beyond)
// instead of with lgamma; and candidates that are infinite (U = −½, us = 0) or
// above 2⁶² are rejected before the conversion to int64 (their probability is
// below 10⁻³⁰⁰).
func poissonPTRS(src *Source, mean float64) int64 {
	t := newPTRS(mean)
	for {
		if k, ok := t.trial(Uniform(src), Uniform(src)); ok {
			return k
		}
	}
}

// ptrs is PTRS's set-up for one mean (it depends only on the mean).
type ptrs struct {
	a, b, vr, meanInt, meanFrac, invAlpha float64
	acc                                   poissonRatio
}

// newPTRS sets PTRS up for mean ≥ 20.
func newPTRS(mean float64) ptrs {
	b := 0.931 + 2.53*math.Sqrt(mean)
	meanInt := float64(floorInt(mean)) // mean ≤ 2⁵²
	return ptrs{
		a: -0.059 + 0.02483*b, b: b, vr: 0.9277 - 3.6224/(b-2),
		meanInt: meanInt, meanFrac: mean - meanInt, // exact
		invAlpha: 1.1239 + 1.1328/(b-3.4),
		acc:      poissonRatio{mean: mean, m: meanInt},
	}
}

// trial runs one PTRS trial with the uniforms u1 (U = u1 − ½) and v, and
// reports the candidate and whether it is accepted.
func (t *ptrs) trial(u1, v float64) (int64, bool) {
	u := u1 - 0.5
	us := 0.5 - math.Abs(u)
	ius := 1 / us
	x := (2*t.a*ius+t.b)*u + t.meanFrac + 0.43 // k − m = ⌊x⌋
	if !(x >= -t.meanInt && x < poissonMaxCandidate) {
		return 0, false // k < 0, or k huge or infinite
	}
	kf := t.meanInt + float64(floorInt(x))
	if b2i(us >= 0.07)&b2i(v <= t.vr) != 0 {
		return int64(kf), true // squeeze: accepted at once (one branch)
	}
	if us < 0.013 && v > us {
		return 0, false
	}
	return int64(kf), t.acc.accept(v*t.invAlpha, t.a*ius*ius+t.b, kf)
}

// poissonRatio evaluates the PTRS acceptance test w ≤ f(k) for the
// Poisson(mean) pmf f with m = ⌊mean⌋ ≥ 20; fm caches f(m) (0 until needed).
type poissonRatio struct {
	mean, m, fm float64
}

// accept reports whether w = wn/wd ≤ f(k) (the division is only carried
// out on the logarithmic path):
//
//   - |k − m| ≤ 20: as w·Π_{i=m+1..k} i/mean ≤ f(m) or
//     w ≤ f(m)·Π_{i=k+1..m} i/mean (f(i)/f(i−1) = mean/i), with f(m) computed
//     once per draw in Loader's form e^{−δ(m) − bd0(m, mean)}/√(2πm);
//   - otherwise as log w ≤ log f(k) ([logPoissonPMF]).
func (r *poissonRatio) accept(wn, wd, k float64) bool {
	d := k - r.m
	if math.Abs(d) > ratioSteps {
		return fastLog(wn/wd) <= logPoissonPMF(k, r.mean)
	}
	if r.fm == 0 {
		r.fm = fastExp(-stirlerr(r.m)-bd0(r.m, r.mean)) / math.Sqrt(2*math.Pi*r.m)
	}
	g := 1 / r.mean
	prod := 1.0
	if d > 0 {
		for i := r.m + 1; i <= k; i++ {
			prod *= i * g
		}
		return wn*prod <= r.fm*wd
	}
	for i := k + 1; i <= r.m; i++ {
		prod *= i * g
	}
	return wn <= r.fm*prod*wd
}
