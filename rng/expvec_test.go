package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestExpLane compares expLane with math.Exp on a dense grid of the range
// the batched inversions use ([−21, 0], the largest −μ and −n·λ they pass)
// and beyond it to the documented domain; the bound is 2 ulp (the
// rounding of 14 Horner steps on |r| ≤ 0.35, measured here at most 1).
func TestExpLane(t *testing.T) {
	var worst float64
	for x := -700.0; x <= 1; x += 0.000731 {
		worst = max(worst, ulps(expLane(x), math.Exp(x)))
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1e-300, -math.Ln2 / 2, -20, -21, 1} {
		worst = max(worst, ulps(expLane(x), math.Exp(x)))
	}
	assert.LessOrEqual(t, worst, 2.0, "largest error of expLane, ulp")
}

// TestExpm1Lane compares expm1Lane with math.Expm1 on [0, ln 2], with
// tiny λ down to 10⁻³⁰⁰ where e^λ − 1 would cancel; the bound is 2 ulp.
func TestExpm1Lane(t *testing.T) {
	var worst float64
	for l := 0.0; l <= math.Ln2; l += 0.0000371 {
		if l > 0 {
			worst = max(worst, ulps(expm1Lane(l), math.Expm1(l)))
		}
	}
	for l := 1e-300; l < 1e-3; l *= 3.7 {
		worst = max(worst, ulps(expm1Lane(l), math.Expm1(l)))
	}
	worst = max(worst, ulps(expm1Lane(math.Ln2), math.Expm1(math.Ln2)))
	assert.LessOrEqual(t, worst, 2.0, "largest error of expm1Lane, ulp")
	assert.Equal(t, 0.0, expm1Lane(0))
}

// TestLogLane compares logLane with math.Log across the normal range and
// at the points the batched gamma uses (uniforms down to 2⁻⁵³, sums of
// squares, cubes near 1); the bound is 2 ulp.
func TestLogLane(t *testing.T) {
	var worst float64
	check := func(x float64) {
		if want := math.Log(x); want != 0 {
			worst = max(worst, ulps(logLane(x), want))
		} else {
			assert.Equal(t, 0.0, logLane(x))
		}
	}
	for x := 1e-300; x < 1e300; x *= 1.0137 {
		check(x)
	}
	for x := 0.5; x < 2; x += 0.0000317 {
		check(x)
	}
	for _, x := range []float64{0x1p-53, 1 - 0x1p-53, 1, 1 + 0x1p-52, math.Sqrt2, math.Nextafter(math.Sqrt2, 2), math.SmallestNonzeroFloat64 * (1 << 52), math.MaxFloat64} {
		check(x)
	}
	assert.LessOrEqual(t, worst, 2.0, "largest error of logLane, ulp")
}

// TestHazardLane compares hazardLane with −math.Log1p(−p) on [0, ½] and on
// tiny p down to 10⁻³⁰⁰; the bound is 2 ulp.
func TestHazardLane(t *testing.T) {
	var worst float64
	for p := 0.0000123; p <= 0.5; p += 0.0000371 {
		worst = max(worst, ulps(hazardLane(p), -math.Log1p(-p)))
	}
	for p := 1e-300; p < 1e-3; p *= 3.1 {
		worst = max(worst, ulps(hazardLane(p), -math.Log1p(-p)))
	}
	worst = max(worst, ulps(hazardLane(0.5), math.Ln2))
	assert.LessOrEqual(t, worst, 2.0, "largest error of hazardLane, ulp")
	assert.Equal(t, 0.0, hazardLane(0))
}

// TestProbLane compares probLane with −math.Expm1(−h) on [0, ln 2] and
// tiny h; the bound is 3 ulp: expm1Lane's 2 plus the rounding of the
// quotient s/(1 + s) (1 + s is within ½ ulp, the quotient rounds once).
func TestProbLane(t *testing.T) {
	var worst float64
	for h := 0.0000371; h <= math.Ln2; h += 0.0000371 {
		worst = max(worst, ulps(probLane(h), -math.Expm1(-h)))
	}
	for h := 1e-300; h < 1e-3; h *= 3.7 {
		worst = max(worst, ulps(probLane(h), -math.Expm1(-h)))
	}
	assert.LessOrEqual(t, worst, 3.0, "largest error of probLane, ulp")
	assert.Equal(t, 0.0, probLane(0))
}

// TestLog1pLane compares log1pLane with math.Log1p over the arguments the
// BTRS test gives it, −d/(k+1) and d/(n−k+1): from just above −1 to 10⁶,
// and tiny ones of either sign. The bound, 4 ulp, is logLane's 2 plus the
// correction quotient's rounding, relative to a result that can be smaller
// than logLane(u) (the correction is first order, its error second).
func TestLog1pLane(t *testing.T) {
	var worst float64
	check := func(y float64) {
		if want := math.Log1p(y); want != 0 {
			worst = max(worst, ulps(log1pLane(y), want))
		}
	}
	for y := -0.999999; y < 1e6; y += 0.00031 + math.Abs(y)*0.0007 {
		check(y)
	}
	for y := 1e-300; y < 1; y *= 1.9 {
		check(y)
		check(-y)
	}
	assert.LessOrEqual(t, worst, 4.0, "largest error of log1pLane, ulp")
	assert.Equal(t, 0.0, log1pLane(0))
}

// TestStirlerrLane checks stirlerrLaneI against stirlerr (the scalar
// samplers' δ): the same table below 17, Stirling's series above within
// 10⁻¹⁵ absolute given 1/k within 4 ulp (the two evaluations of the same
// nested form differ only in roundings; δ(k) < 0.005 there).
func TestStirlerrLane(t *testing.T) {
	for k := 1.0; k < 17; k++ {
		assert.Equal(t, stirlerr(k), stirlerrLaneI(k, 1/k), "k = %g", k)
	}
	for k := 17.0; k < 1e15; k = math.Ceil(k * 1.3) {
		assert.InDelta(t, stirlerr(k), stirlerrLaneI(k, 1/k*(1+0x1p-51)), 1e-15, "k = %g", k)
	}
}

// TestProbsKernelsEqualGeneric checks that every probs kernel this CPU
// runs returns probLane's bits on h across [0, ln 2] and tiny h.
func TestProbsKernelsEqualGeneric(t *testing.T) {
	const n = 4096
	src := NewSource(13, "prob lanes", 0)
	h := make([]float64, n)
	for j := range h {
		h[j] = math.Ln2 * Uniform(src)
		if j%3 == 0 {
			h[j] = math.Exp(-700 * Uniform(src))
		}
	}
	h[0], h[1] = 0, math.Ln2
	want := make([]float64, n)
	probsGeneric(h, want)
	withInvImpls(func(name string) {
		got := make([]float64, n)
		probs(h, got)
		assert.Equal(t, want, got, name)
	})
}
