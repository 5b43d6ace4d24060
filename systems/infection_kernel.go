package systems

import (
	"math/rand/v2"

	"github.com/rubeola/rubeola/rng"
)

// InfectBlock applies one tick of infection to a block of patches, given the
// accumulated force acc (Σ_i x_i·M[i,j]) per patch: λ_j = acc_j/N_j (0 when
// N_j = 0), p_j = −expm1(−λ_j), ΔI_j ~ Binomial(S_j, p_j), then R += I,
// I = ΔI, S −= ΔI. acc is overwritten with λ. Draws are made in patch order
// from src, with rng.BinomialHazard, which takes λ_j itself (log(1 − p_j) =
// −λ_j exactly, no expm1/log1p round trip).
func InfectBlock(src *rand.PCG, s, i, r []int64, acc []float64) {
	for j := range s {
		n := s[j] + i[j] + r[j]
		lambda := 0.0
		if n > 0 {
			lambda = acc[j] / float64(n)
		}
		acc[j] = lambda
		di := rng.BinomialHazard(src, s[j], lambda)
		r[j] += i[j]
		i[j] = di
		s[j] -= di
	}
}
