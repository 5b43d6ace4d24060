package rng

import (
	"fmt"
	"math"
)

// Gamma returns a Gamma(shape, scale) deviate (mean shape·scale, variance
// shape·scale²) drawn from s: the package function [Gamma] (Marsaglia &
// Tsang) times scale, with the same stream consumption. A deviate with mean
// m and standard deviation d has shape (m/d)² and scale d²/m. The shape
// rules are [Gamma]'s; a NaN, zero, negative or infinite scale is an
// internal invariant violation and panics.
func (s *Source) Gamma(shape, scale float64) float64 {
	if !(scale > 0) || math.IsInf(scale, 1) {
		panic(fmt.Sprintf("rng.Source.Gamma: scale = %g must be positive and finite", scale))
	}
	return Gamma(s, shape) * scale
}
