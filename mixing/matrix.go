package mixing

import (
	"fmt"
	"math"
	"slices"

	"github.com/rubeola/rubeola/internal/hugepage"
)

// Matrix is an N×N mixing or migration matrix, stored dense (row-major
// []float64) or sparse (CSR, compressed sparse rows). Row = source: entry
// (i, j) is the share of patch i's infectious pressure (or of its people)
// that lands in patch j.
//
// A Matrix is immutable once built: none of its methods modify it, and slices
// returned by [Matrix.Row] share its storage and must not be modified. It is
// therefore safe for concurrent readers.
//
// The zero Matrix is a valid 0×0 dense matrix.
type Matrix struct {
	n int

	// dense storage (sparse == false): len n*n, row-major.
	dense []float64

	// CSR storage (sparse == true): row i holds cols[rowPtr[i]:rowPtr[i+1]]
	// (strictly increasing) and the matching vals.
	sparse bool
	rowPtr []int
	cols   []int32
	vals   []float64
}

// maxN is the largest N a Matrix accepts: CSR column indices are int32.
const maxN = math.MaxInt32

// NewDense returns a dense n×n matrix over data, which is row-major (entry
// (i, j) at data[i*n+j]) and must have length n*n.
//
// NewDense takes ownership of data without copying it (a dense matrix of
// N = 5 000 is 200 MB): the caller must not modify data afterwards. Values
// are not checked; the mixers and [Normalize] check their own inputs.
func NewDense(n int, data []float64) (*Matrix, error) {
	if n < 0 || n > maxN {
		return nil, fmt.Errorf("mixing: dense matrix size %d is outside [0, %d]", n, maxN)
	}
	if len(data) != n*n {
		return nil, fmt.Errorf("mixing: dense %d×%d matrix needs %d values, got %d", n, n, n*n, len(data))
	}
	return &Matrix{n: n, dense: data}, nil
}

// NewCSR returns a sparse n×n matrix in compressed sparse row form: row i
// stores the entries cols[rowPtr[i]:rowPtr[i+1]] with values
// vals[rowPtr[i]:rowPtr[i+1]]. rowPtr has length n+1, starts at 0, does not
// decrease and ends at len(cols) == len(vals); the column indices of each row
// are strictly increasing (sorted, no duplicates) and in [0, n). Entries not
// stored are 0. Stored zeros are allowed.
//
// Like [NewDense], NewCSR takes ownership of the three slices without copying
// them; the caller must not modify them afterwards.
func NewCSR(n int, rowPtr []int, cols []int32, vals []float64) (*Matrix, error) {
	if n < 0 || n > maxN {
		return nil, fmt.Errorf("mixing: CSR matrix size %d is outside [0, %d]", n, maxN)
	}
	if len(rowPtr) != n+1 {
		return nil, fmt.Errorf("mixing: CSR %d×%d matrix needs %d row pointers, got %d", n, n, n+1, len(rowPtr))
	}
	if len(cols) != len(vals) {
		return nil, fmt.Errorf("mixing: CSR matrix has %d column indices but %d values", len(cols), len(vals))
	}
	if rowPtr[0] != 0 {
		return nil, fmt.Errorf("mixing: CSR rowPtr[0] = %d, want 0", rowPtr[0])
	}
	if rowPtr[n] != len(cols) {
		return nil, fmt.Errorf("mixing: CSR rowPtr[%d] = %d, want the number of entries %d", n, rowPtr[n], len(cols))
	}
	for i := range n {
		lo, hi := rowPtr[i], rowPtr[i+1]
		if hi < lo {
			return nil, fmt.Errorf("mixing: CSR rowPtr decreases at row %d (%d > %d)", i, lo, hi)
		}
		if hi > len(cols) {
			return nil, fmt.Errorf("mixing: CSR rowPtr[%d] = %d exceeds the number of entries %d", i+1, hi, len(cols))
		}
		prev := int32(-1)
		for p := lo; p < hi; p++ {
			c := cols[p]
			if c < 0 || int(c) >= n {
				return nil, fmt.Errorf("mixing: CSR row %d has column %d outside [0, %d)", i, c, n)
			}
			if c <= prev {
				return nil, fmt.Errorf("mixing: CSR row %d columns are not strictly increasing (%d after %d)", i, c, prev)
			}
			prev = c
		}
	}
	return &Matrix{n: n, sparse: true, rowPtr: rowPtr, cols: cols, vals: vals}, nil
}

// N returns the number of rows (= columns).
func (m *Matrix) N() int { return m.n }

// IsSparse reports whether m is stored in CSR form.
func (m *Matrix) IsSparse() bool { return m.sparse }

// NNZ returns the number of stored entries: N² for a dense matrix, the number
// of explicitly stored entries (zeros included) for CSR.
func (m *Matrix) NNZ() int {
	if m.sparse {
		return len(m.vals)
	}
	return len(m.dense)
}

// At returns entry (i, j). It panics if i or j is outside [0, N). For a CSR
// matrix it costs a binary search in row i.
func (m *Matrix) At(i, j int) float64 {
	m.checkIndex(i, "row")
	m.checkIndex(j, "column")
	if !m.sparse {
		return m.dense[i*m.n+j]
	}
	if p, ok := slices.BinarySearch(m.cols[m.rowPtr[i]:m.rowPtr[i+1]], int32(j)); ok {
		return m.vals[m.rowPtr[i]+p]
	}
	return 0
}

// Row returns the stored entries of row i. For a dense matrix cols is nil and
// vals is the whole row (entry j at position j); for a CSR matrix cols holds
// the column indices (increasing) of vals. The slices share m's storage:
// callers must not modify them. Row panics if i is outside [0, N).
//
// Iterating the stored entries of row i in order is the normative summation
// order of the force of infection (SPEC §7.5):
//
//	cols, vals := m.Row(i)
//	for k, w := range vals {
//		j := k
//		if cols != nil {
//			j = int(cols[k])
//		}
//		acc[j] += float64(x * w)
//	}
func (m *Matrix) Row(i int) (cols []int32, vals []float64) {
	m.checkIndex(i, "row")
	if !m.sparse {
		lo, hi := i*m.n, (i+1)*m.n
		return nil, m.dense[lo:hi:hi]
	}
	lo, hi := m.rowPtr[i], m.rowPtr[i+1]
	return m.cols[lo:hi:hi], m.vals[lo:hi:hi]
}

// checkIndex panics with a clear message when k is not a valid index.
func (m *Matrix) checkIndex(k int, what string) {
	if k < 0 || k >= m.n {
		panic(fmt.Sprintf("mixing: %s index %d out of range [0, %d)", what, k, m.n))
	}
}

// ToCSR returns m in CSR form with the same values: off-diagonal zeros are
// dropped, every diagonal entry is stored (even when 0, so a mixing matrix's
// self-mixing always has a slot). Any other value, NaN included, is kept.
// The result never shares storage with m.
func (m *Matrix) ToCSR() *Matrix {
	n := m.n
	nnz := 0
	for i := range n {
		cols, vals := m.Row(i)
		for k, v := range vals {
			j := k
			if cols != nil {
				j = int(cols[k])
			}
			if v != 0 && j != i {
				nnz++
			}
		}
	}
	nnz += n
	out := &Matrix{
		n:      n,
		sparse: true,
		rowPtr: make([]int, n+1),
		cols:   make([]int32, 0, nnz),
		vals:   make([]float64, 0, nnz),
	}
	for i := range n {
		cols, vals := m.Row(i)
		diagDone := false
		for k, v := range vals {
			j := k
			if cols != nil {
				j = int(cols[k])
			}
			if !diagDone && j >= i {
				diag := 0.0
				if j == i {
					diag = v
				}
				out.cols = append(out.cols, int32(i))
				out.vals = append(out.vals, diag)
				diagDone = true
				if j == i {
					continue
				}
			}
			if v != 0 && j != i {
				out.cols = append(out.cols, int32(j))
				out.vals = append(out.vals, v)
			}
		}
		if !diagDone {
			out.cols = append(out.cols, int32(i))
			out.vals = append(out.vals, 0)
		}
		out.rowPtr[i+1] = len(out.cols)
	}
	return out
}

// ToDense returns m in dense form with the same values (a copy, never sharing
// storage with m). Beware the size: 8·N² bytes.
func (m *Matrix) ToDense() *Matrix {
	n := m.n
	data := hugepage.Make[float64](n * n)
	if !m.sparse {
		copy(data, m.dense)
		return &Matrix{n: n, dense: data}
	}
	for i := range n {
		cols, vals := m.Row(i)
		row := data[i*n : (i+1)*n]
		for k, v := range vals {
			row[cols[k]] = v
		}
	}
	return &Matrix{n: n, dense: data}
}

// RowSums returns Σ_j m[i,j] for every row i, summing the stored entries in
// increasing j (dense and CSR forms of the same matrix give the same sums).
func (m *Matrix) RowSums() []float64 {
	out := make([]float64, m.n)
	for i := range m.n {
		_, vals := m.Row(i)
		s := 0.0
		for _, v := range vals {
			s += v
		}
		out[i] = s
	}
	return out
}

// clone returns a deep copy of m in the same storage form.
func (m *Matrix) clone() *Matrix {
	if !m.sparse {
		return m.ToDense()
	}
	return &Matrix{
		n:      m.n,
		sparse: true,
		rowPtr: append([]int(nil), m.rowPtr...),
		cols:   append([]int32(nil), m.cols...),
		vals:   append([]float64(nil), m.vals...),
	}
}
