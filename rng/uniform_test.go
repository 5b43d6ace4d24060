package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUniform checks the SPEC §6.2 construction bit for bit, the range, and
// UniformRange's affine map.
func TestUniform(t *testing.T) {
	a := NewSource(testSeed, "Uniform", 0)
	b := NewSource(testSeed, "Uniform", 0)
	for range 1000 {
		u := Uniform(a)
		assert.Equal(t, float64(b.Uint64()>>11)*0x1p-53, u)
		assert.True(t, u >= 0 && u < 1, "u = %v", u)
	}
	for range 1000 {
		u := UniformRange(a, -3, 5)
		assert.Equal(t, -3+8*float64(b.Uint64()>>11)*0x1p-53, u)
		assert.True(t, u >= -3 && u < 5, "u = %v", u)
	}
}

// TestNormalMoments checks that Normal has mean 0 and variance 1.
func TestNormalMoments(t *testing.T) {
	src := NewSource(testSeed, "Normal", 0)
	m := drawCount(t, 400_000)
	var sum, sumSq float64
	for range m {
		x := Normal(src)
		sum += x
		sumSq += x * x
	}
	mf := float64(m)
	mean := sum / mf
	s2 := (sumSq - sum*sum/mf) / (mf - 1)
	// Mean: standard error σ/√m = 1/√m; zBound standard errors.
	countChecks(2)
	assert.LessOrEqual(t, math.Abs(mean), zBound/math.Sqrt(mf), "mean %v", mean)
	// Variance: Var(s²) ≈ (μ₄ − σ⁴)/m = (3 − 1)/m for a normal; zBound
	// standard errors.
	assert.LessOrEqual(t, math.Abs(s2-1), zBound*math.Sqrt(2/mf), "variance %v", s2)
}

// TestUniformNormalAllocs checks that Uniform and Normal allocate nothing.
func TestUniformNormalAllocs(t *testing.T) {
	src := NewSource(testSeed, "UniformAllocs", 0)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { Uniform(src) }))
	assert.Zero(t, testing.AllocsPerRun(1000, func() { Normal(src) }))
}
