package rng

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// MaxPoissonMean is the largest mean accepted by [Poisson]: up to 2⁵² the
// integer part of the mean, and every count near it, is exact in float64.
const MaxPoissonMean = 1 << 52

// poissonInversionLimit is the mean below which [Poisson] uses inversion and
// at or above which it uses PTRS (SPEC §6.4).
const poissonInversionLimit = 10

// poissonMaxCandidate bounds PTRS candidates before their conversion to int64.
// A candidate above it can only come from |U| within 2⁻⁴⁰ of ½; its Poisson
// probability is below 10⁻³⁰⁰ for every mean ≤ [MaxPoissonMean], so it is
// rejected.
const poissonMaxCandidate = 1 << 62

// Poisson returns a Poisson(mean) deviate drawn from src, exact in
// distribution up to float64 arithmetic, without allocating (SPEC §6.4):
// mean = 0 returns 0 consuming no random numbers, mean < 10 uses inversion by
// sequential search from 0, and mean ≥ 10 uses PTRS (Hörmann 1993).
//
// Every uniform deviate comes from [Uniform]. A NaN, negative or infinite mean,
// or one above [MaxPoissonMean], is an internal invariant violation and panics.
func Poisson(src *rand.PCG, mean float64) int64 {
	switch {
	case math.IsNaN(mean):
		panic("rng.Poisson: mean is NaN")
	case mean < 0:
		panic(fmt.Sprintf("rng.Poisson: mean = %g is negative", mean))
	case mean > MaxPoissonMean:
		panic(fmt.Sprintf("rng.Poisson: mean = %g exceeds the supported maximum 2^52", mean))
	case mean == 0:
		return 0
	case mean < poissonInversionLimit:
		return poissonInversion(src, mean)
	}
	return poissonPTRS(src, mean)
}

// poissonInversion draws Poisson(mean) for 0 < mean < 10 by inversion of the
// cdf with a sequential search from 0: X is the least x with U < F(x), found by
// subtracting f(0) = e^−mean, f(1), … from U with f(x) = f(x−1)·mean/x.
//
// When U lies above the float64 sum of all f(x) (a gap of a few ulps created by
// rounding; U is then within ~1e−16 of 1) the search would never end: it stops
// when f(x) underflows to 0 (x of a few hundred) and the draw restarts with a
// fresh U. That rejects exactly the rounding gap, so the result stays exact up
// to float64 arithmetic and the loop always terminates.
func poissonInversion(src *rand.PCG, mean float64) int64 {
	emu := math.Exp(-mean) // ≥ e^−10
	for {
		if x, ok := poissonSearch(Uniform(src), emu, mean); ok {
			return x
		}
	}
}

// poissonSearch inverts the Poisson(mean) cdf at u by sequential search from
// 0, given emu = e^−mean; ok is false when u lies in the rounding gap above the
// float64 sum of the pmf (the caller then draws a new u).
func poissonSearch(u, emu, mean float64) (x int64, ok bool) {
	px := emu
	for u >= px {
		u -= px
		x++
		px *= mean / float64(x)
		if px == 0 {
			return 0, false
		}
	}
	return x, true
}

// poissonPTRS draws Poisson(mean) for mean ≥ 10 with algorithm PTRS
// ("Poisson, transformed rejection with squeeze") of W. Hörmann, "The
// transformed rejection method for generating Poisson random variables",
// Insurance: Mathematics and Economics 12(1):39–45, 1993.
//
// With U uniform on (−½, ½) and V uniform on (0, 1), the candidate is
// k = ⌊(2a/us + b)·U + mean + 0.43⌋ with us = ½ − |U|; it is accepted at once
// inside the squeeze (us ≥ 0.07 and V ≤ v_r), rejected quickly when k < 0 or in
// the thin tails (us < 0.013 and V > us), and otherwise accepted when
//
//	log(V·α⁻¹ / (a/us² + b)) ≤ log f(k) = −mean + k·log(mean) − log k!.
//
// Changes from the paper's listing, identical in exact arithmetic, so that
// large means keep full precision: k is formed as ⌊mean⌋ + ⌊(…)·U + frac(mean)
// + 0.43⌋; log f(k) is evaluated in Loader's saddle-point form
// ([logPoissonPMF]) instead of with lgamma; and candidates that are infinite
// (U = −½, us = 0) or above 2⁶² are rejected before the conversion to int64
// (their probability is below 10⁻³⁰⁰).
func poissonPTRS(src *rand.PCG, mean float64) int64 {
	// Set-up (depends only on the mean).
	b := 0.931 + 2.53*math.Sqrt(mean)
	a := -0.059 + 0.02483*b
	logInvAlpha := math.Log(1.1239 + 1.1328/(b-3.4))
	vr := 0.9277 - 3.6224/(b-2)
	meanInt := math.Floor(mean)
	meanFrac := mean - meanInt // exact

	for {
		u := Uniform(src) - 0.5
		v := Uniform(src)
		us := 0.5 - math.Abs(u)
		kf := meanInt + math.Floor((2*a/us+b)*u+meanFrac+0.43)
		if us >= 0.07 && v <= vr {
			return int64(kf) // squeeze: accepted at once
		}
		if !(kf >= 0) || kf > poissonMaxCandidate || (us < 0.013 && v > us) {
			continue
		}
		if math.Log(v)+logInvAlpha-math.Log(a/(us*us)+b) <= logPoissonPMF(kf, mean) {
			return int64(kf)
		}
	}
}
