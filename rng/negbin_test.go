package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// negBinTailMass is where negBinCase's histogram window ends: the pmf is
// summed from 0 until a geometric bound on the mass left above the window
// falls below it.
const negBinTailMass = 1e-12

// negBinCase builds the distCase of the negative binomial with mean μ and
// size k (a = μ/k). Moments from the factorial cumulants: a Poisson mixture's
// factorial cumulants are the mixing Gamma(k, a)'s cumulants
// κ_[j] = k·(j−1)!·aʲ, and κₙ = Σⱼ S(n, j)·κ_[j] with Stirling numbers of the
// second kind S(4, ·) = 1, 7, 6, 1, so κ₂ = μ(1 + a),
// κ₄ = μ(1 + 7a + 12a² + 6a³) and μ₄ = κ₄ + 3κ₂². The pmf comes from
// log-gamma (SPEC §6.4): log P(x) = lgΓ(x+k) − lgΓ(k) − lgΓ(x+1) +
// k·log(k/(k+μ)) + x·log(μ/(k+μ)), over [0, x_max] with the mass above x_max
// bounded below negBinTailMass, in cells of width ⌈σ/50⌉ (as ratioCells).
func negBinCase(name string, mean, size float64, m int) distCase {
	a := mean / size
	k2 := mean * (1 + a)
	k4 := mean * (1 + 7*a + 12*a*a + 6*a*a*a)
	logP0 := size * math.Log(size/(size+mean))
	logQ := math.Log(mean / (size + mean))
	lgK := lgamma(size)
	logPMF := func(x float64) float64 { return lgamma(x+size) - lgK - lgamma(x+1) + logP0 + x*logQ }
	return distCase{
		name:     name,
		draw:     func(src *Source) int64 { return NegativeBinomial(src, mean, size) },
		m:        m,
		mean:     mean,
		variance: k2,
		mu4:      k4 + 3*k2*k2,
		pNonZero: -math.Expm1(logP0),
		lo:       0,
		hi:       math.MaxInt64,
		cells: func() (int64, int64, []float64) {
			width := max(1, int64(math.Ceil(math.Sqrt(k2)/50)))
			q := mean / (size + mean)
			var probs []float64
			for x := int64(0); ; x++ {
				xf := float64(x)
				p := math.Exp(logPMF(xf))
				if x%width == 0 {
					probs = append(probs, 0)
				}
				probs[len(probs)-1] += p
				// Beyond x the ratio f(y+1)/f(y) = (y+k)/(y+1)·q stays
				// below r = max(its value at x, q) (it decreases for
				// k ≥ 1 and increases to q for k < 1), so the mass above
				// x is at most f(x)·r/(1 − r).
				r := max((xf+size)/(xf+1)*q, q)
				if xf >= mean && r < 1 && p*r/(1-r) < negBinTailMass {
					return 0, width, probs
				}
			}
		},
	}
}

// TestNegativeBinomialGrid runs the SPEC §6.4 mean / variance / shape checks
// with m = 4·10⁵ draws over mean ∈ {10⁻³, 0.5, 5, 50, 5·10³} × size ∈ {0.1,
// 1, 10, 10³}: from near-geometric overdispersion (size 0.1) to near-Poisson
// (size 10³), across the Poisson sampler's inversion/PTRS switch at 20 and
// the Gamma sampler's shape < 1 boost (size 0.1 and 1 on its two sides).
func TestNegativeBinomialGrid(t *testing.T) {
	t.Parallel()
	for _, mean := range []float64{1e-3, 0.5, 5, 50, 5e3} {
		for _, size := range []float64{0.1, 1, 10, 1e3} {
			name := fmt.Sprintf("mean=%g/size=%g", mean, size)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				checkDistribution(t, negBinCase("NegativeBinomial/"+name, mean, size, drawCount(t, 400_000)))
			})
		}
	}
}

// TestNegativeBinomialsGrid runs TestNegativeBinomialGrid's checks on the
// batched sampler (NegativeBinomials), each case's lanes interleaved with
// lanes of mean 7 and size +Inf (a plain Poisson lane: no gamma).
func TestNegativeBinomialsGrid(t *testing.T) {
	t.Parallel()
	for _, mean := range []float64{1e-3, 0.5, 5, 50, 5e3} {
		for _, size := range []float64{0.1, 1, 10, 1e3} {
			name := fmt.Sprintf("mean=%g/size=%g", mean, size)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				means, sizes := make([]float64, BlockSize), make([]float64, BlockSize)
				for j := range means {
					means[j], sizes[j] = mean, size
					if j%2 == 1 {
						means[j], sizes[j] = 7, math.Inf(1)
					}
				}
				c := negBinCase("NegativeBinomials/"+name, mean, size, drawCount(t, 400_000))
				c.draw = batchedDraw(func(src *Source, out []int64) { NegativeBinomials(src, means, sizes, out) })
				checkDistribution(t, c)
			})
		}
	}
}

// TestNegativeBinomialEdgeValues checks that mean 0 returns 0 consuming no
// random numbers, and that size +Inf draws Poisson(mean) from the same
// stream, value for value.
func TestNegativeBinomialEdgeValues(t *testing.T) {
	for _, size := range []float64{0.1, 1, math.Inf(1)} {
		s := NewStreams(testSeed, "NegativeBinomialEdgeValues", 1)
		before, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Zero(t, NegativeBinomial(s.Block(0), 0, size))
		after, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, before, after, "stream state changed at size %g", size)
	}
	nb := NewSource(testSeed, "NegativeBinomialPoissonLimit", 0)
	po := NewSource(testSeed, "NegativeBinomialPoissonLimit", 0)
	for _, mean := range []float64{0.3, 7, 25, 1e4} {
		for range 100 {
			require.Equal(t, Poisson(po, mean), NegativeBinomial(nb, mean, math.Inf(1)), "mean %g", mean)
		}
	}
}

// TestNegativeBinomialPanics checks that invalid parameters (internal
// invariant violations) panic with a message naming the problem.
func TestNegativeBinomialPanics(t *testing.T) {
	src := NewSource(testSeed, "NegativeBinomialPanics", 0)
	tests := []struct {
		name       string
		mean, size float64
		msg        string
	}{
		{"NaN mean", math.NaN(), 1, "rng.NegativeBinomial: mean is NaN"},
		{"negative mean", -1, 1, "rng.NegativeBinomial: mean = -1 is negative"},
		{"+Inf mean", math.Inf(1), 1, "rng.NegativeBinomial: mean = +Inf exceeds the supported maximum 2^52"},
		{"NaN size", 1, math.NaN(), "rng.NegativeBinomial: size = NaN must be positive"},
		{"zero size", 1, 0, "rng.NegativeBinomial: size = 0 must be positive"},
		{"negative size", 1, -2, "rng.NegativeBinomial: size = -2 must be positive"},
		{"zero mean, zero size", 0, 0, "rng.NegativeBinomial: size = 0 must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.msg, func() { NegativeBinomial(src, tt.mean, tt.size) })
		})
	}
}

// TestNegativeBinomialAllocs checks that every branch allocates nothing.
func TestNegativeBinomialAllocs(t *testing.T) {
	src := NewSource(testSeed, "NegativeBinomialAllocs", 0)
	for _, c := range [][2]float64{{0, 1}, {5, math.Inf(1)}, {0.5, 0.1}, {50, 10}, {5e3, 1e3}} {
		allocs := testing.AllocsPerRun(1000, func() { NegativeBinomial(src, c[0], c[1]) })
		assert.Zero(t, allocs, "mean=%g size=%g", c[0], c[1])
	}
}
