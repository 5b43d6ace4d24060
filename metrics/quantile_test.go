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
	want := metrics.Distribution{N: 4, Mean: 2.5, Q05: 1.15, Q25: 1.75, Q50: 2.5, Q75: 3.25, Q95: 3.85, Min: 1, Max: 4}
	assert.InDelta(t, want.Q05, d.Q05, quantileTol)
	assert.InDelta(t, want.Q95, d.Q95, quantileTol)
	d.Q05, d.Q95 = want.Q05, want.Q95
	assert.Equal(t, want, *d)
	assert.Equal(t, []float64{4, 1, 3, 2}, in, "input not modified")
}
