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

// ksCritical is the Kolmogorov–Smirnov bound √(−ln(α/2)/2)/√m at α = 10⁻⁴
// (the asymptotic Kolmogorov distribution; the same false-alarm rate as
// chiSquareLevel), as a multiple of 1/√m.
var ksCritical = math.Sqrt(-math.Log(1e-4/2) / 2)

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
			m := drawCount(t, 400_000)
			src := NewSource(testSeed, fmt.Sprintf("Gamma/shape=%g", shape), 0)
			xs := make([]float64, m)
			var sum, sumSq float64
			for i := range xs {
				x := Gamma(src, shape)
				require.GreaterOrEqual(t, x, 0.0)
				xs[i] = x
				d := x - shape
				sum += d
				sumSq += d * d
			}
			mf := float64(m)
			meanDev := sum / mf
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
		})
	}
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
