package mixing

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/scenario"
)

// CompetingDestinations is the competing-destinations mixer (SPEC
// §7.1–§7.3; JSON type "competing_destinations"): the gravity kernel
// G[i,j] = p_i^(A−1)·p_j^B·d_ij^(−C) of [Gravity], damped or boosted by the
// accessibility of the destination j to the other destinations m ≠ i, j:
//
//	C[j,m] = p_m^B · d_jm^(−C)   (m ≠ j),   Σ_j = Σ_m C[j,m]
//	W[i,j] = G[i,j] · (Σ_j − C[j,i])^Delta   (i ≠ j)
//
// with 0^0 = 1; a zero base with Delta < 0 is an error. Σ_j is computed once
// per destination, so the build is O(N²). Delta = 0 is exactly [Gravity]
// with the same A, B, C, K. W is normalised by k/R_j per column (see
// [Normalize]).
//
// A CompetingDestinations is an immutable value; every call builds a new
// matrix. The zero value is not the defaults: use
// [DefaultCompetingDestinations].
type CompetingDestinations struct {
	A     float64 `json:"a"`     // origin population exponent plus one (the kernel uses A−1); ≥ 1, default 1
	B     float64 `json:"b"`     // destination population exponent; finite, default 1
	C     float64 `json:"c"`     // distance decay exponent (distance in km); finite, default 1.5
	K     float64 `json:"k"`     // migration scale (SPEC §7.3); in [0, 1], default 0.01
	Delta float64 `json:"delta"` // competition exponent; finite, default 0 (= gravity)
}

// DefaultCompetingDestinations returns the reference defaults a = 1, b = 1,
// c = 1.5, k = 0.01, delta = 0.
func DefaultCompetingDestinations() CompetingDestinations {
	return CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: 0}
}

// Name returns "competing_destinations", the mixer's JSON type.
func (cd CompetingDestinations) Name() string { return "competing_destinations" }

// Validate checks the parameters: all finite, A ≥ 1, K ∈ [0, 1] (SPEC §7.1
// puts no bound on B, C and Delta).
func (cd CompetingDestinations) Validate() error {
	name := cd.Name()
	return checkParams(name, atLeast("a", cd.A, 1), finite("b", cd.B), finite("c", cd.C), scale("k", cd.K),
		finite("delta", cd.Delta))
}

// Mixing returns the dense mixing matrix M for scn (row = source): the
// migration matrix of [CompetingDestinations.Migration] with diagonal
// 1 − Σ_{j≠i} mig[i,j]. A migration row summing to more than 1 is an error
// (SPEC §7.3); so are invalid parameters, a scenario with no patches,
// negative pops, coordinates out of range, two distinct patches at distance
// 0 when C > 0, a patch of pop 0 when B < 0 (0^B is infinite) and a zero
// competition base Σ_j − C[j,i] when Delta < 0. A single patch gives [[1]].
func (cd CompetingDestinations) Mixing(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(cd, scn, true)
}

// Migration returns the dense migration matrix for scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0. A single patch gives [[0]].
func (cd CompetingDestinations) Migration(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(cd, scn, false)
}

// MarshalJSON encodes cd in canonical form, {"type":"competing_destinations",
// "a":…,"b":…,"c":…,"k":…,"delta":…}.
func (cd CompetingDestinations) MarshalJSON() ([]byte, error) {
	type plain CompetingDestinations // no methods: no recursion
	return marshalKernel(cd, plain(cd))
}

// kernel validates cd and returns its raw kernel and migration scale.
func (cd CompetingDestinations) kernel() (kernelFunc, float64, error) {
	if err := cd.Validate(); err != nil {
		return nil, 0, err
	}
	return competingKernel(cd.Name(), cd.A-1, cd.B, cd.C, cd.Delta), cd.K, nil
}

// competingKernel returns the raw competing-destinations kernel of SPEC
// §7.2 with gravity exponents (aPrime, b, c) and competition exponent delta.
// delta = 0 is the gravity kernel itself (0^0 = 1), bit for bit. With b < 0
// a zero pop is an error (0^b is infinite).
func competingKernel(name string, aPrime, b, c, delta float64) kernelFunc {
	return func(scn *scenario.Table) (rawKernel, error) {
		if b < 0 {
			for i, p := range scn.Pop {
				if p == 0 {
					return rawKernel{}, fmt.Errorf("mixing: %s: patch %s has pop 0 and b = %v < 0 (0^b is infinite)",
						name, patchName(scn, i), b)
				}
			}
		}
		if delta == 0 {
			return gravityKernel(name, aPrime, b, c)(scn)
		}
		g := newGravityTerms(scn, name, aPrime, b, c)
		sigma, err := competitionSums(g)
		if err != nil {
			return rawKernel{}, err
		}
		row := func(i int, w []float64) error {
			pai, pbi := g.pa[i], g.pb[i]
			for j := range w {
				if j == i {
					w[j] = 0
					continue
				}
				f, err := g.decayBetween(i, j)
				if err != nil {
					return err
				}
				// Σ_j − C[j,i] ≥ 0 exactly: C[j,i] = p_i^b·d_ji^(−c) is
				// computed here bit for bit as in Σ_j (haversine is
				// symmetric), and a float sum of terms ≥ 0 is at least
				// each of its terms.
				base := max(sigma[j]-float64(pbi*f), 0)
				if base == 0 && delta < 0 {
					return fmt.Errorf("mixing: %s: destination %s has no competing destinations for origin %s "+
						"(competition sum 0) and delta = %v < 0 (0^delta is infinite)",
						name, patchName(scn, j), patchName(scn, i), delta)
				}
				w[j] = float64(pai*g.pb[j]) * f * math.Pow(base, delta)
			}
			return nil
		}
		return rawKernel{newRow: func() rowFunc { return row }}, nil
	}
}

// competitionSums returns Σ_j = Σ_{m≠j} p_m^b·d_jm^(−c) for every patch j
// (summed in increasing m): O(N²) time, O(N) memory.
func competitionSums(g *gravityTerms) ([]float64, error) {
	n := len(g.pb)
	sigma := make([]float64, n)
	err := forRows(n, func(lo, hi int) error {
		for j := lo; j < hi; j++ {
			s := 0.0
			for m, pbm := range g.pb {
				if m == j {
					continue
				}
				f, err := g.decayBetween(j, m)
				if err != nil {
					return err
				}
				s += float64(pbm * f)
			}
			if math.IsInf(s, 0) || math.IsNaN(s) {
				return fmt.Errorf("mixing: %s: competition sum of patch %s is %v (overflow: patches too close for the distance exponent?)",
					g.name, patchName(g.scn, j), s)
			}
			sigma[j] = s
		}
		return nil
	})
	return sigma, err
}
