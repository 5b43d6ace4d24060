package compartmental

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// InfectionBlock applies one day of SEIR transmission and progression to a block
// of patches (the compartmental model's InfectionProcess), given the
// accumulated force acc per patch (Σ_i x_i·M[i,j], after [systems.PressureBlock]
// when α ≠ 1: Infection's pressure) and the daily hazards
// sigma = 1/exp_mu (E → I) and gamma = 1/inf_mu (I → R). From the
// start-of-step counts, in runs of at most [rng.BlockSize] patches, each
// run batched in this order (every patch's new E, then every patch's new
// I, then new R; [rng.BinomialHazards]):
//
//	λ_j   = acc_j / N_j, N_j = S_j + E_j + I_j + R_j (0 when N_j = 0)
//	new E ~ Binomial(S_j, 1 − e^(−λ_j))
//	new I ~ Binomial(E_j, 1 − e^(−σ))
//	new R ~ Binomial(I_j, 1 − e^(−γ))
//
// then S −= new E, E += new E − new I, I += new I − new R, R += new R (the
// reference's order and rule; its probabilities are −expm1(−rate), which is
// what [rng.BinomialHazard] draws from the hazard itself). acc is
// overwritten with λ and inc with each patch's new I (the E → I flow). It
// returns the block's new E (its S → E transitions). A force that is not a
// number stops the block at that patch, unchanged, with a [systems.CountError]
// (patch index relative to the block); the new E of the patches before it
// are returned with it.
func InfectionBlock(src *rng.Source, s, e, i, r []int64, acc []float64, sigma, gamma float64, inc []int64) (int64, *systems.CountError) {
	return infectionBlock(src, s, e, i, r, acc, sigma, gamma, inc, nil, nil, 0)
}

// infectionBlock is InfectionBlock honouring the roles of the world's declared
// compartments (rc nil: none; off is the block's first patch in rc's
// columns): counted compartments are in N_j, and after each run's new E,
// I and R every susceptible compartment's new E are drawn
// ([infectSusceptible]). newE, when non-nil, is overwritten with each
// patch's new E (S's and the susceptible compartments').
func infectionBlock(src *rng.Source, s, e, i, r []int64, acc []float64, sigma, gamma float64, inc, newE []int64, rc *ecs.RoleColumns, off int) (int64, *systems.CountError) {
	var total int64
	for lo, hi := range rng.Runs(len(s)) {
		exposed, err := infectionRun(src, s[lo:hi], e[lo:hi], i[lo:hi], r[lo:hi], acc[lo:hi], sigma, gamma, inc[lo:hi], patchcount.Sub(newE, lo, hi), rc, off+lo)
		total += exposed
		if err != nil {
			err.Patch += lo
			return total, err
		}
	}
	return total, nil
}

// infectionRun is InfectionBlock on at most rng.BlockSize patches: new E of every
// patch, then new I, then new R, each batched.
func infectionRun(src *rng.Source, s, e, i, r []int64, acc []float64, sigma, gamma float64, inc, newE []int64, rc *ecs.RoleColumns, off int) (int64, *systems.CountError) {
	var exposed, recovered [rng.BlockSize]int64
	m, bad := patchcount.Hazards(s, e, i, r, acc, rc, off)
	rng.BinomialHazards(src, s[:m], acc[:m], exposed[:m])
	rng.BinomialHazardsSame(src, e[:m], sigma, inc[:m])
	rng.BinomialHazardsSame(src, i[:m], gamma, recovered[:m])
	for j := range m {
		s[j] -= exposed[j]
	}
	patchcount.InfectSusceptible(src, rc, acc[:m], off, exposed[:m])
	if newE != nil {
		copy(newE, exposed[:m])
	}
	var total int64
	for j := range m {
		e[j] += exposed[j] - inc[j]
		i[j] += inc[j] - recovered[j]
		r[j] += recovered[j]
		total += exposed[j]
	}
	return total, bad
}
