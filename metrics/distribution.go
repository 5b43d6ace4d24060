package metrics

import "slices"

// Distribution describes values across replicates: their number, mean,
// the [QuantileProbs] quantiles ([Quantile]: linear interpolation between
// order statistics, Hyndman–Fan type 7), minimum and maximum.
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
	return &Distribution{N: len(x), Mean: sum / float64(len(x)),
		Q05: Quantile(x, QuantileProbs[0]), Q25: Quantile(x, QuantileProbs[1]), Q50: Quantile(x, QuantileProbs[2]),
		Q75: Quantile(x, QuantileProbs[3]), Q95: Quantile(x, QuantileProbs[4]),
		Min: x[0], Max: x[len(x)-1]}
}
