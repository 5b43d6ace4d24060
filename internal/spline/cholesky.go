package spline

import "math"

// cholesky is the lower-triangular factor L of a dense symmetric positive
// definite m×m matrix A = LLᵀ, stored row-major.
type cholesky struct {
	m int
	l []float64
}

// factor computes the Cholesky factor of the m×m row-major matrix a (only
// its lower triangle is read). It reports false if a is not numerically
// positive definite or has non-finite entries.
func factor(a []float64, m int) (cholesky, bool) {
	l := make([]float64, m*m)
	for i := range m {
		for j := 0; j <= i; j++ {
			s := a[i*m+j]
			for k := range j {
				s -= l[i*m+k] * l[j*m+k]
			}
			if i == j {
				if !(s > 0) || math.IsInf(s, 0) {
					return cholesky{}, false
				}
				l[i*m+i] = math.Sqrt(s)
			} else {
				l[i*m+j] = s / l[j*m+j]
			}
		}
	}
	return cholesky{m: m, l: l}, true
}

// solve overwrites b with A⁻¹b.
func (c cholesky) solve(b []float64) {
	m, l := c.m, c.l
	for i := range m { // L z = b
		s := b[i]
		for k := range i {
			s -= l[i*m+k] * b[k]
		}
		b[i] = s / l[i*m+i]
	}
	for i := m - 1; i >= 0; i-- { // Lᵀ x = z
		s := b[i]
		for k := i + 1; k < m; k++ {
			s -= l[k*m+i] * b[k]
		}
		b[i] = s / l[i*m+i]
	}
}

// traceInvQtQ returns tr(A⁻¹QᵀQ) for the n×m row-major Q whose row i has
// its non-zeros in columns i−2 … i (the penalty's Q): A⁻¹ = L⁻ᵀL⁻¹, so
// the trace is tr(QL⁻ᵀL⁻¹Qᵀ) = ‖L⁻¹Qᵀ‖²_F, the sum of squares of the
// forward substitutions L z = qᵢ of Q's rows. A row's substitution starts
// at its first non-zero, so the whole costs about m³/6 multiply-adds
// against m³ for m solves of QᵀQ's columns.
func (c cholesky) traceInvQtQ(q []float64, n int) float64 {
	m, l := c.m, c.l
	z := make([]float64, m)
	var t float64
	for i := range n {
		row := q[i*m : (i+1)*m]
		first := max(i-2, 0)
		for first < m && row[first] == 0 {
			first++
		}
		if first == m {
			continue
		}
		for r := first; r < m; r++ { // L z = qᵢ, z zero before first
			s := row[r]
			for k := first; k < r; k++ {
				s -= l[r*m+k] * z[k]
			}
			z[r] = s / l[r*m+r]
			t += z[r] * z[r]
		}
	}
	return t
}
