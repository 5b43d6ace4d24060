package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// abmDraws is the sample size of the draws tests: 2·10⁵ draws put the
// standard error of a mean at 0.2 % of the standard deviation.
const abmDraws = 200_000

// TestUint32nUniform checks Uint32n's range and, by a chi-square test over
// its n values, its uniformity (chiSquareLevel: false alarm checkAlpha).
func TestUint32nUniform(t *testing.T) {
	for _, n := range []uint32{1, 2, 7, 1000} {
		src := NewSource(testSeed, "Uint32n", uint64(n))
		counts := make([]float64, n)
		for range abmDraws {
			k := Uint32n(src, n)
			require.Less(t, k, n)
			counts[k]++
		}
		if n == 1 {
			continue
		}
		exp := float64(abmDraws) / float64(n)
		var chi float64
		for _, c := range counts {
			chi += (c - exp) * (c - exp) / exp
		}
		countChecks(1)
		assert.Less(t, chi, distuv.ChiSquared{K: float64(n - 1)}.Quantile(chiSquareLevel), "n = %d", n)
	}
}

// TestUint64nRange checks Uint64n's range, including n near 2⁶⁴ where the
// rejection branch matters, and its mean for n = 10 (σ of the mean
// 2.87/√abmDraws; zBound standard errors).
func TestUint64nRange(t *testing.T) {
	src := NewSource(testSeed, "Uint64n", 0)
	big := uint64(1)<<63 + 12345
	var sum float64
	for range abmDraws {
		require.Less(t, Uint64n(src, big), big)
		sum += float64(Uint64n(src, 10))
	}
	se := math.Sqrt(99.0/12) / math.Sqrt(abmDraws)
	countChecks(1)
	assert.InDelta(t, 4.5, sum/abmDraws, zBound*se)
}

// TestExponentialAndLogNormalMoments checks the means and variances of
// Exponential (1, 1) and of LogNormal with LogNormalParams(6, 2) (the ABM's
// latent period: mean 6, sd 2) within zBound standard errors of the mean and
// 3 % on the standard deviation (its relative standard error at 2·10⁵ draws
// is below 0.5 %).
func TestExponentialAndLogNormalMoments(t *testing.T) {
	mu, sigma := LogNormalParams(6, 2)
	for _, c := range []struct {
		name     string
		draw     func(*Source) float64
		mean, sd float64
	}{
		{"exponential", Exponential, 1, 1},
		{"lognormal 6, 2", func(s *Source) float64 { return s.LogNormal(mu, sigma) }, 6, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := NewSource(testSeed, c.name, 0)
			var s1, s2 float64
			for range abmDraws {
				x := c.draw(src)
				require.GreaterOrEqual(t, x, 0.0)
				s1 += x
				s2 += x * x
			}
			m := s1 / abmDraws
			sd := math.Sqrt(s2/abmDraws - m*m)
			countChecks(2) // the standard deviation's 3 % is 6 of its standard errors: P < 10⁻⁸
			assert.InDelta(t, c.mean, m, zBound*c.sd/math.Sqrt(abmDraws))
			assert.InEpsilon(t, c.sd, sd, 0.03)
		})
	}
}
