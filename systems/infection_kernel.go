package systems

import (
	"math"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// InfectBlock applies one tick of infection to a block of patches, given the
// accumulated force acc per patch (Σ_i x_i·M[i,j] with x_i = c·I_i, or, with
// a TSIR exponent α ≠ 1, c·(Σ_i I_i·M[i,j])^α from [PressureBlock]):
// λ_j = acc_j/N_j (0 when
// N_j = 0), p_j = −expm1(−λ_j), ΔI_j ~ Binomial(S_j, p_j), then R += I,
// I = ΔI, S −= ΔI. acc is overwritten with λ. Draws are batched in runs of
// at most [rng.BlockSize] patches with [rng.BinomialHazards], which takes
// λ_j itself (log(1 − p_j) = −λ_j exactly, no expm1/log1p round trip).
//
// A force that is not a number (the products β·I·M overflowed to +Inf and
// met a zero: absurd params such as beta = 1e308) stops the block at that
// patch, unchanged, with a [CountError] (patch index relative to the
// block; the patches before it are updated); an infinite force infects
// every susceptible.
func InfectBlock(src *rng.Source, s, i, r []int64, acc []float64) *CountError {
	return infectBlock(src, s, i, r, acc, nil, 0)
}

// infectBlock is InfectBlock honouring the roles of the world's declared
// compartments (rc nil: none; off is the block's first patch in rc's
// columns): counted compartments are in N_j, and after each run's draws of
// S every susceptible compartment's new I are drawn ([infectSusceptible]).
func infectBlock(src *rng.Source, s, i, r []int64, acc []float64, rc *ecs.RoleColumns, off int) *CountError {
	for lo, hi := range rng.Runs(len(s)) {
		if err := infectRun(src, s[lo:hi], i[lo:hi], r[lo:hi], acc[lo:hi], rc, off+lo); err != nil {
			err.Patch += lo
			return err
		}
	}
	return nil
}

// infectRun is infectBlock on at most rng.BlockSize patches.
func infectRun(src *rng.Source, s, i, r []int64, acc []float64, rc *ecs.RoleColumns, off int) *CountError {
	var di [rng.BlockSize]int64
	m, bad := patchcount.Hazards(s, nil, i, r, acc, rc, off)
	rng.BinomialHazards(src, s[:m], acc[:m], di[:m])
	for j := range m {
		r[j] += i[j]
		i[j] = di[j]
		s[j] -= di[j]
	}
	patchcount.InfectSusceptible(src, rc, acc[:m], off, i[:m])
	return bad
}

// PressureBlock applies the TSIR exponent to a block of accumulated
// infectious counts (SPEC §5.1): acc_j = Σ_i I_i·M[i,j] becomes
// coef·acc_j^α, the force before the division by N_j, coef = β_tick·s(t)
// ([Infection.Coefficient]). Run it between the force kernel and the draws
// (InfectBlock or another draw kernel) when α ≠ 1; with α = 1 the sources
// are loaded as x_i = coef·I_i instead and the accumulated force is used as
// it is (Infection's draws do this per block, before InfectBlock).
func PressureBlock(acc []float64, coef, alpha float64) {
	for j, v := range acc {
		acc[j] = coef * math.Pow(v, alpha)
	}
}
