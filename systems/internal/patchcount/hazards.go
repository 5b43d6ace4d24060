package patchcount

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
)

// InfectSusceptible draws the new infections of the susceptible declared
// compartments of the run whose hazards on S are lambda (patches off … off +
// len(lambda) − 1 of rc's columns): for each compartment in state order,
// Binomial(X_j, 1 − e^(−σ·λ_j)) batched over the run ([rng.BinomialHazards]),
// moved out of X and added to to (the run's new E or I). No draw when rc
// has no susceptible compartment.
func InfectSusceptible(src *rng.Source, rc *ecs.RoleColumns, lambda []float64, off int, to []int64) {
	if rc == nil {
		return
	}
	var h [rng.BlockSize]float64
	var d [rng.BlockSize]int64
	m := len(lambda)
	for k, col := range rc.Susceptible {
		x, sigma := col[off:off+m], rc.Sigma[k]
		for j, l := range lambda {
			h[j] = sigma * l
		}
		rng.BinomialHazards(src, x, h[:m], d[:m])
		for j := range m {
			x[j] -= d[j]
			to[j] += d[j]
		}
	}
}

// Hazards turns the accumulated force acc into the per-person hazard
// λ_j = acc_j/N_j (0 when N_j = 0; N = S + E + I + R + the counted declared
// compartments (rc, from patch off; nil: none), e nil in an SIR world) and
// returns the number of patches to draw: all, or those before the first
// whose force is not a number, with its error.
func Hazards(s, e, i, r []int64, acc []float64, rc *ecs.RoleColumns, off int) (int, *CountError) {
	for j := range s {
		n := s[j] + At(e, j) + i[j] + r[j]
		if rc != nil {
			n += rc.CountedAt(off + j)
		}
		lambda := 0.0
		if n > 0 {
			lambda = acc[j] / float64(n)
		}
		if lambda != lambda {
			return j, &CountError{Patch: j, Reason: "the force of infection is not a number: beta × season × infectious × mixing overflows float64 (beta or the mixing weights far too large?)"}
		}
		acc[j] = lambda
	}
	return len(s), nil
}
