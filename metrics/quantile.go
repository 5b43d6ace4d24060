package metrics

import (
	"fmt"
	"math"
)

// QuantileProbs are the probabilities of the ensemble tables' quantile
// columns q05, q25, q50, q75 and q95, in column order.
var QuantileProbs = [NumQuantiles]float64{0.05, 0.25, 0.5, 0.75, 0.95}

// QuantilePercents are [QuantileProbs] in whole percent, for
// [QuantilePercent].
var QuantilePercents = [NumQuantiles]int{5, 25, 50, 75, 95}

// NumQuantiles is the number of quantile columns of an ensemble table.
const NumQuantiles = 5

// QuantileColumns are the value columns of an ensemble table after its
// labels: the mean, then one column per [QuantileProbs] entry.
var QuantileColumns = [1 + NumQuantiles]string{"mean", "q05", "q25", "q50", "q75", "q95"}

// Quantile returns the p-quantile (0 ≤ p ≤ 1) of sorted, which must be in
// ascending order and not empty, by linear interpolation between order
// statistics: with h = (n−1)·p and j = ⌊h⌋, Q(p) = x[j] + (h − j)·(x[j+1] −
// x[j]) (0-based; x[n−1] when j = n−1). This is definition 7 of Hyndman &
// Fan, "Sample quantiles in statistical packages", The American
// Statistician 50(4), 1996 — R's default type 7 and NumPy's default method
// "linear" (the same value up to the last bit of the interpolation). It
// panics when sorted is empty or p is outside [0, 1].
func Quantile[T int64 | float64](sorted []T, p float64) float64 {
	if len(sorted) == 0 {
		panic("metrics: Quantile of no values")
	}
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("metrics: Quantile probability %v outside [0, 1]", p))
	}
	h := float64(len(sorted)-1) * p
	j := int(math.Floor(h))
	if j >= len(sorted)-1 {
		return float64(sorted[len(sorted)-1])
	}
	lo, hi := float64(sorted[j]), float64(sorted[j+1])
	return lo + (h-float64(j))*(hi-lo)
}

// exactLimit bounds the counts [QuantilePercent] interpolates in integer
// arithmetic: x·100 must stay an exact float64 (below 2^53).
const exactLimit = 1 << 46

// QuantilePercent is [Quantile] at p = pct/100 (0 ≤ pct ≤ 100) of sorted
// counts, computed exactly: with h = (n−1)·pct/100 = j + f/100 (j, f
// integers), Q = (x[j]·(100 − f) + x[j+1]·f) / 100 in integer arithmetic,
// rounded once to the nearest float64. The result is the float64 nearest
// to the exact type-7 quantile, so it prints as the short decimal it is
// (28.3, where x[j] + (h − j)·(x[j+1] − x[j]) in floating point gives
// 28.300000000000004). Counts of magnitude 2^46 or more fall back to
// Quantile. It panics when sorted is empty or pct is outside [0, 100].
func QuantilePercent(sorted []int64, pct int) float64 {
	if pct < 0 || pct > 100 {
		panic(fmt.Sprintf("metrics: QuantilePercent %d outside [0, 100]", pct))
	}
	n := len(sorted)
	if n == 0 {
		panic("metrics: Quantile of no values")
	}
	if sorted[0] <= -exactLimit || sorted[n-1] >= exactLimit {
		return Quantile(sorted, float64(pct)/100)
	}
	h := (n - 1) * pct
	j, f := h/100, int64(h%100)
	if f == 0 {
		return float64(sorted[j])
	}
	return float64(sorted[j]*(100-f)+sorted[j+1]*f) / 100
}
