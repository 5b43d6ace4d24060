package mixing

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/scenario"
)

// Gravity is the gravity mixer (SPEC §7.1–§7.3; JSON type "gravity"). Its raw
// kernel is, for i ≠ j,
//
//	W[i,j] = p_i^(A−1) · p_j^B · d_ij^(−C)
//
// with p the scenario pops and d the haversine distance in km; the diagonal
// is 0. W is normalised by k/R_j per column (see [Normalize]). Note the
// origin exponent is A−1, not A (parity): with A = B = 1 the migration from a
// small to a large patch is large, mig[i,j] = K·p_j/p_i for two patches.
//
// A Gravity is an immutable value; every call builds a new matrix. The zero
// value is not the defaults: use [DefaultGravity].
type Gravity struct {
	A float64 `json:"a"` // origin population exponent plus one (the kernel uses A−1); ≥ 1, default 1
	B float64 `json:"b"` // destination population exponent; ≥ 0, default 1
	C float64 `json:"c"` // distance decay exponent (distance in km); ≥ 0, default 1.5
	K float64 `json:"k"` // migration scale, share of trips (see SPEC §7.3); in [0, 1], default 0.01
}

// DefaultGravity returns the reference defaults a = 1, b = 1, c = 1.5,
// k = 0.01.
func DefaultGravity() Gravity {
	return Gravity{A: 1, B: 1, C: 1.5, K: 0.01}
}

// Name returns "gravity", the mixer's JSON type.
func (g Gravity) Name() string { return "gravity" }

// Validate checks the parameters: all finite, A ≥ 1, B ≥ 0, C ≥ 0,
// K ∈ [0, 1].
func (g Gravity) Validate() error {
	for _, p := range [...]struct {
		key string
		v   float64
	}{{"a", g.A}, {"b", g.B}, {"c", g.C}, {"k", g.K}} {
		if math.IsNaN(p.v) || math.IsInf(p.v, 0) {
			return fmt.Errorf("mixing: gravity: %s = %v is not finite", p.key, p.v)
		}
	}
	switch {
	case g.A < 1:
		return fmt.Errorf("mixing: gravity: a = %v must be >= 1", g.A)
	case g.B < 0:
		return fmt.Errorf("mixing: gravity: b = %v must be >= 0", g.B)
	case g.C < 0:
		return fmt.Errorf("mixing: gravity: c = %v must be >= 0", g.C)
	case g.K < 0 || g.K > 1:
		return fmt.Errorf("mixing: gravity: k = %v must be in [0, 1]", g.K)
	}
	return nil
}

// Mixing returns the dense mixing matrix M for scn (row = source): the
// migration matrix of [Gravity.Migration] with diagonal 1 − Σ_{j≠i} mig[i,j].
// A migration row summing to more than 1 is an error (SPEC §7.3); so are
// invalid parameters, a scenario with no patches, negative pops, coordinates
// out of range and, when C > 0, two distinct patches at distance 0. A single
// patch gives [[1]].
func (g Gravity) Mixing(scn *scenario.Table) (*Matrix, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return kernelMatrix(scn, g.Name(), g.K, gravityKernel(g.A-1, g.B, g.C), true)
}

// Migration returns the dense migration matrix for scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0. Row sums are not checked
// here (that belongs to the mixing step). A single patch gives [[0]].
func (g Gravity) Migration(scn *scenario.Table) (*Matrix, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return kernelMatrix(scn, g.Name(), g.K, gravityKernel(g.A-1, g.B, g.C), false)
}

// MarshalJSON encodes g in canonical form, {"type":"gravity","a":…,"b":…,
// "c":…,"k":…}, so a Gravity stored in a Mixer field encodes with its type.
func (g Gravity) MarshalJSON() ([]byte, error) {
	type plain Gravity // no methods: no recursion
	return json.Marshal(struct {
		Type string `json:"type"`
		plain
	}{g.Name(), plain(g)})
}

// gravityKernel returns the raw gravity kernel of SPEC §7.2 with origin
// exponent aPrime (A−1 for [Gravity]), destination exponent b and distance
// exponent c:
//
//	W[i,j] = p_i^aPrime · p_j^b · d_ij^(−c),  i ≠ j;  W[i,i] = 0.
//
// The population powers are computed once per patch, the distances on the
// fly (no N×N distance matrix). c = 0 skips the distances (d^0 = 1, also for
// coincident patches); otherwise an off-diagonal d = 0 is an error naming
// both patches.
func gravityKernel(aPrime, b, c float64) kernelFunc {
	return func(scn *scenario.Table) (rawKernel, error) {
		n := scn.Len()
		pa := make([]float64, n)
		pb := make([]float64, n)
		for i, p := range populations(scn) {
			pa[i] = math.Pow(p, aPrime) // 0^0 = 1
			pb[i] = math.Pow(p, b)
		}
		var co coords
		if c != 0 {
			co = newCoords(scn.Lat, scn.Lon)
		}
		decay := distanceDecay(c)
		row := func(i int, w []float64) error {
			pai := pa[i]
			if c == 0 {
				for j := range w {
					w[j] = pai * pb[j]
				}
				w[i] = 0
				return nil
			}
			for j := range w {
				if j == i {
					w[j] = 0
					continue
				}
				d := co.dist(i, j)
				if d == 0 {
					lo, hi := min(i, j), max(i, j)
					return fmt.Errorf("mixing: gravity: patches %s and %s are at distance 0 (same location); "+
						"the distance exponent c = %v > 0 needs distinct locations",
						patchName(scn, lo), patchName(scn, hi), c)
				}
				w[j] = float64(pai*pb[j]) * decay(d)
			}
			return nil
		}
		return rawKernel{newRow: func() rowFunc { return row }}, nil
	}
}

// distanceDecay returns d ↦ d^(−c) for d > 0. Common exponents use a square
// root and divisions instead of math.Pow, several times faster and accurate
// to about one ulp (the default c = 1.5 gives 1/(d·√d)).
func distanceDecay(c float64) func(d float64) float64 {
	switch c {
	case 0:
		return func(float64) float64 { return 1 }
	case 0.5:
		return func(d float64) float64 { return 1 / math.Sqrt(d) }
	case 1:
		return func(d float64) float64 { return 1 / d }
	case 1.5:
		return func(d float64) float64 { return 1 / (d * math.Sqrt(d)) }
	case 2:
		return func(d float64) float64 { return 1 / (d * d) }
	case 3:
		return func(d float64) float64 { return 1 / (d * d * d) }
	}
	return func(d float64) float64 { return math.Pow(d, -c) }
}
