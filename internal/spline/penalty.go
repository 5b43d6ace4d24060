package spline

// The roughness penalty.
//
// A cubic spline f with knots u₁ < … < uₙ is determined by its values
// gₖ = f(uₖ) and second derivatives γₖ = f″(uₖ), k = 1 … n, subject to
// continuity of f′ at the n − 2 interior knots (Green & Silverman 1994,
// §2.1.2). With hₖ = uₖ₊₁ − uₖ, that condition reads Qᵀg = R̄γ: column j of
// the n×(n−2) matrix Q (j = 1 … n−2, 0-based knot index) has 1/hⱼ₋₁,
// −1/hⱼ₋₁ − 1/hⱼ, 1/hⱼ in rows j−1, j, j+1, and row j of the (n−2)×n
// matrix R̄ has hⱼ₋₁/6, (hⱼ₋₁ + hⱼ)/3, hⱼ/6 in columns j−1, j, j+1. On
// [uₖ, uₖ₊₁] f″ is linear from p = γₖ to q = γₖ₊₁, so
//
//	∫ f″² = Σₖ hₖ (p² + p(q − p) + c(q − p)²)   with c = 1/3
//	      = γᵀPγ,  P tridiagonal: Pₖₖ = c(hₖ₋₁ + hₖ), Pₖ,ₖ₊₁ = (1 − 2c)hₖ/2.
//
// R's smooth.spline builds the same quadratic form in its B-spline basis
// (sgram.f) but with the constant written c = 0.3330 instead of 1/3. Its
// penalty is therefore not exactly ∫f″², and the spline it fits is not
// exactly natural (f″ at the ends is up to ~1e-3 of its largest value
// instead of 0). At the same λ the two penalties give curves that differ by
// 1e-7 to 3e-5 relative on the test data sets inside the data range, and by
// up to several per cent for extrapolated values of small noisy data, so Fit
// and FitGCV use c = rPenaltyConst to reproduce R; Interpolating uses the
// exact c = 1/3, for which the minimiser is the natural spline.
//
// Minimising |y − g|² + λγᵀPγ subject to Qᵀg = R̄γ (Lagrange multipliers
// λν) gives
//
//	γ = P⁻¹R̄ᵀν,   (M + λQᵀQ)ν = Qᵀy,   g = y − λQν,   M = R̄P⁻¹R̄ᵀ,
//
// the Reinsch algorithm (Reinsch 1967; Green & Silverman 1994, §2.3.3) with
// R replaced by M. For the exact P, M is the tridiagonal R of Green &
// Silverman and γ vanishes at both ends.

// rPenaltyConst is the constant R's sgram.f uses for ∫₀¹ t² dt = 1/3.
const rPenaltyConst = 0.3330

// exactPenaltyConst is the true value, giving ∫f″² exactly.
const exactPenaltyConst = 1.0 / 3

// penalty holds the λ-independent matrices above for one set of knots.
type penalty struct {
	u      []float64
	m      int       // n − 2
	q      []float64 // Q, n×m row-major
	qtq    []float64 // QᵀQ, m×m
	pInvRt []float64 // P⁻¹R̄ᵀ, n×m row-major: γ = P⁻¹R̄ᵀν
	mat    []float64 // M = R̄P⁻¹R̄ᵀ, m×m
}

// newPenalty builds the matrices for knots u (strictly increasing) and the
// penalty constant c. It reports false if P cannot be factored (only for
// absurd knot spacings).
func newPenalty(u []float64, c float64) (penalty, bool) {
	n, m := len(u), len(u)-2
	h := make([]float64, n-1)
	for i := range h {
		h[i] = u[i+1] - u[i]
	}
	q := make([]float64, n*m)
	rbar := make([]float64, m*n)
	for col := range m {
		j := col + 1
		q[(j-1)*m+col] = 1 / h[j-1]
		q[j*m+col] = -1/h[j-1] - 1/h[j]
		q[(j+1)*m+col] = 1 / h[j]
		rbar[col*n+j-1] = h[j-1] / 6
		rbar[col*n+j] = (h[j-1] + h[j]) / 3
		rbar[col*n+j+1] = h[j] / 6
	}
	p := make([]float64, n*n)
	for k := range n - 1 {
		p[k*n+k] += c * h[k]
		p[(k+1)*n+k+1] += c * h[k]
		p[k*n+k+1] = (1 - 2*c) * h[k] / 2
		p[(k+1)*n+k] = p[k*n+k+1]
	}
	pch, ok := factor(p, n)
	if !ok {
		return penalty{}, false
	}
	// P⁻¹R̄ᵀ column by column, then M = R̄(P⁻¹R̄ᵀ).
	pInvRt := make([]float64, n*m)
	col := make([]float64, n)
	for j := range m {
		copy(col, rbar[j*n:(j+1)*n])
		pch.solve(col)
		for i := range n {
			pInvRt[i*m+j] = col[i]
		}
	}
	mat := make([]float64, m*m)
	for a := range m {
		for b := range m {
			var s float64
			for i := range n {
				s += rbar[a*n+i] * pInvRt[i*m+b]
			}
			mat[a*m+b] = s
		}
	}
	qtq := make([]float64, m*m)
	for i := range n {
		row := q[i*m : (i+1)*m]
		for a, qa := range row {
			if qa == 0 {
				continue
			}
			for b, qb := range row {
				qtq[a*m+b] += qa * qb
			}
		}
	}
	return penalty{u: u, m: m, q: q, qtq: qtq, pInvRt: pInvRt, mat: mat}, true
}
