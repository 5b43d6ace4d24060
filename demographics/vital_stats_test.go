package demographics

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// Statistical tolerances of the demographic draws (the rng package's
// criteria): a chi-square statistic must stay below its 0.9999 quantile and
// a proportion within 5 standard errors, each a false alarm of about 10⁻⁴
// or less per check with fixed seeds, so a pass is reproducible.
const (
	chiSquareLevel = 0.9999
	zBound         = 5.0
	minExpected    = 5.0 // chi-square cells are merged until each expects ≥ 5 draws
)

// vitalSeed is the seed of the demographic draws' tests.
const vitalSeed = 20261127

// assertChiSquare checks observed counts against probabilities probs (summing
// to 1) over m draws, merging adjacent cells until each expects
// ≥ minExpected draws.
func assertChiSquare(t *testing.T, observed, probs []float64, m int) {
	t.Helper()
	var chi2, exp, obs float64
	df := -1.0
	for i, p := range probs {
		exp += p * float64(m)
		obs += observed[i]
		if exp >= minExpected || i == len(probs)-1 {
			if exp > 0 {
				chi2 += (obs - exp) * (obs - exp) / exp
				df++
			} else {
				assert.Zero(t, obs, "draws in a cell of probability 0 (cell %d)", i)
			}
			exp, obs = 0, 0
		}
	}
	require.GreaterOrEqual(t, df, 1.0)
	limit := distuv.ChiSquared{K: df}.Quantile(chiSquareLevel)
	assert.Less(t, chi2, limit, "chi-square with %g degrees of freedom", df)
}

// assertProportion checks that k of m draws is within zBound standard errors
// of probability p.
func assertProportion(t *testing.T, k, m int, p float64, msgAndArgs ...any) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(m))
	assert.LessOrEqual(t, math.Abs(float64(k)/float64(m)-p), zBound*se+1e-12, msgAndArgs...)
}

// writeTemp writes content to a file name in a fresh temporary directory
// and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}
