package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestAliasChiSquare draws from alias tables of typical shapes (a population
// pyramid's 21 bins, one dominant weight, zeros among the weights, a single
// index, 1000 random weights) and checks the counts against m·w_i/Σw with a
// chi-square test at chiSquareLevel (false alarm checkAlpha per table; bins with
// weight 0 must get no draw at all).
func TestAliasChiSquare(t *testing.T) {
	t.Parallel()
	random := make([]float64, 1000)
	wsrc := NewSource(testSeed, "Alias/weights", 0)
	for i := range random {
		random[i] = Uniform(wsrc) * 10
	}
	// A Nigeria-like pyramid, thousands per five-year bin (shape only).
	pyramid := []float64{33, 29, 26, 22, 19, 16, 14, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1.5, 0.8, 0.3, 0.1, 0.01}
	for _, c := range []struct {
		name string
		w    []float64
	}{
		{"pyramid", pyramid}, {"dominant", []float64{1e6, 1, 1, 1}}, {"zeros", []float64{0, 3, 0, 1, 0, 6, 0}},
		{"single", []float64{2}}, {"random1000", random},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := NewAlias(c.w)
			require.NoError(t, err)
			require.Equal(t, len(c.w), a.Len())
			src := NewSource(testSeed, "Alias/"+c.name, 0)
			m := drawCount(t, 400_000)
			counts := make([]float64, len(c.w))
			for range m {
				counts[a.Draw(src)]++
			}
			var sum float64
			for _, w := range c.w {
				sum += w
			}
			// Merge bins from the left until each expects ≥ minBinExpected.
			var chi2, exp, obs float64
			df := -1.0
			for i, w := range c.w {
				if w == 0 {
					assert.Zero(t, counts[i], "index %d has weight 0", i)
					continue
				}
				exp += float64(m) * w / sum
				obs += counts[i]
				if exp >= minBinExpected || i == len(c.w)-1 {
					chi2 += (obs - exp) * (obs - exp) / exp
					exp, obs = 0, 0
					df++
				}
			}
			if df < 1 {
				return // one cell: every draw is index 0, checked by the zero-weight rule
			}
			countChecks(1)
			limit := distuv.ChiSquared{K: df}.Quantile(chiSquareLevel)
			assert.Less(t, chi2, limit, "chi-square with %g df", df)
		})
	}
}

// TestAliasErrors checks that bad weights are refused with ErrBadWeights
// naming the index.
func TestAliasErrors(t *testing.T) {
	for _, c := range []struct {
		w    []float64
		want string
	}{
		{nil, "0 weights"},
		{[]float64{1, -1}, "weight 1 is -1"},
		{[]float64{math.NaN()}, "weight 0 is NaN"},
		{[]float64{math.Inf(1)}, "weight 0 is +Inf"},
		{[]float64{0, 0}, "sum to 0"},
		{[]float64{math.MaxFloat64, math.MaxFloat64}, "sum to +Inf"},
	} {
		t.Run(fmt.Sprint(c.w), func(t *testing.T) {
			_, err := NewAlias(c.w)
			require.ErrorIs(t, err, ErrBadWeights)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestAliasAllocs checks that Draw allocates nothing.
func TestAliasAllocs(t *testing.T) {
	a, err := NewAlias([]float64{1, 2, 3})
	require.NoError(t, err)
	src := NewSource(testSeed, "AliasAllocs", 0)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { a.Draw(src) }))
}
