package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/metrics"
)

// quantileTol absorbs the rounding of (n−1)·p and of the interpolation
// (a few ulps of values below 200); hand-computed values are exact
// decimals.
const quantileTol = 1e-12

// TestQuantileHandComputed checks Hyndman–Fan type 7 against values
// computed by hand: h = (n−1)·p, Q = x[⌊h⌋] + (h−⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
// The same values are what NumPy's np.quantile(x, p) (method "linear")
// and R's quantile(x, p) (type 7) return.
func TestQuantileHandComputed(t *testing.T) {
	tests := []struct {
		name string
		x    []float64
		p    []float64
		want []float64
	}{
		// n = 4: h = 3p → 0.15, 0.75, 1.5, 2.25, 2.85.
		{"1..4", []float64{1, 2, 3, 4}, metrics.QuantileProbs[:], []float64{1.15, 1.75, 2.5, 3.25, 3.85}},
		// n = 5: h = 4p → 0.2, 1, 2, 3, 3.8; 10 + 0.2·10 = 12, 80 + 0.8·80 = 144.
		{"geometric", []float64{10, 20, 40, 80, 160}, metrics.QuantileProbs[:], []float64{12, 20, 40, 80, 144}},
		// n = 3: h = 2p → 0.1, 0.5, 1, 1.5, 1.9.
		{"1,3,5", []float64{1, 3, 5}, metrics.QuantileProbs[:], []float64{1.2, 2, 3, 4, 4.8}},
		// n = 2: h = p.
		{"two", []float64{0, 100}, metrics.QuantileProbs[:], []float64{5, 25, 50, 75, 95}},
		{"one value", []float64{7}, metrics.QuantileProbs[:], []float64{7, 7, 7, 7, 7}},
		{"ends", []float64{-3, 0, 8}, []float64{0, 1}, []float64{-3, 8}},
		{"ties", []float64{2, 2, 2, 9}, []float64{0.5, 0.95}, []float64{2, 2 + 0.85*7}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, p := range tc.p {
				assert.InDelta(t, tc.want[k], metrics.Quantile(tc.x, p), quantileTol, "p = %v", p)
			}
			ints := make([]int64, len(tc.x))
			for k, v := range tc.x {
				ints[k] = int64(v)
			}
			for k, p := range tc.p {
				assert.InDelta(t, tc.want[k], metrics.Quantile(ints, p), quantileTol, "int64, p = %v", p)
			}
		})
	}
}

// TestQuantilePercentExact: QuantilePercent gives the float64 nearest to
// the exact type-7 quantile of counts, so hand-computed decimals compare
// with ==; the floating-point formula of Quantile misses some by an ulp
// (28.3 below: 19·0.95 = 18.05 is not exact). Counts from 2^46 on fall
// back to Quantile.
func TestQuantilePercentExact(t *testing.T) {
	twenty := make([]int64, 20) // 0, …, 17, 28, 34: h = 19·0.95 = 18.05 → 28 + 0.05·6
	for k := range 18 {
		twenty[k] = int64(k)
	}
	twenty[18], twenty[19] = 28, 34
	huge := []int64{1 << 47, 1<<47 + 20}
	tests := []struct {
		name string
		x    []int64
		want [metrics.NumQuantiles]float64
	}{
		{"1..4", []int64{1, 2, 3, 4}, [5]float64{1.15, 1.75, 2.5, 3.25, 3.85}},
		{"geometric", []int64{10, 20, 40, 80, 160}, [5]float64{12, 20, 40, 80, 144}},
		{"1,3,5", []int64{1, 3, 5}, [5]float64{1.2, 2, 3, 4, 4.8}},
		{"negative", []int64{-7, -1}, [5]float64{-6.7, -5.5, -4, -2.5, -1.3}},
		{"twenty", twenty, [5]float64{0.95, 4.75, 9.5, 14.25, 28.3}},
		// 2^47 + 20p: whole numbers, exact in float64, so the fallback's formula is exact too.
		{"fallback", huge, [5]float64{1<<47 + 1, 1<<47 + 5, 1<<47 + 10, 1<<47 + 15, 1<<47 + 19}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, pct := range metrics.QuantilePercents {
				assert.Equal(t, tc.want[k], metrics.QuantilePercent(tc.x, pct), "%d %%", pct)
			}
		})
	}
	assert.NotEqual(t, 28.3, metrics.Quantile(twenty, 0.95), "the floating-point formula is an ulp off here")
	assert.Equal(t, 0.0, metrics.QuantilePercent([]int64{0, 9}, 0))
	assert.Equal(t, 9.0, metrics.QuantilePercent([]int64{0, 9}, 100))
	assert.Panics(t, func() { metrics.QuantilePercent(nil, 50) })
	assert.Panics(t, func() { metrics.QuantilePercent([]int64{1}, 101) })
}

func TestQuantilePanicsOnBadInput(t *testing.T) {
	assert.Panics(t, func() { metrics.Quantile([]float64{}, 0.5) })
	assert.Panics(t, func() { metrics.Quantile([]float64{1}, 1.5) })
	assert.Panics(t, func() { metrics.Quantile([]float64{1}, -0.1) })
}

func TestNewDistribution(t *testing.T) {
	assert.Nil(t, metrics.NewDistribution(nil))
	in := []float64{4, 1, 3, 2}
	d := metrics.NewDistribution(in)
	// Mean (1+2+3+4)/4 = 2.5; quantiles as in TestQuantileHandComputed's 1..4.
	// Whole numbers: exact quantiles (QuantilePercent).
	want := metrics.Distribution{N: 4, Mean: 2.5, Q05: 1.15, Q25: 1.75, Q50: 2.5, Q75: 3.25, Q95: 3.85, Min: 1, Max: 4}
	assert.Equal(t, want, *d)
	assert.Equal(t, []float64{4, 1, 3, 2}, in, "input not modified")
	// Fractions: Quantile's formula; 0.1 + 0.25·0.2 etc. within rounding.
	f := metrics.NewDistribution([]float64{0.3, 0.1, 0.5})
	assert.Equal(t, 3, f.N)
	assert.InDeltaSlice(t, []float64{0.3, 0.12, 0.2, 0.3, 0.4, 0.48, 0.1, 0.5},
		[]float64{f.Mean, f.Q05, f.Q25, f.Q50, f.Q75, f.Q95, f.Min, f.Max}, quantileTol)
}
