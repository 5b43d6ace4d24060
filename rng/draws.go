package rng

import (
	"math"
	"math/bits"
)

// Uint32n returns a uniform integer in [0, n) by Lemire's multiply-and-reject
// method (Lemire 2019, "Fast random integer generation in an interval"):
// unbiased, one Uint64 per draw except with probability < n/2³² of a retry.
// n must be > 0.
func Uint32n(src *Source, n uint32) uint32 {
	x := uint32(src.Uint64() >> 32)
	m := uint64(x) * uint64(n)
	low := uint32(m)
	if low < n {
		threshold := -n % n
		for low < threshold {
			x = uint32(src.Uint64() >> 32)
			m = uint64(x) * uint64(n)
			low = uint32(m)
		}
	}
	return uint32(m >> 32)
}

// Uint64n returns a uniform integer in [0, n) by Lemire's method on 128-bit
// products; n must be > 0.
func Uint64n(src *Source, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// Exponential returns an exponential deviate of rate 1 (mean 1) by
// inversion, −log(1 − U) (1 − U in (0, 1] is exact; the samplers'
// table-driven [Log]).
func Exponential(src *Source) float64 {
	return -fastLog(1 - Uniform(src))
}

// LogNormalParams returns the (mu, sigma) of the underlying normal of a
// lognormal with the given mean and standard deviation:
// sigma² = log(1 + (sd/mean)²), mu = log(mean) − sigma²/2.
func LogNormalParams(mean, sd float64) (mu, sigma float64) {
	s2 := math.Log1p((sd / mean) * (sd / mean))
	return math.Log(mean) - s2/2, math.Sqrt(s2)
}
