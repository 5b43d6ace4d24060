package systems

import (
	"github.com/rubeola/rubeola/rng"
)

// SEIRBlock applies one day of SEIR transmission and progression to a block
// of patches (the compartmental model's InfectionProcess), given the
// accumulated force acc per patch (Σ_i x_i·M[i,j], after [PressureBlock]
// when α ≠ 1: Infection's pressure) and the daily hazards
// sigma = 1/exp_mu (E → I) and gamma = 1/inf_mu (I → R). From the
// start-of-step counts, per patch in this order:
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
// number stops the block at that patch, unchanged, with a [CountError]
// (patch index relative to the block); the new E of the patches before it
// are returned with it.
func SEIRBlock(src *rng.Source, s, e, i, r []int64, acc []float64, sigma, gamma float64, inc []int64) (int64, *CountError) {
	var total int64
	for j := range s {
		n := s[j] + e[j] + i[j] + r[j]
		lambda := 0.0
		if n > 0 {
			lambda = acc[j] / float64(n)
		}
		if lambda != lambda {
			return total, &CountError{Patch: j, Reason: "the force of infection is not a number: beta × season × infectious × mixing overflows float64 (beta or the mixing weights far too large?)"}
		}
		acc[j] = lambda
		exposed := rng.BinomialHazard(src, s[j], lambda)
		infectious := rng.BinomialHazard(src, e[j], sigma)
		recovered := rng.BinomialHazard(src, i[j], gamma)
		s[j] -= exposed
		e[j] += exposed - infectious
		i[j] += infectious - recovered
		r[j] += recovered
		inc[j] = infectious
		total += exposed
	}
	return total, nil
}
