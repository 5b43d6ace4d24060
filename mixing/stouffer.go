package mixing

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/scenario"
)

// Stouffer is the Stouffer intervening-opportunities mixer (SPEC §7.1–§7.3;
// JSON type "stouffer"). For origin i the destinations are ordered by
// (j ≠ i, d_ij, j) — i first, then by haversine distance, ties by index —
// and cum[k] is the cumulative population along that order, where all
// destinations tied at equal distance get the cumulative value of the last
// of them; without IncludeHome p_i is subtracted from every cum. So cum[k] is
// the population within distance ≤ d_iσk of i, σk included (and i with
// IncludeHome). Then, for ranks k ≥ 1,
//
//	W[i,σk] = p_i^A · (p_σk / cum[k])^B
//
// with the exponent A itself (not A−1 as in [Gravity]); a 0/0 ratio is 0.
// W is normalised by k/R_j per column (see [Normalize]).
//
// Coincident patches are allowed: they tie at distance 0. A Stouffer is an
// immutable value; every call builds a new matrix. The zero value is not the
// defaults: use [DefaultStouffer].
type Stouffer struct {
	IncludeHome bool    `json:"include_home"` // count the origin's own pop in cum; default true
	K           float64 `json:"k"`            // migration scale (SPEC §7.3); in [0, 1], default 0.01
	A           float64 `json:"a"`            // origin population exponent; finite, default 1
	B           float64 `json:"b"`            // exponent of the opportunity ratio; ≥ 0, default 1
}

// DefaultStouffer returns the reference defaults include_home = true,
// k = 0.01, a = 1, b = 1.
func DefaultStouffer() Stouffer {
	return Stouffer{IncludeHome: true, K: 0.01, A: 1, B: 1}
}

// Name returns "stouffer", the mixer's JSON type.
func (s Stouffer) Name() string { return "stouffer" }

// Validate checks the parameters: all finite, B ≥ 0, K ∈ [0, 1].
func (s Stouffer) Validate() error {
	name := s.Name()
	return checkParams(name, scale("k", s.K), finite("a", s.A), atLeast("b", s.B, 0))
}

// Mixing returns the dense mixing matrix M for scn (row = source): the
// migration matrix of [Stouffer.Migration] with diagonal 1 − Σ_{j≠i}
// mig[i,j]. A migration row summing to more than 1 is an error (SPEC §7.3);
// so are invalid parameters, a scenario with no patches, negative pops,
// coordinates out of range and, when A < 0, a patch of pop 0 (0^A is
// infinite). A single patch gives [[1]].
func (s Stouffer) Mixing(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(s, scn, true)
}

// Migration returns the dense migration matrix for scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0. A single patch gives [[0]].
func (s Stouffer) Migration(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(s, scn, false)
}

// MarshalJSON encodes s in canonical form,
// {"type":"stouffer","include_home":…,"k":…,"a":…,"b":…}.
func (s Stouffer) MarshalJSON() ([]byte, error) {
	type plain Stouffer // no methods: no recursion
	return marshalKernel(s, plain(s))
}

// kernel validates s and returns its raw kernel and migration scale.
func (s Stouffer) kernel() (kernelFunc, float64, error) {
	if err := s.Validate(); err != nil {
		return nil, 0, err
	}
	a, b := s.A, s.B
	ranked := rankedKernel(s.IncludeHome, func(i int, keys []rankKey, cum, pop, w []float64) {
		pia := math.Pow(pop[i], a)
		for k := 1; k < len(keys); k++ {
			j := keys[k].j
			if cum[k] == 0 { // then p_σk = 0 too: 0/0 is 0
				w[j] = 0
				continue
			}
			w[j] = pia * math.Pow(pop[j]/cum[k], b)
		}
	})
	kf := func(scn *scenario.Table) (rawKernel, error) {
		if a < 0 {
			for i, p := range scn.Pop {
				if p == 0 {
					return rawKernel{}, fmt.Errorf("mixing: %s: patch %s has pop 0 and a = %v < 0 (0^a is infinite)",
						s.Name(), patchName(scn, i), a)
				}
			}
		}
		return ranked(scn)
	}
	return kf, s.K, nil
}
