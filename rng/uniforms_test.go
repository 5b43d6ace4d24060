package rng

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUniformsEqualScalar checks that every uniform kernel this CPU runs
// gives, bit for bit, the uniforms of one Uniform call per element, and
// leaves the source where the scalar calls leave it, for lengths around the
// 8-lane steps.
func TestUniformsEqualScalar(t *testing.T) {
	for _, impl := range fillUniformsImpls() {
		for _, n := range []int{0, 1, 7, 8, 9, 16, 63, 256, 1000} {
			t.Run(fmt.Sprintf("%s/n=%d", impl.name, n), func(t *testing.T) {
				saved := fillLevel
				fillLevel = impl.level
				defer func() { fillLevel = saved }()
				batch, scalar := NewSource(7, "uniforms", uint64(n)), NewSource(7, "uniforms", uint64(n))
				got := make([]float64, n)
				batch.Uniforms(got)
				for k := range got {
					require.Equal(t, Uniform(scalar), got[k], "uniform %d", k)
				}
				assert.Equal(t, scalar.Uint64(), batch.Uint64(), "next number after the batch")
			})
		}
	}
}

// TestUniformsExtremes checks the conversion at the ends of the range:
// states whose mixed output is 0 or all ones give 0 and 1 − 2⁻⁵³ in every
// kernel (the inverse of mix64 finds them).
func TestUniformsExtremes(t *testing.T) {
	for _, want := range []uint64{0, ^uint64(0), 1 << 11, 1<<63 | 1<<32} {
		state := unmix64(want) - splitMixGamma
		for _, impl := range fillUniformsImpls() {
			u := make([]float64, 8)
			saved := fillLevel
			fillLevel = impl.level
			fillUniforms(state, u)
			fillLevel = saved
			assert.Equal(t, float64(want>>11)*uniformScale, u[0], "%s: output %#x", impl.name, want)
		}
	}
}

// unmix64 inverts mix64 (each xorshift and odd multiplication is a
// bijection on 64-bit words).
func unmix64(z uint64) uint64 {
	z = unxorshift(z, 31)
	z *= inverseOdd(mixMul2)
	z = unxorshift(z, 27)
	z *= inverseOdd(mixMul1)
	return unxorshift(z, 30)
}

// unxorshift inverts z ^= z >> s.
func unxorshift(z uint64, s uint) uint64 {
	x := z
	for range 64 / s {
		x = z ^ x>>s
	}
	return x
}

// inverseOdd returns the multiplicative inverse of an odd a mod 2⁶⁴
// (Newton's iteration, doubling the correct bits each step).
func inverseOdd(a uint64) uint64 {
	x := a
	for range 6 {
		x *= 2 - a*x
	}
	return x
}

// BenchmarkUniforms reports ns per uniform for one Uniform call at a time
// and for Source.Uniforms filling a block's 256 lanes with each kernel.
func BenchmarkUniforms(b *testing.B) {
	b.Run("scalar", func(b *testing.B) {
		src := NewSource(1, "bench", 0)
		var sink float64
		for b.Loop() {
			for range BlockSize {
				sink += Uniform(src)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*BlockSize), "ns/uniform")
		_ = sink
	})
	for _, impl := range fillUniformsImpls() {
		b.Run("batch/"+impl.name, func(b *testing.B) {
			saved := fillLevel
			fillLevel = impl.level
			defer func() { fillLevel = saved }()
			src := NewSource(1, "bench", 0)
			u := make([]float64, BlockSize)
			for b.Loop() {
				src.Uniforms(u)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*BlockSize), "ns/uniform")
		})
	}
}
