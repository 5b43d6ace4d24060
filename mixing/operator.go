package mixing

import (
	"fmt"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/scenario"
)

// DistanceOperator applies the symmetric distance kernel D of a separable
// mixer (D_ij = g(d_ij) for i ≠ j, D_ii = 0) to a vector: z_j = Σ_{i≠j}
// D_ij·y_i for every j. Apply must give the same bits for any GOMAXPROCS
// and worker count (SPEC §7.5 rule 1); z and y have length N, are distinct,
// and y ≥ 0. Apply may be called from several goroutines at once (an
// ensemble's replicates share one operator).
//
// [Streaming] is the exact one (D computed on the fly from the
// coordinates); a compressed operator (hierarchical, with a tolerance)
// plugs into the same seam: [NewOperatorMatrix] normalises any operator
// (SPEC §7.3) and [OperatorForce] evaluates the force on it.
type DistanceOperator interface {
	N() int
	Apply(z, y []float64)
}

// checkedOperator is a [DistanceOperator] that can report a bad kernel
// value (coincident patches, a user kernel's NaN) while applying: the
// first application of a normalisation uses it, so the check costs no
// extra pass.
type checkedOperator interface {
	applyChecked(z, y []float64) error
}

// separableMixer is a mixer whose raw kernel is W[i,j] = pa_i·pb_j·D_ij
// with D a symmetric function of distance (gravity, the user distance
// kernels): separable returns its terms for scn (checked) and its
// migration scale k.
type separableMixer interface {
	Mixer
	separable(scn *scenario.Table) (*gravityTerms, float64, error)
}

// IsSeparable reports whether m (or the mixer a [Spec] holds) is separable
// (SPEC §7.5: gravity or a user distance kernel of [FromKernel]), i.e.
// whether [NewOperatorMatrix] and [NewStreaming] accept it.
func IsSeparable(m Mixer) bool {
	_, ok := unwrapSpec(m).(separableMixer)
	return ok
}

// asSeparable returns m's separable form or an error naming the mixer.
func asSeparable(m Mixer) (separableMixer, error) {
	sm, ok := unwrapSpec(m).(separableMixer)
	if !ok {
		name := "<nil>"
		if m != nil {
			name = m.Name()
		}
		return nil, fmt.Errorf("mixing: %s is not a separable distance kernel (gravity or a user distance kernel, FromKernel)", name)
	}
	return sm, nil
}

// separable returns the gravity terms (origin exponent A−1, destination
// exponent B, decay d^(−C)) and K, after validating g and scn.
func (g Gravity) separable(scn *scenario.Table) (*gravityTerms, float64, error) {
	if err := g.Validate(); err != nil {
		return nil, 0, err
	}
	if _, err := checkScenario(scn); err != nil {
		return nil, 0, err
	}
	terms := newGravityTerms(scn, g.Name(), g.A-1, g.B, g.C)
	terms.capRows = g.capsRows()
	return terms, g.K, nil
}

// separable returns the kernel's terms and K, after validating the
// parameters and scn.
func (m KernelMixer) separable(scn *scenario.Table) (*gravityTerms, float64, error) {
	dk, err := m.Kernel()
	if err != nil {
		return nil, 0, err
	}
	if _, err := checkScenario(scn); err != nil {
		return nil, 0, err
	}
	return newKernelTerms(scn, m.Name(), dk), dk.K, nil
}

// OperatorMatrix is a separable mixing matrix whose distance kernel is a
// [DistanceOperator] (SPEC §7.5's factored form without stored D):
//
//	M[i,j] = f_i · g_j · D_ij   (i ≠ j),   M[j,j] = diag_j,
//
// with f_i = pa_i, g_j = k·pb_j/R_j (0 when R_j = 0), R_j = pa_j·(D·pb)_j
// and diag_j = 1 − f_j·(D·g)_j (SPEC §7.3: two applications of D). With
// [Streaming] it is the factored build's matrix bit for bit (the same D,
// the same sums in the same order). It is immutable and safe for
// concurrent readers; [OperatorMatrix.NewForce] evaluates the force.
type OperatorMatrix struct {
	op      DistanceOperator
	f, g, d []float64 // source factors, destination factors, diagonal of M
	capped  int       // migration rows scaled down to 1 ([RowSumsCap])
}

// NewOperatorMatrix normalises the separable mixer m (gravity or a
// [FromKernel] kernel, possibly in a [Spec]) for scn on the distance
// operator op, which must apply m's D for scn's patches (N = scn.Len()).
// Errors: a mixer that is not separable, invalid parameters or scenario,
// an operator of another size, an overflowing raw-kernel row sum, a
// migration row summing to more than 1 (those of [Gravity.Factored]).
// Kernel values are checked by the operator's own build.
func NewOperatorMatrix(m Mixer, scn *scenario.Table, op DistanceOperator) (*OperatorMatrix, error) {
	terms, k, err := separableTerms(m, scn)
	if err != nil {
		return nil, err
	}
	if op.N() != scn.Len() {
		return nil, fmt.Errorf("mixing: %s: the distance operator has %d patches, the scenario %d", terms.name, op.N(), scn.Len())
	}
	return normalise(scn, terms, k, op)
}

// separableTerms returns the separable mixer m's terms for scn (population
// factors, coordinates, D's decay) and its migration scale k: the start of
// every operator's build.
func separableTerms(m Mixer, scn *scenario.Table) (*gravityTerms, float64, error) {
	sm, err := asSeparable(m)
	if err != nil {
		return nil, 0, err
	}
	return sm.separable(scn)
}

// normalise builds the [OperatorMatrix] of terms and k on op (SPEC §7.3,
// the arithmetic of buildFactored). When op is a checkedOperator, its first
// application checks the kernel values.
func normalise(scn *scenario.Table, terms *gravityTerms, k float64, op DistanceOperator) (*OperatorMatrix, error) {
	n := scn.Len()
	s := make([]float64, n)
	if c, ok := op.(checkedOperator); ok {
		if err := c.applyChecked(s, terms.pb); err != nil {
			return nil, err
		}
	} else {
		op.Apply(s, terms.pb)
	}
	g, err := destFactors(scn, terms, k, s)
	if err != nil {
		return nil, err
	}
	op.Apply(s, g)
	f, d, capped, err := diagonal(scn, terms, s)
	if err != nil {
		return nil, err
	}
	return &OperatorMatrix{op: op, f: f, g: g, d: d, capped: capped}, nil
}

// RowsCapped returns the number of migration rows scaled down to 1
// ([RowSumsCap]) and the number of rows.
func (m *OperatorMatrix) RowsCapped() (capped, rows int) { return m.capped, m.N() }

// N returns the number of patches.
func (m *OperatorMatrix) N() int { return len(m.f) }

// Operator returns the distance operator.
func (m *OperatorMatrix) Operator() DistanceOperator { return m.op }

// Factors returns copies of f, g and the diagonal of M.
func (m *OperatorMatrix) Factors() (f, g, diag []float64) {
	return append([]float64(nil), m.f...), append([]float64(nil), m.g...), append([]float64(nil), m.d...)
}

// Matrix materialises M as a dense [Matrix] (8·N² bytes): column j of D is
// D applied to the unit vector e_j (D is symmetric), so it costs N
// applications of the operator — O(N²) for [Streaming], whose application
// to one source computes one row. The force never needs it.
func (m *OperatorMatrix) Matrix() *Matrix {
	n := m.N()
	data := hugepage.Make[float64](n * n)
	e := make([]float64, n)
	col := make([]float64, n)
	for i := range n {
		e[i] = 1
		m.op.Apply(col, e) // col[j] = D_ij
		e[i] = 0
		for j, dij := range col {
			if j != i {
				data[i*n+j] = float64(m.f[i]*m.g[j]) * dij
			}
		}
		data[i*n+i] = m.d[i]
	}
	return &Matrix{n: n, dense: data}
}

// OperatorForce evaluates the force of infection on an [OperatorMatrix]
// (SPEC §7.5):
//
//	acc_j = M[j,j]·x_j + g_j · (D·y)_j,   y_i = f_i·x_i,
//
// with the products rounded as [FactoredForce.Combine] rounds them. It holds
// the scratch vector y and serves one evaluation at a time.
type OperatorForce struct {
	m *OperatorMatrix
	y []float64
}

// NewForce returns a force evaluator for m.
func (m *OperatorMatrix) NewForce() *OperatorForce {
	return &OperatorForce{m: m, y: make([]float64, m.N())}
}

// Force writes acc_j = Σ_i x_i·M[i,j] (x ≥ 0, len N; acc distinct from x).
// The bits depend only on x (and the operator's own rule 1).
func (w *OperatorForce) Force(acc, x []float64) {
	m := w.m
	for i, v := range x {
		w.y[i] = float64(v * m.f[i])
	}
	m.op.Apply(acc, w.y)
	for j := range acc {
		acc[j] = float64(m.d[j]*x[j]) + float64(m.g[j]*acc[j])
	}
}
