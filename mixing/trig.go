package mixing

import "math"

// Polynomial sine and arcsine for the haversine distance: the gravity build
// computes N²/2 distances, and math.Sin/math.Asin (with their general range
// reduction and math.Atan) were most of its time. Both are accurate to about
// one ulp on the ranges used, with no cancellation for small arguments (the
// result is x + x·t·P(t), t = x², where the correction is a small fraction of
// x), and they are odd bit for bit, so distances stay symmetric.
//
// The coefficients are Chebyshev approximations (near-minimax; J. C. Mason
// and D. C. Handscomb, "Chebyshev Polynomials", 2003, ch. 6) of
// P(t) = (f(√t) − √t)/(t·√t), fitted for this package with mpmath.chebyfit
// at 50 digits and rounded to float64: for sin on t ∈ [0, (π/2)²], degree 7,
// fit error 3.4e−19; for asin on t ∈ [0, 1/4], degree 12, fit error 1.5e−17.
// The arcsine above 1/2 uses asin(h) = π/2 − 2·asin(√((1−h)/2)) (W. J. Cody
// and W. Waite, "Software Manual for the Elementary Functions", 1980,
// ch. 10). Explicit float64 conversions forbid fused multiply-add, so the
// bits are the same on every platform.

// sinPoly holds P for sin, highest degree first.
var sinPoly = [...]float64{
	2.7314447669863995e-15,
	-7.643970296798572e-13,
	1.6058977312464087e-10,
	-2.5052107616996182e-08,
	2.7557319219163234e-06,
	-0.00019841269841254974,
	0.008333333333333316,
	-0.16666666666666666,
}

// asinPoly holds P for asin, highest degree first.
var asinPoly = [...]float64{
	0.028757851367421566,
	-0.014851887071247204,
	0.01740087944269402,
	0.005457506718640358,
	0.01032281435018578,
	0.011479177415184906,
	0.013971212973552933,
	0.017352392720869973,
	0.02237217294214989,
	0.030381944138531247,
	0.04464285714635543,
	0.07499999999998433,
	0.16666666666666669,
}

// π and π/2 as a float64 plus the rounding remainder (Cody–Waite
// splitting), for arguments reduced without losing accuracy.
const (
	piHi   = 3.141592653589793
	piLo   = 1.2246467991473532e-16
	pio2Hi = 1.5707963267948966
	pio2Lo = 6.123233995736766e-17
)

// sinSmall returns sin(x) for |x| ≤ π/2 (plus rounding).
func sinSmall(x float64) float64 {
	t := float64(x * x)
	p := sinPoly[0]
	for _, c := range sinPoly[1:] {
		p = float64(p*t) + c
	}
	return x + float64(x*float64(t*p))
}

// sinHalfAngle returns sin(d/2) up to sign for a longitude or latitude
// difference d ∈ [−2π, 2π] (the sign does not matter to the haversine,
// which squares it): |d/2| above π/2 is reflected to π − |d/2| first, using
// sin(π − y) = sin(y), with π split so the reduction is exact to an ulp.
func sinHalfAngle(d float64) float64 {
	x := d / 2
	if x > pio2Hi {
		x = float64(piHi-x) + piLo
	} else if x < -pio2Hi {
		x = float64(-piHi-x) - piLo
	}
	return sinSmall(x)
}

// asinUnit returns asin(h) for h ∈ [0, 1].
func asinUnit(h float64) float64 {
	if h <= 0.5 {
		return h + float64(h*float64(float64(h*h)*asinPoly12(float64(h*h))))
	}
	z := float64(1-h) / 2 // exact for h ∈ [1/2, 1]
	s := sqrt(z)
	a := s + float64(s*float64(z*asinPoly12(z)))
	return float64(pio2Hi-float64(2*a)) + pio2Lo
}

// asinPoly12 evaluates the asin polynomial P(t) by Horner's rule.
func asinPoly12(t float64) float64 {
	p := asinPoly[0]
	for _, c := range asinPoly[1:] {
		p = float64(p*t) + c
	}
	return p
}

// sqrt is math.Sqrt (correctly rounded everywhere).
func sqrt(x float64) float64 { return math.Sqrt(x) }
