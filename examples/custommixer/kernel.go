package main

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
)

// ExponentialKernel is a user mixing.Mixer: an exponential distance kernel
//
//	W[i,j] = p_j · exp(−d_ij / Scale)   (i ≠ j; W[i,i] = 0)
//
// with d_ij the great-circle distance in km (mixing.Distances) and p_j the
// destination's population, normalised like the built-in kernels (SPEC §7.3,
// mixing.Normalize: mig[i,j] = W[i,j]·K/R_j with R_j the sum of row j) and
// turned into a mixing matrix by mixing.MixingFromMigration (diagonal
// 1 − Σ_{j≠i} mig[i,j], so every row sums to 1).
//
// Where d_ij/Scale exceeds about 745, exp underflows to 0: such patches do
// not mix (a row of zeros normalises to zeros, never NaN).
//
// Like the built-in mixers it is an immutable value that caches nothing: the
// Infection phase calls Mixing once, when it is initialised.
//
// Its JSON form is {"type": "exponential", "scale": …, "k": …}: spec.go
// registers the type, so run files and snapshots can name this mixer.
type ExponentialKernel struct {
	Scale float64 `json:"scale"` // decay length in km, > 0
	K     float64 `json:"k"`     // migration scale, in [0, 1] (the gravity default is 0.01)
}

// Name returns the mixer's type name, "exponential" (its JSON type).
func (e ExponentialKernel) Name() string { return "exponential" }

// checkScale checks that the decay length is a finite number > 0.
func (e ExponentialKernel) checkScale() error {
	if !(e.Scale > 0) || math.IsInf(e.Scale, 1) {
		return fmt.Errorf("mixing: exponential: scale must be a finite number > 0 km, got %v", e.Scale)
	}
	return nil
}

// Mixing builds the N×N dense mixing matrix of scn, row = source.
func (e ExponentialKernel) Mixing(scn *scenario.Table) (*mixing.Matrix, error) {
	if err := e.checkScale(); err != nil {
		return nil, err
	}
	d, err := mixing.Distances(scn.Lat, scn.Lon) // row-major, d[i*n+j]
	if err != nil {
		return nil, err
	}
	n := len(scn.Pop)
	w := make([]float64, n*n)
	for i := range n {
		for j := range n {
			if i != j {
				w[i*n+j] = float64(scn.Pop[j]) * math.Exp(-d[i*n+j]/e.Scale)
			}
		}
	}
	raw, err := mixing.NewDense(n, w)
	if err != nil {
		return nil, err
	}
	mig, err := mixing.Normalize(raw, e.K) // checks K ∈ [0, 1]
	if err != nil {
		return nil, err
	}
	return mixing.MixingFromMigration(mig, scn.ID) // errors name the row's patch id
}
