package rng

import "math"

// The lane functions of the batched inversions: exp(x) and e^λ − 1 by
// polynomials of fixed degree with no table and no branch, so that the
// SIMD kernels compute them lane by lane with the same operations in the
// same order and get the same bits as the Go code here. Every product and
// sum is rounded on its own (float64 conversions forbid fused
// multiply-adds, which the kernels do not use either).
const (
	vecLog2e = 1.4426950408889634 // log₂ e
	vecMagic = 0x1.8p52           // 1.5·2⁵²: x + vecMagic rounds x to an integer
	// Cody & Waite's split of ln 2 (fdlibm's ln2HI, ln2LO): k·vecLn2Hi is
	// exact for |k| < 2¹¹.
	vecLn2Hi = 6.93147180369123816490e-01
	vecLn2Lo = 1.90821492927058770002e-10
)

// vecExpCoef are 1/k! for k = 13 … 0, Horner's order: exp(r) for |r| ≤ ln2/2
// to a truncation error below r¹⁴/14! < 5·10⁻¹⁸ (relative).
var vecExpCoef = [14]float64{
	1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880,
	1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2, 1, 1,
}

// vecExpm1Coef are 1/(k+1)! for k = 17 … 0, Horner's order: (e^λ − 1)/λ for
// 0 ≤ λ ≤ ln 2 to a truncation error below λ¹⁸/19! < 10⁻¹⁹ (relative).
var vecExpm1Coef = func() (c [18]float64) {
	f := 1.0
	for k := 1; k <= 18; k++ {
		f *= float64(k)
		c[18-k] = 1 / f // c[17] = 1/1!, c[0] = 1/18!
	}
	return c
}()

// expLane returns e^x for −700 ≤ x ≤ 1: x = k·ln 2 + r with k = round(x/ln 2)
// (the magic-number rounding), r by Cody & Waite's two-part reduction,
// e^r by the Taylor polynomial of degree 13, and 2ᵏ added to the exponent
// bits. Within 2 ulp of math.Exp on that range (TestExpLane).
func expLane(x float64) float64 {
	t := float64(x*vecLog2e) + vecMagic
	kf := t - vecMagic
	r := float64(x-float64(kf*vecLn2Hi)) - float64(kf*vecLn2Lo)
	p := vecExpCoef[0]
	for _, c := range vecExpCoef[1:] {
		p = float64(p*r) + c
	}
	k := math.Float64bits(t) - math.Float64bits(vecMagic)
	return math.Float64frombits(math.Float64bits(p) + k<<52)
}

// expm1Lane returns e^λ − 1 for 0 ≤ λ ≤ ln 2 as λ times the Taylor
// polynomial of (e^λ − 1)/λ of degree 17: full relative precision for tiny
// λ (no cancellation), within 2 ulp of math.Expm1 (TestExpm1Lane).
func expm1Lane(lambda float64) float64 {
	q := vecExpm1Coef[0]
	for _, c := range vecExpm1Coef[1:] {
		q = float64(q*lambda) + c
	}
	return lambda * q
}

// vecLogCoef are 1/(2k+1) for k = 10 … 0, Horner's order in z = s²: log m =
// 2s·Σ z^k/(2k+1) (s = (m−1)/(m+1), |s| ≤ 0.1716 for m ∈ [√½, √2]) to a
// truncation error below z¹¹/23 < 10⁻¹⁸ (relative).
var vecLogCoef = [11]float64{
	1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13, 1.0 / 11, 1.0 / 9, 1.0 / 7, 1.0 / 5, 1.0 / 3, 1,
}

// logLane returns log x for normal positive x: x = 2ᵏ·m with m ∈ (√½, √2]
// from the bits (no table, no branch the SIMD kernels cannot mask), then
// log m = 2·atanh((m−1)/(m+1)) by the series above and k·ln 2 added in
// Cody & Waite's two parts. Within 2 ulp of math.Log (TestLogLane).
func logLane(x float64) float64 {
	b := math.Float64bits(x)
	k := int64(b>>52) - 1023
	mb := b&(1<<52-1) | 0x3ff0000000000000
	if math.Float64frombits(mb) > math.Sqrt2 {
		mb -= 1 << 52
		k++
	}
	f := math.Float64frombits(mb) - 1
	s := f / (2 + f)
	z := s * s
	p := vecLogCoef[0]
	for _, c := range vecLogCoef[1:] {
		p = float64(p*z) + c
	}
	kf := float64(k)
	return float64(float64(kf*vecLn2Lo)+float64(float64(s+s)*p)) + float64(kf*vecLn2Hi)
}

// vecLog1pCoef are 1/(2k+1) for k = 17 … 0, Horner's order in z = s²:
// log(1 + x) = 2s·Σ z^k/(2k+1) with s = x/(2 + x), |s| ≤ ⅓ for x ∈ [−½, 0],
// to a truncation error below z¹⁸/37 < 10⁻¹⁸ (relative).
var vecLog1pCoef = func() (c [18]float64) {
	for k := range c {
		c[17-k] = 1 / float64(2*k+1)
	}
	return c
}()

// hazardLane returns the hazard −log(1 − p) for 0 ≤ p ≤ ½ as −2s·Σ z^k/(2k+1)
// with s = −p/(2 − p): full relative precision for tiny p, within 2 ulp of
// −math.Log1p(−p) (TestHazardLane).
func hazardLane(p float64) float64 {
	s := -p / (2 - p)
	z := s * s
	q := vecLog1pCoef[0]
	for _, c := range vecLog1pCoef[1:] {
		q = float64(q*z) + c
	}
	return -(float64(s+s) * q)
}

// probLane returns p = 1 − e^−h for 0 ≤ h ≤ ln 2 as s/(1 + s) with s =
// e^h − 1 = [expm1Lane](h) (1 − e^−h = (e^h − 1)/e^h): full relative
// precision for tiny h, within 3 ulp of −math.Expm1(−h) (TestProbLane).
func probLane(h float64) float64 {
	s := expm1Lane(h)
	return s / (1 + s)
}
