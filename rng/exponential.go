package rng

import (
	"fmt"
	"math"
)

// Exponential returns an exponential deviate with the given rate (mean
// 1/rate) drawn from s: the package's unit-rate [Exponential] divided by
// rate (one number of the stream per draw). A NaN, zero, negative or infinite rate is an internal
// invariant violation and panics.
func (s *Source) Exponential(rate float64) float64 {
	if !(rate > 0) || math.IsInf(rate, 1) {
		panic(fmt.Sprintf("rng.Exponential: rate = %g must be positive and finite", rate))
	}
	return Exponential(s) / rate
}
