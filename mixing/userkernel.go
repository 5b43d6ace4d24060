package mixing

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/scenario"
)

// DistanceKernel is a separable distance kernel (SPEC §7.5): the raw kernel
// (SPEC §7.2)
//
//	W[i,j] = p_i^OriginExp · p_j^DestExp · Decay(d_ij),   i ≠ j;  W[i,i] = 0,
//
// with p the scenario pops and d_ij the haversine distance in km, normalised
// with migration scale K exactly as the built-in kernels are (SPEC §7.3:
// every column j scaled by K/R_j, the diagonal of M set to 1 − the row's
// migration). Gravity is the case Decay(d) = d^(−c), OriginExp = a − 1,
// DestExp = b.
//
// Because Decay depends on the distance only, D_ij = Decay(d_ij) is
// symmetric and the matrix has the factored form M[i,j] = f_i·g_j·D_ij of
// gravity: a [KernelMixer] stores D once as upper-triangle tiles, computes
// the distances with the SIMD row kernels and evaluates the force with the
// factored tile kernels ([Factored], [FactoredForce]), and a [Truncated]
// kernel mixer is built row by row (SPEC §7.6). A DistanceKernel is a pure
// description — a function of distance and two population exponents, no
// state, no scenario — so any evaluator of the force (the dense and
// factored ones today, a hierarchical or streaming one later) can consume
// the same value.
type DistanceKernel struct {
	// Decay returns the kernel's value at distance d ≥ 0 km (d = 0 for
	// coincident patches). It must be a pure function (the same d gives the
	// same bits, on any goroutine) with a finite value ≥ 0; a NaN, an
	// infinity or a negative value is an error naming the mixer, the
	// distance and the patches. Required.
	Decay func(d float64) float64
	// DecayRow, if set, is the batch form of Decay used by the builds:
	// out[k] = Decay(d[k]) for every k (len(out) == len(d); out and d may
	// be the same slice). It must agree with Decay to rounding; it is
	// called from several goroutines at once and must not keep the slices.
	// Optional: without it Decay is called once per distance pair.
	DecayRow func(d, out []float64)
	// OriginExp is the source population's exponent (≥ 0; gravity's a − 1).
	OriginExp float64
	// DestExp is the destination population's exponent (≥ 0; gravity's b).
	DestExp float64
	// K is the migration scale (SPEC §7.3), in [0, 1].
	K float64
}

// Validate checks the kernel for the mixer called name: Decay set, the
// exponents finite and ≥ 0, K in [0, 1]; every problem is reported, joined.
func (dk DistanceKernel) Validate(name string) error {
	var errs []error
	if dk.Decay == nil {
		errs = append(errs, fmt.Errorf("mixing: %s: the distance kernel has no Decay function", name))
	}
	errs = append(errs, checkParams(name, atLeast("origin exponent", dk.OriginExp, 0),
		atLeast("destination exponent", dk.DestExp, 0), scale("k", dk.K)))
	return errors.Join(errs...)
}

// newKernelTerms prepares the separable terms of dk (validated) for scn
// under the mixer name: the population powers p^OriginExp and p^DestExp
// (0^0 = 1), the coordinates, and D_ij = Decay(d_ij) row by row
// (kernelDecayRow).
func newKernelTerms(scn *scenario.Table, name string, dk DistanceKernel) *gravityTerms {
	// Any c ≠ 0 loads the coordinates; c is unused once kernel is set
	// (decayRow dispatches on it), and decay is the kernel's, so that the
	// terms' scalar decay is D's for every separable mixer (the
	// hierarchical operator evaluates it).
	g := newGravityTerms(scn, name, dk.OriginExp, dk.DestExp, 1)
	g.kernel, g.decay = &dk, dk.Decay
	return g
}

// kernelDecayRow writes D_ij = Decay(d_ij) for j = j0, j0+1, … into out
// (i must not be among the js): the distances by the SIMD row kernel, then
// the kernel's DecayRow (or Decay per entry), then a check of every value.
// The error names the mixer, the value, the distance and the patches of
// the first bad value.
func (g *gravityTerms) kernelDecayRow(out []float64, i, j0 int) error {
	g.co.distRow(out, i, j0, false)
	dk := g.kernel
	if dk.DecayRow != nil {
		dk.DecayRow(out, out)
	} else {
		for k, d := range out {
			out[k] = dk.Decay(d)
		}
	}
	for k, v := range out {
		if !(v >= 0 && v <= math.MaxFloat64) { // NaN, negative or +Inf
			j := j0 + k
			return fmt.Errorf("mixing: %s: the distance kernel gives %v at distance %v km (patches %s and %s); "+
				"it must give finite values >= 0", g.name, v, g.co.dist(i, j), patchName(g.scn, min(i, j)), patchName(g.scn, max(i, j)))
		}
	}
	return nil
}
