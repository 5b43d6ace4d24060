package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// qchisq95 is qchisq(0.95, 1) (R: 3.841459).
const qchisq95 = 3.841458820694124

// TestChiSquared1Quantile compares with R's qchisq(p, 1).
func TestChiSquared1Quantile(t *testing.T) {
	assert.InDelta(t, qchisq95, chiSquared1Quantile(0.95), 1e-12)
	assert.InDelta(t, 6.634896601021214, chiSquared1Quantile(0.99), 1e-12) // qchisq(0.99, 1)
	assert.InDelta(t, 2.705543454095404, chiSquared1Quantile(0.90), 1e-12) // qchisq(0.90, 1)
}

// quadraticProfile returns n values evenly spaced over [lo, hi] and the
// exact profile ℓ(θ) = top − a·(θ − mle)².
func quadraticProfile(n int, lo, hi, top, a, mle float64) (values, logliks []float64) {
	for i := range n {
		x := lo + (hi-lo)*float64(i)/float64(n-1)
		values = append(values, x)
		logliks = append(logliks, top-a*(x-mle)*(x-mle))
	}
	return values, logliks
}

// TestMCAPExactQuadratic: on an exact quadratic profile the local quadratic
// smoother reproduces it, the Monte Carlo error is 0, so the interval is
// the classical mle ± √(qchisq(0.95, 1)/(2a)), the statistical SE is
// √(1/(2a)) and Delta = qchisq/2. MLE and bounds lie on the 1000-point
// grid, so they are exact to one grid step.
func TestMCAPExactQuadratic(t *testing.T) {
	for _, tc := range []struct {
		name           string
		n              int
		lo, hi, a, mle float64
	}{
		// He et al.'s R0 scale: curvature 0.05 per unit² gives a
		// half-width √(3.84/0.1) ≈ 6.2 around 56.8.
		{"R0-like", 15, 40, 75, 0.05, 56.8},
		// A steep profile off-centre in its range.
		{"steep, off-centre", 11, 1, 5, 2, 3.3},
		// The fewest points the quadratic stage's covariance allows
		// (⌊0.75·8⌋ − 2 = 4 points with weight).
		{"eight points", 8, -1, 1, 20, 0.1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			values, logliks := quadraticProfile(tc.n, tc.lo, tc.hi, -3804.9, tc.a, tc.mle)
			res, err := MCAP(values, logliks, 0.95)
			require.NoError(t, err)
			step := (tc.hi - tc.lo) / (MCAPGrid - 1)
			half := math.Sqrt(qchisq95 / (2 * tc.a))
			assert.InDelta(t, tc.mle, res.MLE, step, "MLE")
			assert.InDelta(t, tc.mle, res.QuadraticMax, 1e-6*(tc.hi-tc.lo), "quadratic maximum")
			assert.InDelta(t, tc.a, res.A, 1e-6*tc.a, "curvature")
			assert.InDelta(t, math.Sqrt(1/(2*tc.a)), res.SEStat, 1e-6, "SE stat")
			assert.Less(t, res.SEMC, 1e-6*(tc.hi-tc.lo), "SE mc of an exact quadratic")
			assert.InDelta(t, qchisq95/2, res.Delta, 1e-9, "Delta")
			assert.InDelta(t, tc.mle-half, res.Lower, step, "lower")
			assert.InDelta(t, tc.mle+half, res.Upper, step, "upper")
			require.Len(t, res.Smoothed, MCAPGrid)
			require.Len(t, res.Grid, MCAPGrid)
			assert.InDelta(t, -3804.9, res.Smoothed[0]+tc.a*(tc.lo-tc.mle)*(tc.lo-tc.mle), 1e-6, "smoothed at the first grid point")
		})
	}
}

// TestMCAPNoisyWidens adds Monte Carlo noise (sd 1 log unit, a fixed
// stream) to a quadratic profile: SEMC becomes positive, Delta exceeds
// qchisq/2 by qchisq·a·SEMC², the interval still covers the true maximum
// and is wider than the noiseless one.
func TestMCAPNoisyWidens(t *testing.T) {
	const a, mle = 0.05, 56.8
	values, logliks := quadraticProfile(21, 40, 75, -3804.9, a, mle)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range logliks {
		logliks[i] += r.NormFloat64()
	}
	res, err := MCAP(values, logliks, 0.95)
	require.NoError(t, err)
	assert.Greater(t, res.SEMC, 0.0)
	assert.InDelta(t, qchisq95*(res.A*res.SEMC*res.SEMC+0.5), res.Delta, 1e-12)
	assert.Greater(t, res.Delta, qchisq95/2)
	assert.InDelta(t, math.Hypot(res.SEStat, res.SEMC), res.SE, 1e-12)
	assert.Less(t, res.Lower, mle)
	assert.Greater(t, res.Upper, mle)
	half := math.Sqrt(qchisq95 / (2 * a))
	// The noise moves the estimate, so compare widths, not bounds; 0.8
	// leaves room for a sample whose smoothed curvature came out high.
	assert.Greater(t, res.Upper-res.Lower, 0.8*2*half)
}

// TestMCAPErrors checks the argument errors.
func TestMCAPErrors(t *testing.T) {
	v, l := quadraticProfile(10, 0, 1, 0, 1, 0.5)
	for _, tc := range []struct {
		name    string
		values  []float64
		logliks []float64
		level   float64
		want    string
	}{
		{"lengths differ", v, l[:9], 0.95, "10 values and 9 log-likelihoods"},
		{"level 1", v, l, 1, "level 1 must be in (0, 1)"},
		{"too few", v[:4], l[:4], 0.95, "4 profile points are too few"},
		{"non-finite", v, append(append([]float64{}, l[:9]...), math.Inf(-1)), 0.95, "point 9"},
		{"convex", v, negate(l), 0.95, "not concave"},
		{"all one value", make([]float64, 10), l, 0.95, "three distinct values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := MCAP(tc.values, tc.logliks, tc.level)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// negate returns −x.
func negate(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = -v
	}
	return out
}

// TestMCAPMatchesR compares with pomp's mcap code run in R 4 on a noisy
// quadratic profile (17 values of R0 over [40, 75], ℓ = −3804.9 −
// 0.05·(θ − 56.8)² + N(0, 1) noise from set.seed(3)), with loess's
// surface = "direct" (our smoother evaluates every grid point directly;
// the default "interpolate" differs by a grid step or two). The expected
// values are R's, printed to 10 decimals: 1e-8 absorbs that rounding.
func TestMCAPMatchesR(t *testing.T) {
	values := []float64{40, 42.1875, 44.375, 46.5625, 48.75, 50.9375, 53.125, 55.3125, 57.5, 59.6875, 61.875, 64.0625, 66.25, 68.4375, 70.625, 72.8125, 75}
	logliks := []float64{-3819.9739334159199, -3815.8687835353799, -3812.3602430337601, -3811.2924521984201, -3807.9443421737101,
		-3806.5883213678999, -3805.4898635183899, -3803.8940225997799, -3806.1433574155799, -3804.04951409041, -3806.9325628461402,
		-3808.6684138833398, -3810.0814834900302, -3811.4189179428499, -3814.30448554334, -3818.02766424218, -3822.4150173309099}
	res, err := MCAP(values, logliks, 0.95)
	require.NoError(t, err)
	const tol = 1e-8
	assert.InDelta(t, 56.2562562563, res.MLE, tol)
	assert.InDelta(t, 50.8958958959, res.Lower, tol)
	assert.InDelta(t, 61.8968968969, res.Upper, tol)
	assert.InDelta(t, 1.9972368569, res.Delta, tol)
	assert.InDelta(t, 0.063245327489, res.A, tol)
	assert.InDelta(t, 56.3680886911, res.QuadraticMax, tol)
	assert.InDelta(t, 2.8117116433, res.SEStat, tol)
	assert.InDelta(t, 0.5611636611, res.SEMC, tol)
	assert.InDelta(t, -3819.7573083401, res.Smoothed[0], tol)
	assert.InDelta(t, -3804.7770240540, res.Smoothed[499], tol)
}
