package mixing

import (
	"github.com/rubeola/rubeola/scenario"
)

// Radiation is the radiation mixer (SPEC §7.1–§7.3; JSON type "radiation").
// For origin i, the destinations are ranked by distance (see
// [Stouffer] for the ranking and the cumulative pops cum), and
//
//	W[i,σk] = p_i·p_σk / ((p_i + cum[k])·(p_i + p_σk + cum[k]))
//
// where cum[k] is the population within distance ≤ d_iσk of i, σk included,
// and i itself when IncludeHome (parity: unlike the textbook model, cum
// already contains p_σk and, with IncludeHome, p_i). A 0/0 term is 0. W is
// normalised by k/R_j per column (see [Normalize]).
//
// Coincident patches are allowed: they tie at distance 0. A Radiation is an
// immutable value; every call builds a new matrix. The zero value is not the
// defaults: use [DefaultRadiation].
type Radiation struct {
	IncludeHome bool    `json:"include_home"` // count the origin's own pop in cum; default true
	K           float64 `json:"k"`            // migration scale (SPEC §7.3); in [0, 1], default 0.01
}

// DefaultRadiation returns the reference defaults include_home = true,
// k = 0.01.
func DefaultRadiation() Radiation {
	return Radiation{IncludeHome: true, K: 0.01}
}

// Name returns "radiation", the mixer's JSON type.
func (r Radiation) Name() string { return "radiation" }

// Validate checks the parameters: K finite and in [0, 1].
func (r Radiation) Validate() error {
	return checkParams(r.Name(), scale("k", r.K))
}

// Mixing returns the dense mixing matrix M for scn (row = source): the
// migration matrix of [Radiation.Migration] with diagonal 1 − Σ_{j≠i}
// mig[i,j]. A migration row summing to more than 1 is an error (SPEC §7.3);
// so are invalid parameters, a scenario with no patches, negative pops and
// coordinates out of range. A single patch gives [[1]].
func (r Radiation) Mixing(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(r, scn, true)
}

// Migration returns the dense migration matrix for scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0. A single patch gives [[0]].
func (r Radiation) Migration(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(r, scn, false)
}

// MarshalJSON encodes r in canonical form,
// {"type":"radiation","include_home":…,"k":…}.
func (r Radiation) MarshalJSON() ([]byte, error) {
	type plain Radiation // no methods: no recursion
	return marshalKernel(r, plain(r))
}

// kernel validates r and returns its raw kernel and migration scale.
func (r Radiation) kernel() (kernelFunc, float64, error) {
	if err := r.Validate(); err != nil {
		return nil, 0, err
	}
	return rankedKernel(r.IncludeHome, radiationRow), r.K, nil
}

// radiationRow is the radiation formula of SPEC §7.2 (a [rankFormula]).
func radiationRow(i int, keys []rankKey, cum, pop, w []float64) {
	pi := pop[i]
	for k := 1; k < len(keys); k++ {
		j := keys[k].j
		pj := pop[j]
		den := (pi + cum[k]) * (pi + pj + cum[k])
		if den == 0 { // all pops involved are 0: 0/0 is 0
			w[j] = 0
			continue
		}
		w[j] = pi * pj / den
	}
}
