package mixing

import (
	"fmt"
	"math"
)

// Normalize turns a raw kernel W (SPEC §7.2) into a migration matrix by the
// normalisation of SPEC §7.3, shared by all kernel mixers:
//
//	mig[i,j] = W[i,j] · k / R_j,   R_j = Σ_m W[j,m] (the ROW sum of row j)
//
// i.e. every column j is scaled by k/R_j (parity with the reference; this is
// not a row normalisation). If R_j = 0 the factor is 0, so zero populations
// never produce NaN. The raw kernels have a zero diagonal; Normalize ignores
// W's diagonal (it counts in no R_j) and the result's diagonal is 0.
//
// W must be square with finite entries ≥ 0 and k must lie in [0, 1]. The
// result has W's storage form (dense or CSR) and never shares storage with it.
// Use it to build a custom kernel mixer: compute W, then Normalize, then
// [MixingFromMigration].
func Normalize(w *Matrix, k float64) (*Matrix, error) {
	if err := checkK(k); err != nil {
		return nil, err
	}
	if err := checkEntries(w, "raw kernel"); err != nil {
		return nil, err
	}
	rowSums := make([]float64, w.n)
	for i := range w.n {
		cols, vals := w.Row(i)
		rowSums[i] = offDiagonalSum(cols, vals, i)
	}
	for i, s := range rowSums {
		if math.IsInf(s, 0) {
			return nil, fmt.Errorf("mixing: raw kernel row %d sums to %v", i, s)
		}
	}
	out := w.clone()
	n := out.n
	if !out.sparse {
		for i := range n {
			_ = normalizeDenseRow(out.dense[i*n:(i+1)*n], i, k, rowSums, false, nil)
		}
		return out, nil
	}
	for i := range n {
		cols, vals := out.Row(i)
		for p, j := range cols {
			vals[p] = scaleEntry(vals[p], int(j) == i, k, rowSums[j])
		}
	}
	return out, nil
}

// MixingFromMigration returns the mixing matrix of a migration matrix mig
// (SPEC §7.3): M = mig with M[i,i] = 1 − Σ_{j≠i} mig[i,j] (mig's own diagonal
// is ignored), so rows of M sum to 1. mig must be square with finite entries
// ≥ 0. If the off-diagonal sum of a row exceeds 1 (strictly) the result is
// the error
//
//	mixing: migration row 7 ("x") sums to 1.23 > 1
//
// where the id comes from ids (patch ids in row order; nil leaves it out).
// The result has mig's storage form (a CSR result always stores the
// diagonal) and never shares storage with mig.
func MixingFromMigration(mig *Matrix, ids []string) (*Matrix, error) {
	if err := checkEntries(mig, "migration matrix"); err != nil {
		return nil, err
	}
	n := mig.n
	if !mig.sparse {
		out := mig.clone()
		for i := range n {
			row := out.dense[i*n : (i+1)*n]
			s := offDiagonalSum(nil, row, i)
			if err := setDiagonal(row, i, i, s, ids); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	out := mig.ToCSR() // copies, and stores every diagonal entry
	for i := range n {
		cols, vals := out.Row(i)
		s := offDiagonalSum(cols, vals, i)
		p := 0
		for int(cols[p]) != i {
			p++
		}
		if err := setDiagonal(vals, p, i, s, ids); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// normalizeDenseRow applies the column scaling of SPEC §7.3 to row i of a
// dense raw kernel in place (w[j] ← w[j]·k/R_j, w[i] ← 0) and, if diag, sets
// the mixing diagonal w[i] = 1 − Σ_{j≠i} w[j] (error if that sum exceeds 1).
func normalizeDenseRow(w []float64, i int, k float64, rowSums []float64, diag bool, ids []string) error {
	s := 0.0
	for j, v := range w {
		if j == i {
			w[j] = 0
			continue
		}
		v = scaleEntry(v, false, k, rowSums[j])
		w[j] = v
		s += v
	}
	if !diag {
		return nil
	}
	if s > 1 {
		return kernelRowSumError(i, s, ids)
	}
	return setDiagonal(w, i, i, s, ids)
}

// scaleEntry is one entry of the §7.3 normalisation: W·k/R (0 on the
// diagonal and where R = 0).
func scaleEntry(v float64, isDiag bool, k, r float64) float64 {
	if isDiag || r == 0 {
		return 0
	}
	return v * k / r
}

// offDiagonalSum returns Σ_{j≠i} of the stored entries of row i, in
// increasing j.
func offDiagonalSum(cols []int32, vals []float64, i int) float64 {
	s := 0.0
	for p, v := range vals {
		j := p
		if cols != nil {
			j = int(cols[p])
		}
		if j != i {
			s += v
		}
	}
	return s
}

// setDiagonal stores 1 − s at vals[p], the diagonal slot of row i, or
// returns the row-sum error of SPEC §7.3 if s > 1.
func setDiagonal(vals []float64, p, i int, s float64, ids []string) error {
	if s > 1 {
		return rowSumError(i, s, ids)
	}
	vals[p] = 1 - s
	return nil
}

// kernelRowSumError is [rowSumError] for a kernel mixer's row, with the
// keys that fix it (issue 37 item 5: the 1 km synthetic countries were
// refused at the reference's k = 0.01 with no advice).
func kernelRowSumError(i int, s float64, ids []string) error {
	return fmt.Errorf("%w: lower the mixer's k (docs/scale.md: k = 0.001 for 1 km grids; rows scale with k), "+
		"or set row_sums = %q in the mixer table to scale such rows down to 1 (laser-core's row_normalizer)",
		rowSumError(i, s, ids), RowSumsCap)
}

// rowSumError is the error of SPEC §7.3 for a migration row summing to
// more than 1.
func rowSumError(i int, s float64, ids []string) error {
	return fmt.Errorf("mixing: migration row %s sums to %v > 1", idName(ids, i), s)
}

// checkK checks the migration scale k ∈ [0, 1].
func checkK(k float64) error {
	if !(k >= 0 && k <= 1) {
		return fmt.Errorf("mixing: k = %v must be in [0, 1]", k)
	}
	return nil
}

// checkEntries checks that every stored entry of m is finite and ≥ 0; what
// names the matrix in messages.
func checkEntries(m *Matrix, what string) error {
	for i := range m.n {
		cols, vals := m.Row(i)
		for p, v := range vals {
			j := p
			if cols != nil {
				j = int(cols[p])
			}
			if err := checkEntry(what, i, j, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkEntry checks one matrix entry: finite and ≥ 0.
func checkEntry(what string, i, j int, v float64) error {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return fmt.Errorf("mixing: %s entry [%d][%d] = %v is not finite", what, i, j, v)
	case v < 0:
		return fmt.Errorf("mixing: %s entry [%d][%d] = %v is negative", what, i, j, v)
	}
	return nil
}
