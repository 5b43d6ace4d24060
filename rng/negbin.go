package rng

import (
	"math"
)

// NegativeBinomial returns a negative binomial deviate with mean μ = mean and
// size k = size (dispersion; variance μ + μ²/k, P(X = x) =
// Γ(x+k)/(Γ(k)·x!)·(k/(k+μ))^k·(μ/(k+μ))^x) drawn from src, exact in
// distribution up to float64 arithmetic, without allocating.
//
// Method: the Gamma–Poisson mixture (Greenwood & Yule 1920; Devroye 1986,
// Non-Uniform Random Variate Generation, §X.4.7): G ~ Gamma(shape k,
// scale μ/k) by [Gamma], then X ~ Poisson(G) by [Poisson]. Edge values:
// mean 0 returns 0 consuming no random numbers; size +Inf is the Poisson
// limit and returns Poisson(mean). A NaN or negative mean, a mean above
// [MaxPoissonMean], or a NaN, zero or negative size is an internal invariant
// violation and panics (kernels validate first). The mixing draw G exceeds
// MaxPoissonMean (and Poisson panics) only when Gamma(k, 1) > 2⁵²·k/μ: for
// mean ≤ 10¹⁰ and size ≥ 10⁻⁴ that has probability below 10⁻²⁰ (k·E₁(45)).
func NegativeBinomial(src *Source, mean, size float64) int64 {
	checkNegBin(mean, size)
	switch {
	case mean == 0:
		return 0
	case math.IsInf(size, 1):
		return Poisson(src, mean)
	}
	return Poisson(src, Gamma(src, size)*(mean/size))
}
