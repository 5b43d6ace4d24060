package rng

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// MaxBinomialN is the largest n accepted by [Binomial]: up to 2⁵³ every
// count the sampler handles is exactly representable as a float64.
const MaxBinomialN = 1 << 53

// binomialInversionLimit is the n·p threshold (after reflecting p > ½) below
// which [Binomial] uses inversion and at or above which it uses BTPE
// (SPEC §6.4).
const binomialInversionLimit = 30

// Binomial returns a Binomial(n, p) deviate drawn from src, exact in
// distribution up to float64 arithmetic, without allocating (SPEC §6.4):
//
//   - n = 0 or p ≤ 0 returns 0 and p ≥ 1 returns n, consuming no random
//     numbers;
//   - p > ½ returns n − Binomial(n, 1−p);
//   - otherwise n·p < 30 uses inversion by sequential search from 0, and
//     n·p ≥ 30 uses BTPE (Kachitvichyanukul & Schmeiser 1988).
//
// Every uniform deviate comes from [Uniform]. A negative n, an n above
// [MaxBinomialN] or a NaN p is an internal invariant violation and panics.
func Binomial(src *rand.PCG, n int64, p float64) int64 {
	switch {
	case n < 0:
		panic(fmt.Sprintf("rng.Binomial: n = %d is negative", n))
	case n > MaxBinomialN:
		panic(fmt.Sprintf("rng.Binomial: n = %d exceeds the supported maximum 2^53", n))
	case math.IsNaN(p):
		panic("rng.Binomial: p is NaN")
	case n == 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case p > 0.5:
		// 1 − p is exact for p ∈ (½, 1) (Sterbenz).
		return n - binomialLow(src, n, 1-p)
	}
	return binomialLow(src, n, p)
}

// binomialLow draws Binomial(n, p) for n ≥ 1 and 0 < p ≤ ½.
func binomialLow(src *rand.PCG, n int64, p float64) int64 {
	if float64(n)*p < binomialInversionLimit {
		return binomialInversion(src, n, p)
	}
	return binomialBTPE(src, n, p)
}

// binomialInversion draws Binomial(n, p) for 0 < p ≤ ½ and n·p < 30 by
// inversion of the cdf with a sequential search from 0: X is the least x with
// U < F(x), found by subtracting f(0), f(1), … from U, where
// f(0) = qⁿ = exp(n·log1p(−p)) and f(x) = f(x−1)·(n−x+1)p / (x·q).
//
// qⁿ ≥ e^−42 here (n·p < 30, p ≤ ½), so it never underflows. When U lies above
// the float64 sum of all f(x) (a gap of a few ulps created by rounding; U is
// then within ~1e−16 of 1), the search runs past n or until f(x) underflows to
// 0; the draw is then restarted with a fresh U. That rejects exactly the
// rounding gap, so the result stays exact up to float64 arithmetic and the loop
// always terminates (the expected number of restarts is ~1e−16).
func binomialInversion(src *rand.PCG, n int64, p float64) int64 {
	q := 1 - p
	s := p / q
	qn := math.Exp(float64(n) * math.Log1p(-p))
	for {
		if x, ok := binomialSearch(Uniform(src), qn, s, n); ok {
			return x
		}
	}
}

// binomialSearch inverts the Binomial(n, p) cdf at u by sequential search from
// 0, given qn = qⁿ and s = p/q; ok is false when u lies in the rounding gap
// above the float64 sum of the pmf (the caller then draws a new u).
func binomialSearch(u, qn, s float64, n int64) (x int64, ok bool) {
	px := qn
	for u >= px {
		u -= px
		x++
		px *= s * float64(n-x+1) / float64(x) // 0 once x > n
		if px == 0 {
			return 0, false
		}
	}
	return x, true
}

// binomialBTPE draws Binomial(n, p) for 0 < p ≤ ½ and n·p ≥ 30 with algorithm
// BTPE ("Binomial, Triangle, Parallelogram, Exponential") of V. Kachitvichyanukul
// and B. W. Schmeiser, "Binomial random variate generation", Communications of
// the ACM 31(2):216–222, 1988. Step numbers in comments follow the paper.
//
// The hat function over the mode m = ⌊(n+1)p⌋ is a triangle (region 1,
// accepted immediately), two parallelograms (region 2) and two exponential
// tails (regions 3 and 4). A candidate y with scaled ordinate v is accepted
// when v ≤ f(y)/f(m), tested by explicit recursion when y is near m (|y−m| ≤ 20)
// or far out in the tails, and otherwise by a squeeze followed by the
// Stirling-series bound of step 5.3.
//
// Changes from the paper's listing, all identical in exact arithmetic, so that
// n up to 2⁵³ keeps full precision (at n ≈ 10¹² one ulp of m is 10⁻⁴):
//   - candidates are formed as m + ⌊offset⌋ with the small offset computed
//     relative to m, never as ⌊xm + …⌋ with xm ≈ n·p;
//   - fm − xl and xr − fm are formed from fm − m (exact) and p1;
//   - log(f1/x1) and log(z/w) of step 5.3 are computed as log1p((m−y)/x1) and
//     log1p((y−m)/w), whose arguments are exact differences of integers;
//   - the recursion of step 5.1 uses f(i)/f(i−1) = s·(n−i+1)/i with exact
//     integer factors instead of a/i − s;
//   - a tail candidate with v = 0 (log v = −∞, i.e. y = ∓∞) is rejected, as the
//     paper's y < 0 / y > n test would in exact arithmetic.
//
// The remaining rounding error of the step 5.3 bound is about |y−m|·2⁻⁵² in
// log f, e.g. below 10⁻¹⁰ for n ≤ 10¹².
func binomialBTPE(src *rand.PCG, n int64, p float64) int64 {
	// Step 0: set-up (depends only on n and p).
	nf := float64(n)
	r := p
	q := 1 - p
	nrq := nf * r * q
	fm := nf*r + r // (n+1)p
	m := int64(fm) // mode; fm > 0 so truncation is the floor
	mf := float64(m)
	fmFrac := fm - mf // exact
	p1 := math.Floor(2.195*math.Sqrt(nrq)-4.6*q) + 0.5
	xm := mf + 0.5
	xl := xm - p1
	xr := xm + p1
	c := 0.134 + 20.5/(15.3+mf)
	a := (fmFrac - 0.5 + p1) / (fm - xl*r) // (fm − xl)/(fm − xl·r)
	laml := a * (1 + a/2)
	a = (p1 + 0.5 - fmFrac) / (xr * q) // (xr − fm)/(xr·q)
	lamr := a * (1 + a/2)
	p2 := p1 * (1 + 2*c)
	p3 := p2 + c/laml
	p4 := p3 + c/lamr

	for {
		// Step 1: select a region.
		u := Uniform(src) * p4
		v := Uniform(src)
		var y int64
		switch {
		case u <= p1:
			// Step 1, triangle: y = ⌊xm − p1·v + u⌋, accepted.
			return m + int64(math.Floor(u-p1*v+0.5))
		case u <= p2:
			// Step 2, parallelograms: x = xl + (u − p1)/c, dx = x − m.
			dx := 0.5 - p1 + (u-p1)/c
			v = v*c + 1 - math.Abs(0.5-dx)/p1 // |m − x + ½| = |½ − dx|
			if v > 1 {
				continue
			}
			y = m + int64(math.Floor(dx))
		case u <= p3:
			// Step 3, left exponential tail: y = ⌊xl + log(v)/λl⌋.
			if v == 0 {
				continue
			}
			y = m + int64(math.Floor(0.5-p1+math.Log(v)/laml))
			if y < 0 {
				continue
			}
			v *= (u - p2) * laml
		default:
			// Step 4, right exponential tail: y = ⌊xr − log(v)/λr⌋.
			if v == 0 {
				continue
			}
			y = m + int64(math.Floor(0.5+p1-math.Log(v)/lamr))
			if y > n {
				continue
			}
			v *= (u - p3) * lamr
		}

		// Step 5.0: choose the acceptance test.
		k := y - m
		if k < 0 {
			k = -k
		}
		kf := float64(k)
		if k <= 20 || kf >= nrq/2-1 {
			// Step 5.1: f(y)/f(m) by explicit recursion.
			s := r / q
			f := 1.0
			if m < y {
				for i := m + 1; i <= y; i++ {
					f *= s * float64(n-i+1) / float64(i)
				}
			} else if m > y {
				for i := y + 1; i <= m; i++ {
					f /= s * float64(n-i+1) / float64(i)
				}
			}
			if v <= f {
				return y
			}
			continue
		}

		// Step 5.2: squeeze on log f(y)/f(m) ≈ −k²/(2npq).
		rho := (kf / nrq) * ((kf*(kf/3+0.625)+1.0/6)/nrq + 0.5)
		t := -kf * kf / (2 * nrq)
		logV := math.Log(v)
		if logV < t-rho {
			return y
		}
		if logV > t+rho {
			continue
		}

		// Step 5.3: final test against log f(y)/f(m) from Stirling's formula,
		// with x1 = y+1, f1 = m+1, z = n+1−m, w = n−y+1.
		x1 := float64(y + 1)
		f1 := mf + 1
		z := float64(n - m + 1)
		w := float64(n - y + 1)
		d := float64(y - m)
		bound := xm*math.Log1p(-d/x1) +
			(float64(n-m)+0.5)*math.Log1p(d/w) +
			d*math.Log(w*r/(x1*q)) +
			stirlingCorrection(f1) + stirlingCorrection(z) -
			stirlingCorrection(x1) - stirlingCorrection(w)
		if logV <= bound {
			return y
		}
	}
}
