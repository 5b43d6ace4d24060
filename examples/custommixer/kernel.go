package main

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/rng"
)

// ExponentialKernel is a user distance kernel: exponential decay
//
//	W[i,j] = p_j · exp(−d_ij / Scale)   (i ≠ j; W[i,i] = 0)
//
// with d_ij the great-circle distance in km and p_j the destination's
// population, normalised with migration scale K like the built-in kernels
// (SPEC §7.3). It is only the kernel's parameters: Kernel says what the
// kernel is (a function of the distance and two population exponents), and
// mixing.FromKernel turns it into a mixer that is built and evaluated
// exactly as gravity is — D_ij = exp(−d_ij/Scale) stored once as
// upper-triangle tiles, distances by the SIMD row kernels, the factored
// force, the row-by-row build when truncated.
//
// Where d_ij/Scale exceeds about 745, exp underflows to 0: such patches do
// not mix (a row of zeros normalises to zeros, never NaN).
//
// Its JSON form is {"type": "exponential", "scale": …, "k": …}: spec.go
// registers the type, so run files and snapshots can name this mixer.
type ExponentialKernel struct {
	Scale float64 `json:"scale"` // decay length in km, > 0
	K     float64 `json:"k"`     // migration scale, in [0, 1] (the gravity default is 0.01)
}

// Name returns the mixer's type name, "exponential" (its JSON type).
func (e ExponentialKernel) Name() string { return "exponential" }

// Kernel returns the kernel: Decay(d) = exp(−d/Scale), origin exponent 0,
// destination exponent 1, migration scale K (checked by the mixing package:
// in [0, 1]). The builds call the batch form DecayRow once per row of
// distances; both use rng.Exp, the samplers' inlined exponential (within 3
// ulp of math.Exp, and about twice as fast), so the set-up costs little more
// than gravity's. A scale that is not a finite number > 0 is an error.
func (e ExponentialKernel) Kernel() (mixing.DistanceKernel, error) {
	if !(e.Scale > 0) || math.IsInf(e.Scale, 1) {
		return mixing.DistanceKernel{}, fmt.Errorf("mixing: exponential: scale must be a finite number > 0 km, got %v", e.Scale)
	}
	inv := 1 / e.Scale
	return mixing.DistanceKernel{
		Decay: func(d float64) float64 { return rng.Exp(-d * inv) },
		DecayRow: func(d, out []float64) {
			for k, v := range d {
				out[k] = rng.Exp(-v * inv)
			}
		},
		OriginExp: 0,
		DestExp:   1,
		K:         e.K,
	}, nil
}
