package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// ulps returns |a − b| in units of the last place of b.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	ab := math.Abs(b)
	return math.Abs(a-b) / (math.Nextafter(ab, math.Inf(1)) - ab)
}

// maxULP is the tolerance of the fast functions against package math: ours
// are within 1 ulp of the exact value by construction (exp; 2 for expm1, log
// and log1p, see their comments) and math's within 1 ulp, so the two may
// differ by up to 3 ulp; 3 still catches any wrong coefficient or table entry
// (those show up as thousands of ulps).
const maxULP = 3

// TestFastMathAccuracy compares fastExp, fastExpm1, fastLog and fastLog1p
// with package math on 10⁶ points per function spread over the ranges the
// samplers use (and beyond), from a fixed stream.
func TestFastMathAccuracy(t *testing.T) {
	src := NewSource(testSeed, "FastMath", 0)
	var worst [4]float64
	for range 1_000_000 {
		u := Uniform(src)
		// Exponent arguments: |x| ≤ 700 (table path) on a log scale, so
		// tiny, moderate and large magnitudes all appear.
		x := math.Copysign(700*math.Pow(2, -60*Uniform(src)), u-0.5)
		worst[0] = max(worst[0], ulps(fastExp(x), math.Exp(x)))
		worst[1] = max(worst[1], ulps(fastExpm1(x), math.Expm1(x)))
		// Log arguments: 2^[−1000, 1000], plus [0.9, 1.1] densely.
		y := math.Pow(2, 2000*u-1000)
		if u < 0.5 {
			y = 0.9 + 0.4*u
		}
		worst[2] = max(worst[2], ulps(fastLog(y), math.Log(y)))
		// log1p arguments: (−1, 1] and tiny magnitudes of both signs.
		z := 2*Uniform(src) - 1
		if u < 0.5 {
			z = math.Copysign(math.Pow(2, -60*Uniform(src)), u-0.25)
		}
		if z > -1 {
			worst[3] = max(worst[3], ulps(fastLog1p(z), math.Log1p(z)))
		}
	}
	for i, name := range []string{"fastExp", "fastExpm1", "fastLog", "fastLog1p"} {
		assert.LessOrEqual(t, worst[i], float64(maxULP), "%s: worst error %.2f ulp", name, worst[i])
	}
}

// TestFastMathSpecial checks exact values and the fallbacks to package math
// outside the table paths.
func TestFastMathSpecial(t *testing.T) {
	assert.Equal(t, 1.0, fastExp(0))
	assert.Equal(t, 0.0, fastExpm1(0))
	assert.Equal(t, 0.0, fastLog(1))
	assert.Equal(t, 0.0, fastLog1p(0))
	assert.Equal(t, 1e-300, fastLog1p(1e-300), "log1p(x) = x for tiny x")
	assert.Equal(t, -1e-20, fastExpm1(-1e-20), "expm1(x) = x for tiny x")
	// Table entry for c = 1 is exact, so log keeps relative precision at 1.
	e := logTable[1<<logTableBits-logJMin]
	assert.Equal(t, 1.0, e.inv)
	assert.Equal(t, 0.0, e.logInv)
	for _, x := range []float64{700.5, -700.5, 710, -746, -1e4, math.Inf(1), math.Inf(-1), math.NaN()} {
		assert.Equal(t, math.Float64bits(math.Exp(x)), math.Float64bits(fastExp(x)), "exp(%g)", x)
		assert.Equal(t, math.Float64bits(math.Expm1(x)), math.Float64bits(fastExpm1(x)), "expm1(%g)", x)
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1, 5e-324, 1e-310, math.Inf(1), math.NaN()} {
		assert.Equal(t, math.Float64bits(math.Log(x)), math.Float64bits(fastLog(x)), "log(%g)", x)
	}
	for _, x := range []float64{-1, -2, math.Inf(1), math.NaN()} {
		assert.Equal(t, math.Float64bits(math.Log1p(x)), math.Float64bits(fastLog1p(x)), "log1p(%g)", x)
	}
}

// TestFloorInt checks floorInt against math.Floor on both sides of integers.
func TestFloorInt(t *testing.T) {
	for _, x := range []float64{0, math.Copysign(0, -1), 0.5, -0.5, 1, -1, 2.999, -2.999, 1e15 + 0.5, -1e15 - 0.5, 0x1p62 - 1024} {
		assert.Equal(t, int64(math.Floor(x)), floorInt(x), "x = %g", x)
	}
}
