package rng

import (
	"fmt"
	"math"
)

// LogNormal returns a lognormal deviate e^(mu + sigma·Z), Z a standard
// [Normal] drawn from s: mu and sigma are the mean and standard deviation of
// the logarithm (numpy's lognormal(mean, sigma)), not of the deviate. A
// deviate with mean m and standard deviation d has σ² = ln(1 + d²/m²) and
// μ = ln m − σ²/2. sigma = 0 returns e^mu without drawing. A NaN or infinite
// mu, or a NaN, negative or infinite sigma, is an internal invariant
// violation and panics.
func (s *Source) LogNormal(mu, sigma float64) float64 {
	if math.IsNaN(mu) || math.IsInf(mu, 0) || !(sigma >= 0) || math.IsInf(sigma, 1) {
		panic(fmt.Sprintf("rng.LogNormal: mu = %g must be finite and sigma = %g finite and ≥ 0", mu, sigma))
	}
	if sigma == 0 {
		return math.Exp(mu)
	}
	return math.Exp(mu + sigma*Normal(s))
}
