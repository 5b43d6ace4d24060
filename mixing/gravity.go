package mixing

import (
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
	// RowSums is what a migration row summing to more than 1 does:
	// [RowSumsError] ("" is the same; the reference's behaviour) or
	// [RowSumsCap] (the row is scaled down to 1, as laser-core's
	// row_normalizer does).
	RowSums string `json:"row_sums,omitempty"`
}

// Row-sum policies of [Gravity.RowSums].
const (
	// RowSumsError refuses a migration row summing to more than 1 (SPEC
	// §7.3, the reference's behaviour): the default.
	RowSumsError = "error"
	// RowSumsCap scales every migration row summing to more than 1 down to
	// 1 (its patch keeps none of its own force), as laser-core's
	// row_normalizer does; the share of rows capped is reported
	// ([RowsCapper]).
	RowSumsCap = "cap"
)

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
	const name = "gravity"
	if g.RowSums != "" && g.RowSums != RowSumsError && g.RowSums != RowSumsCap {
		return fmt.Errorf("mixing: %s: row_sums must be %q (the default) or %q, got %q", name, RowSumsError, RowSumsCap, g.RowSums)
	}
	return checkParams(name, atLeast("a", g.A, 1), atLeast("b", g.B, 0), atLeast("c", g.C, 0), scale("k", g.K))
}

// Mixing returns the dense mixing matrix M for scn (row = source): the
// migration matrix of [Gravity.Migration] with diagonal 1 − Σ_{j≠i} mig[i,j].
// A migration row summing to more than 1 is an error (SPEC §7.3); so are
// invalid parameters, a scenario with no patches, negative pops, coordinates
// out of range and, when C > 0, two distinct patches at distance 0. A single
// patch gives [[1]].
func (g Gravity) Mixing(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(g, scn, true)
}

// Migration returns the dense migration matrix for scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0. Row sums are not checked
// here (that belongs to the mixing step). A single patch gives [[0]].
func (g Gravity) Migration(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(g, scn, false)
}

// kernel validates g and returns its raw kernel and migration scale.
func (g Gravity) kernel() (kernelFunc, float64, error) {
	if err := g.Validate(); err != nil {
		return nil, 0, err
	}
	return gravityKernel(g.Name(), g.A-1, g.B, g.C), g.K, nil
}

// capsRows reports whether g's policy is [RowSumsCap].
func (g Gravity) capsRows() bool { return g.RowSums == RowSumsCap }

// MarshalJSON encodes g in canonical form, {"type":"gravity","a":…,"b":…,
// "c":…,"k":…}, so a Gravity stored in a Mixer field encodes with its type.
func (g Gravity) MarshalJSON() ([]byte, error) {
	type plain Gravity // no methods: no recursion
	return marshalKernel(g, plain(g))
}

// gravityKernel returns the raw gravity kernel of SPEC §7.2 with origin
// exponent aPrime (A−1 for [Gravity]), destination exponent b and distance
// exponent c (name prefixes error messages):
//
//	W[i,j] = p_i^aPrime · p_j^b · d_ij^(−c),  i ≠ j;  W[i,i] = 0.
//
// The population powers are computed once per patch, the distances on the
// fly (no N×N distance matrix). c = 0 skips the distances (d^0 = 1, also for
// coincident patches); for c > 0 an off-diagonal d = 0 is an error naming
// both patches.
func gravityKernel(name string, aPrime, b, c float64) kernelFunc {
	return func(scn *scenario.Table) (rawKernel, error) {
		g := newGravityTerms(scn, name, aPrime, b, c)
		return rawKernel{newRow: func() rowFunc { return g.row }}, nil
	}
}

// gravityTerms holds the per-patch pieces of a gravity-type (separable)
// kernel for one scenario, shared by [Gravity], [CompetingDestinations] and
// the user distance kernels ([KernelMixer]): the origin and destination
// population powers p^aPrime and p^b, the coordinates and the distance decay
// d ↦ d^(−c), or a user kernel's Decay (newKernelTerms).
type gravityTerms struct {
	scn    *scenario.Table
	name   string // the mixer's JSON type, for messages
	pa, pb []float64
	c      float64
	co     coords // unset when c == 0
	decay  func(d float64) float64
	kernel *DistanceKernel // a user kernel: D_ij = kernel.Decay(d_ij) (c, decay unused); else nil
	// capRows scales migration rows summing to more than 1 down to 1
	// ([RowSumsCap]) instead of refusing them.
	capRows bool
}

// newGravityTerms prepares the gravity terms of scn (0^0 = 1) for the mixer
// called name.
func newGravityTerms(scn *scenario.Table, name string, aPrime, b, c float64) *gravityTerms {
	n := scn.Len()
	g := &gravityTerms{scn: scn, name: name, pa: make([]float64, n), pb: make([]float64, n), c: c, decay: distanceDecay(c)}
	for i, p := range populations(scn) {
		g.pa[i] = math.Pow(p, aPrime)
		g.pb[i] = math.Pow(p, b)
	}
	if c != 0 {
		g.co = newCoords(scn.Lat, scn.Lon)
	}
	return g
}

// row writes row i of the gravity kernel into w (a [rowFunc]): the decay
// row D_ij by the row kernel (decayRow, the same D as the factored build),
// then the population factors. It keeps no scratch, so one row function
// serves every goroutine.
func (g *gravityTerms) row(i int, w []float64) error {
	pai := g.pa[i]
	if g.c == 0 {
		for j := range w {
			w[j] = pai * g.pb[j]
		}
		w[i] = 0
		return nil
	}
	if err := g.decayRow(w[:i], i, 0); err != nil {
		return err
	}
	if err := g.decayRow(w[i+1:], i, i+1); err != nil {
		return err
	}
	w[i] = 0
	for j, f := range w {
		w[j] = float64(pai*g.pb[j]) * f
	}
	return nil
}

// decayBetween returns d_ij^(−c) for patches i ≠ j: 1 when c = 0 (no
// distance computed), an error naming both patches when c > 0 and they are
// at distance 0. It is symmetric bit for bit in i and j.
func (g *gravityTerms) decayBetween(i, j int) (float64, error) {
	if g.c == 0 {
		return 1, nil
	}
	d := g.co.dist(i, j)
	if d == 0 && g.c > 0 {
		lo, hi := min(i, j), max(i, j)
		return 0, fmt.Errorf("mixing: %s: patches %s and %s are at distance 0 (same location); "+
			"the distance exponent c = %v > 0 needs distinct locations",
			g.name, patchName(g.scn, lo), patchName(g.scn, hi), g.c)
	}
	return g.decay(d), nil
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
