package rng

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestGammaMoments checks Gamma(shape, 1) on both sides of the shape < 1
// boost (0.999 / 1, and 1.001) and far from it: the sample mean against
// shape with standard error √(shape/m), the sample variance against shape
// with Var(s²) from μ₄ = 3·shape·(shape + 2) (cumulants κₙ = shape·(n−1)!),
// both within zBound standard errors, and the whole distribution by a
// Kolmogorov–Smirnov test against gonum's Gamma CDF.
func TestGammaMoments(t *testing.T) {
	t.Parallel()
	for _, shape := range []float64{0.01, 0.1, 0.5, 0.999, 1, 1.001, 2.5, 30, 1e4} {
		t.Run(fmt.Sprintf("shape=%g", shape), func(t *testing.T) {
			t.Parallel()
			src := NewSource(testSeed, fmt.Sprintf("Gamma/shape=%g", shape), 0)
			checkGamma(t, shape, func() float64 { return Gamma(src, shape) })
		})
	}
}

// TestGammasMoments runs TestGammaMoments's checks on the batched sampler
// (Gammas), each case's lanes interleaved with lanes of shape 0.37 (the
// boost) or 3.7, so that they share runs with lanes of the other branch.
func TestGammasMoments(t *testing.T) {
	t.Parallel()
	for _, shape := range []float64{0.01, 0.1, 0.5, 0.999, 1, 1.001, 2.5, 30, 1e4} {
		t.Run(fmt.Sprintf("shape=%g", shape), func(t *testing.T) {
			t.Parallel()
			src := NewSource(testSeed, fmt.Sprintf("Gammas/shape=%g", shape), 0)
			shapes, out := make([]float64, BlockSize), make([]float64, BlockSize)
			for j := range shapes {
				shapes[j] = shape
				if j%2 == 1 {
					shapes[j] = 0.37
					if shape < 1 {
						shapes[j] = 3.7
					}
				}
			}
			next := BlockSize
			checkGamma(t, shape, func() float64 {
				if next >= BlockSize {
					Gammas(src, shapes, out)
					next = 0
				}
				next += 2
				return out[next-2]
			})
		})
	}
}

// checkGamma draws m values of Gamma(shape, 1) with draw and checks the
// sample mean against shape with standard error √(shape/m), the sample
// variance against shape with Var(s²) from μ₄ = 3·shape·(shape + 2)
// (cumulants κₙ = shape·(n−1)!), both within zBound standard errors, and the
// whole distribution by a Kolmogorov–Smirnov test against gonum's Gamma CDF.
func checkGamma(t *testing.T, shape float64, draw func() float64) {
	t.Helper()
	m := drawCount(t, 400_000)
	xs := make([]float64, m)
	var sum, sumSq float64
	for i := range xs {
		x := draw()
		require.GreaterOrEqual(t, x, 0.0)
		xs[i] = x
		d := x - shape
		sum += d
		sumSq += d * d
	}
	mf := float64(m)
	meanDev := sum / mf
	countChecks(3) // the mean, the variance and the Kolmogorov–Smirnov distance
	assert.LessOrEqual(t, math.Abs(meanDev), zBound*math.Sqrt(shape/mf), "sample mean %g", shape+meanDev)
	s2 := (sumSq - sum*sum/mf) / (mf - 1)
	mu4 := 3 * shape * (shape + 2)
	varS2 := mu4/mf - shape*shape*(mf-3)/(mf*(mf-1))
	assert.LessOrEqual(t, math.Abs(s2-shape), zBound*math.Sqrt(varS2), "sample variance %g, want %g", s2, shape)

	slices.Sort(xs)
	ref := distuv.Gamma{Alpha: shape, Beta: 1}
	var dmax float64
	for i, x := range xs {
		f := ref.CDF(x)
		dmax = max(dmax, math.Abs(f-float64(i)/mf), math.Abs(float64(i+1)/mf-f))
	}
	assert.Less(t, dmax, ksCritical/math.Sqrt(mf), "Kolmogorov–Smirnov distance")
}

// TestGammaKernelsEqualGeneric checks that every gamma kernel this CPU runs
// returns, lane for lane, the pure-Go kernel's values and markers, on
// shapes from 10⁻³ to 10⁴ and uniforms that include 0 and 1 − 2⁻⁵³.
func TestGammaKernelsEqualGeneric(t *testing.T) {
	const n = 4096
	src := NewSource(9, "gamma lanes", 0)
	u := make([][]float64, 4)
	for k := range u {
		u[k] = make([]float64, n)
		src.Uniforms(u[k])
	}
	shape := make([]float64, n)
	for j := range shape {
		shape[j] = math.Exp(-7 + 16*Uniform(src))
		switch j % 23 {
		case 3:
			u[j%4][j] = 0
		case 9:
			u[j%4][j] = 1 - 0x1p-53
		}
	}
	wantR, wantG := make([]float64, n), make([]float64, n)
	gammaTrialGeneric(u[0], u[1], u[2], u[3], shape, wantR, wantG)
	assert.Contains(t, wantR, -1.0, "some trials are rejected")
	assert.Contains(t, wantR, -2.0, "some boosts leave the polynomial's range")
	withInvImpls(func(name string) {
		gotR, gotG := make([]float64, n), make([]float64, n)
		gammaTrial(u[0], u[1], u[2], u[3], shape, gotR, gotG)
		for j := range n {
			require.Equal(t, math.Float64bits(wantR[j]), math.Float64bits(gotR[j]), "%s: lane %d (shape %g)", name, j, shape[j])
			if wantR[j] != -1 {
				require.Equal(t, math.Float64bits(wantG[j]), math.Float64bits(gotG[j]), "%s: lane %d Gamma(shape+1)", name, j)
			}
		}
	})
}

// TestGammaPanics checks that invalid shapes panic with a message naming the
// problem.
func TestGammaPanics(t *testing.T) {
	src := NewSource(testSeed, "GammaPanics", 0)
	for _, shape := range []float64{math.NaN(), 0, -1, math.Inf(1), math.Inf(-1)} {
		msg := fmt.Sprintf("rng.Gamma: shape = %g must be positive and finite", shape)
		assert.PanicsWithValue(t, msg, func() { Gamma(src, shape) }, "shape %g", shape)
	}
}
