package rng

import (
	"math"
)

// Uniform returns a uniform deviate in [0, 1): float64(src.Uint64()>>11)·2⁻⁵³
// (SPEC §6.2).
func Uniform(src *Source) float64 {
	return float64(src.Uint64()>>11) * 0x1p-53
}

// UniformRange returns a uniform deviate in [a, b).
func UniformRange(src *Source, a, b float64) float64 {
	return a + (b-a)*Uniform(src)
}

// Normal returns a standard normal deviate by the polar Box–Muller method
// (Marsaglia & Bray 1964), consuming pairs of [Uniform] deviates; the second
// value of each pair is discarded so that a draw's stream consumption depends
// only on the rejection loop.
func Normal(src *Source) float64 {
	for {
		u := 2*Uniform(src) - 1
		v := 2*Uniform(src) - 1
		s := u*u + v*v
		if s > 0 && s < 1 {
			return u * math.Sqrt(-2*math.Log(s)/s)
		}
	}
}
