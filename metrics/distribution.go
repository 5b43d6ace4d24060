package metrics

import (
	"math"
	"slices"
)

// Distribution describes values across replicates: their number, mean,
// the [QuantileProbs] quantiles ([Quantile]: linear interpolation between
// order statistics, Hyndman–Fan type 7; [QuantilePercent], exact, when
// every value is a whole number), minimum and maximum.
type Distribution struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	Q05  float64 `json:"q05"`
	Q25  float64 `json:"q25"`
	Q50  float64 `json:"q50"`
	Q75  float64 `json:"q75"`
	Q95  float64 `json:"q95"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

// NewDistribution returns the distribution of values (not modified); nil
// when there are none (JSON null).
func NewDistribution(values []float64) *Distribution {
	if len(values) == 0 {
		return nil
	}
	x := slices.Clone(values)
	slices.Sort(x)
	var sum float64
	for _, v := range x {
		sum += v
	}
	var q [NumQuantiles]float64
	counts := wholeNumbers(x)
	for k, p := range QuantileProbs {
		if counts != nil {
			q[k] = QuantilePercent(counts, QuantilePercents[k])
		} else {
			q[k] = Quantile(x, p)
		}
	}
	return &Distribution{N: len(x), Mean: sum / float64(len(x)), Q05: q[0], Q25: q[1], Q50: q[2], Q75: q[3], Q95: q[4],
		Min: x[0], Max: x[len(x)-1]}
}

// wholeNumbers returns x as int64 when every value is a whole number below
// 2^46 in magnitude (counts and ticks: their quantiles are then exact,
// [QuantilePercent]), else nil.
func wholeNumbers(x []float64) []int64 {
	out := make([]int64, len(x))
	for k, v := range x {
		if v != math.Trunc(v) || math.Abs(v) >= exactLimit {
			return nil
		}
		out[k] = int64(v)
	}
	return out
}
