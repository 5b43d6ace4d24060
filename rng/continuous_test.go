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

// checkKS draws m values with draw and checks the Kolmogorov–Smirnov distance
// to cdf against ksCritical/√m (false-alarm probability checkAlpha per check,
// the level of TestGammaMoments), and the sample mean against mean within zBound
// standard errors √(variance/m).
func checkKS(t *testing.T, m int, mean, variance float64, cdf func(float64) float64, draw func() float64) {
	t.Helper()
	xs := make([]float64, m)
	var sum float64
	for i := range xs {
		xs[i] = draw()
		sum += xs[i]
	}
	mf := float64(m)
	countChecks(2)
	assert.LessOrEqual(t, math.Abs(sum/mf-mean), zBound*math.Sqrt(variance/mf), "sample mean %g, want %g", sum/mf, mean)
	slices.Sort(xs)
	var dmax float64
	for i, x := range xs {
		f := cdf(x)
		dmax = max(dmax, math.Abs(f-float64(i)/mf), math.Abs(float64(i+1)/mf-f))
	}
	assert.Less(t, dmax, ksCritical/math.Sqrt(mf), "Kolmogorov–Smirnov distance")
}

// TestLogNormal checks Source.LogNormal against gonum's lognormal CDF (KS)
// and its mean e^(μ+σ²/2), variance (e^σ² − 1)·e^(2μ+σ²), for the ABM's
// latent-period scale (μ = ln 10 days: 2.3, σ = 0.2 and 0.5) and a wide case.
func TestLogNormal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ mu, sigma float64 }{{2.3, 0.2}, {2.3, 0.5}, {0, 1}, {-1, 0.05}} {
		t.Run(fmt.Sprintf("mu=%g,sigma=%g", c.mu, c.sigma), func(t *testing.T) {
			t.Parallel()
			src := NewSource(testSeed, fmt.Sprintf("LogNormal/%g/%g", c.mu, c.sigma), 0)
			ref := distuv.LogNormal{Mu: c.mu, Sigma: c.sigma}
			s2 := c.sigma * c.sigma
			mean := math.Exp(c.mu + s2/2)
			variance := (math.Exp(s2) - 1) * math.Exp(2*c.mu+s2)
			checkKS(t, drawCount(t, 400_000), mean, variance, ref.CDF, func() float64 { return src.LogNormal(c.mu, c.sigma) })
		})
	}
}

// TestExponential checks Source.Exponential against the CDF 1 − e^(−rate·x)
// (KS) and its mean 1/rate, variance 1/rate², and that it is the unit-rate
// [Exponential] divided by rate, bit for bit.
func TestExponential(t *testing.T) {
	t.Parallel()
	for _, rate := range []float64{1e-4, 0.125, 1, 30} {
		t.Run(fmt.Sprintf("rate=%g", rate), func(t *testing.T) {
			t.Parallel()
			src := NewSource(testSeed, fmt.Sprintf("Exponential/%g", rate), 0)
			cdf := func(x float64) float64 { return -math.Expm1(-rate * x) }
			checkKS(t, drawCount(t, 400_000), 1/rate, 1/(rate*rate), cdf, func() float64 { return src.Exponential(rate) })
		})
	}
	a, b := NewSource(testSeed, "Exponential/bits", 0), NewSource(testSeed, "Exponential/bits", 0)
	for range 100 {
		require.Equal(t, Exponential(b)/2.5, a.Exponential(2.5))
	}
}

// TestGammaScale checks Source.Gamma(shape, scale) against gonum's gamma CDF
// with rate 1/scale (KS) and its mean shape·scale, variance shape·scale², at
// the ABM's infectious period (mean 8, sd 2: shape 16, scale 0.25) and a
// shape below 1; and that it consumes the stream exactly as rng.Gamma.
func TestGammaScale(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ shape, scale float64 }{{16, 0.25}, {0.5, 3}, {2, 10}} {
		t.Run(fmt.Sprintf("shape=%g,scale=%g", c.shape, c.scale), func(t *testing.T) {
			t.Parallel()
			src := NewSource(testSeed, fmt.Sprintf("GammaScale/%g/%g", c.shape, c.scale), 0)
			ref := distuv.Gamma{Alpha: c.shape, Beta: 1 / c.scale}
			checkKS(t, drawCount(t, 400_000), c.shape*c.scale, c.shape*c.scale*c.scale, ref.CDF,
				func() float64 { return src.Gamma(c.shape, c.scale) })
		})
	}
	a, b := NewSource(testSeed, "GammaScale/bits", 0), NewSource(testSeed, "GammaScale/bits", 0)
	for range 100 {
		require.Equal(t, Gamma(b, 3.5)*2, a.Gamma(3.5, 2))
	}
}

// TestContinuousPanics checks that invalid parameters panic with a message
// naming the parameter, and that sigma = 0 is the constant e^mu.
func TestContinuousPanics(t *testing.T) {
	src := NewSource(testSeed, "ContinuousPanics", 0)
	nan, inf := math.NaN(), math.Inf(1)
	for _, p := range [][2]float64{{nan, 1}, {inf, 1}, {0, -1}, {0, nan}, {0, inf}} {
		assert.Panics(t, func() { src.LogNormal(p[0], p[1]) }, "LogNormal(%g, %g)", p[0], p[1])
	}
	for _, r := range []float64{nan, 0, -1, inf} {
		assert.PanicsWithValue(t, fmt.Sprintf("rng.Exponential: rate = %g must be positive and finite", r),
			func() { src.Exponential(r) })
		assert.PanicsWithValue(t, fmt.Sprintf("rng.Source.Gamma: scale = %g must be positive and finite", r),
			func() { src.Gamma(2, r) })
	}
	assert.Equal(t, math.Exp(1.5), src.LogNormal(1.5, 0))
}

// TestContinuousAllocs checks that the draws allocate nothing.
func TestContinuousAllocs(t *testing.T) {
	src := NewSource(testSeed, "ContinuousAllocs", 0)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { src.LogNormal(2, 0.5) }))
	assert.Zero(t, testing.AllocsPerRun(1000, func() { src.Exponential(0.5) }))
	assert.Zero(t, testing.AllocsPerRun(1000, func() { src.Gamma(16, 0.25) }))
}
