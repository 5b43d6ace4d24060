package rng

import (
	"fmt"
	"math"
)

// negBinBatch is the kept scratch of one run of negative binomial lanes.
type negBinBatch struct {
	lane         [BlockSize]int // the lanes that draw a gamma, in order
	shape, gamma [BlockSize]float64
	mean         [BlockSize]float64 // each lane's Poisson mean
}

// negBinFree keeps the negative binomial runs' scratch (see freeList).
var negBinFree freeList[negBinBatch]

// NegativeBinomials sets out[j] to a NegativeBinomial(mean[j], size[j])
// draw (mean μ, size k: Poisson(Gamma(k, μ/k)), as [NegativeBinomial]) for
// every j, allocating nothing. Per run of at most [BlockSize] lanes: the
// gammas of the lanes with μ > 0 and finite k ([Gammas], those lanes in
// order), then every lane's Poisson ([Poissons]: mean Gamma(k)·(μ/k), μ
// itself for k = +Inf, 0 for μ = 0). Invalid inputs panic as in
// [NegativeBinomial].
func NegativeBinomials(src *Source, mean, size []float64, out []int64) {
	b := negBinFree.get()
	defer negBinFree.put(b)
	for lo, hi := range Runs(len(mean)) {
		g := 0
		for j, mu := range mean[lo:hi] {
			k := size[lo+j]
			checkNegBin(mu, k)
			b.mean[j] = mu
			if mu > 0 && !math.IsInf(k, 1) {
				b.lane[g], b.shape[g] = j, k
				g++
			}
		}
		Gammas(src, b.shape[:g], b.gamma[:g])
		for i, j := range b.lane[:g] {
			b.mean[j] = b.gamma[i] * (mean[lo+j] / size[lo+j])
		}
		Poissons(src, b.mean[:hi-lo], out[lo:hi])
	}
}

// checkNegBin panics on the inputs [NegativeBinomial] refuses.
func checkNegBin(mean, size float64) {
	checkPoissonMean("rng.NegativeBinomial", mean)
	if !(size > 0) {
		panic(fmt.Sprintf("rng.NegativeBinomial: size = %g must be positive", size))
	}
}
