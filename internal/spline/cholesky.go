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
