package rng

import (
	"fmt"
	"math"
)

// Exponential returns an exponential deviate with the given rate (mean
// 1/rate) drawn from s by inversion: −log(1 − U)/rate with U = [Uniform]
// (one number of the stream per draw; 1 − U ∈ (0, 1], so the result is
// finite and ≥ 0). A NaN, zero, negative or infinite rate is an internal
// invariant violation and panics.
func (s *Source) Exponential(rate float64) float64 {
	if !(rate > 0) || math.IsInf(rate, 1) {
		panic(fmt.Sprintf("rng.Exponential: rate = %g must be positive and finite", rate))
	}
	return -math.Log1p(-Uniform(s)) / rate
}
