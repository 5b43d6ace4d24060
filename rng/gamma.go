package rng

import (
	"fmt"
	"math"
)

// Gamma returns a Gamma(shape, 1) deviate (density x^(shape−1)·e^(−x)/Γ(shape)
// on x > 0) drawn from src, exact in distribution up to float64 arithmetic,
// without allocating; multiply by θ for scale θ.
//
// Method: G. Marsaglia and W. W. Tsang, "A simple method for generating gamma
// variables", ACM Transactions on Mathematical Software 26(3):363–372, 2000.
// For shape ≥ 1, with d = shape − ⅓ and c = 1/√(9d), a standard normal x
// ([Normal]) gives v = (1 + c·x)³; v ≤ 0 is rejected, and with U uniform the
// candidate d·v is accepted when U < 1 − 0.0331·x⁴ (their squeeze) or
// log U < x²/2 + d·(1 − v + log v) (the exact test). For shape < 1 the paper's
// boost (its §6) is used: Gamma(shape) = Gamma(shape + 1)·U^(1/shape) with U
// uniform and independent (U^(1/shape) = e^(log U/shape) by the samplers'
// table-driven exp and log). Logarithms are math.Log's (the acceptance test
// decides exactness). For shapes far below 1 the factor U^(1/shape) can
// underflow to 0 (e.g. shape 10⁻⁴ and U < 0.93); the true value is then below
// the smallest float64. A NaN, zero, negative or infinite shape is an internal
// invariant violation and panics.
func Gamma(src *Source, shape float64) float64 {
	if !(shape > 0) || math.IsInf(shape, 1) {
		panic(fmt.Sprintf("rng.Gamma: shape = %g must be positive and finite", shape))
	}
	if shape >= 1 {
		return gammaMT(src, shape)
	}
	g := gammaMT(src, shape+1)
	// U = 0 would give 0, outside the support; redraw (probability 2⁻⁵³).
	u := Uniform(src)
	for u == 0 {
		u = Uniform(src)
	}
	return g * fastExp(fastLog(u)/shape)
}

// gammaMT is Marsaglia and Tsang's rejection for shape ≥ 1 ([Gamma]).
func gammaMT(src *Source, shape float64) float64 {
	d := shape - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := Normal(src)
		t := 1 + c*x
		if t <= 0 {
			continue
		}
		v := t * t * t
		u := Uniform(src)
		x2 := x * x
		if u < 1-0.0331*x2*x2 {
			return d * v
		}
		if u > 0 && math.Log(u) < 0.5*x2+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}
