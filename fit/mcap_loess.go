package fit

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// loessAt returns the local quadratic smoother of (x, y) at x0: the
// intercept of a quadratic in x − x0 fitted with tricube weights
// (1 − (d/h)³)³, h the distance to the ⌊MCAPSpan·n⌋-th nearest point
// (loess with span 0.75 and degree 2; pomp's mcap). If ties leave fewer
// than three points with weight, h grows to the next distance.
func loessAt(x, y []float64, x0 float64) (float64, error) {
	n := len(x)
	dist := make([]float64, n)
	for i, v := range x {
		dist[i] = math.Abs(v - x0)
	}
	sorted := slices.Sorted(slices.Values(dist))
	w, u := make([]float64, n), make([]float64, n)
	for q := max(int(MCAPSpan*float64(n)), 3); q <= n; q++ {
		h := sorted[q-1]
		if q == n {
			h *= 1 + 1e-9 // every point: the farthest keeps a little weight
		}
		if !(h > 0) {
			continue
		}
		for i, d := range dist {
			w[i], u[i] = tricube(d/h), (x[i]-x0)/h
		}
		beta, _, err := weightedQuadratic(u, y, w, false)
		if err == nil {
			return beta[0], nil
		}
	}
	return 0, fmt.Errorf("fit: MCAP: cannot fit a local quadratic at %v: the profile needs at least three distinct values", x0)
}

// tricube returns (1 − t³)³ for 0 ≤ t < 1, else 0.
func tricube(t float64) float64 {
	if t >= 1 {
		return 0
	}
	c := 1 - t*t*t
	return c * c * c
}

// errSingular reports a weighted quadratic fit without a unique solution.
var errSingular = errors.New("fewer than three distinct values have weight")

// weightedQuadratic fits y ≈ β0 + β1·u + β2·u² by weighted least squares
// (weights w ≥ 0). With withCov it also returns the coefficients'
// covariance σ̂²·(XᵀWX)⁻¹, σ̂² = Σ w·r²/(m − 3) over the m points with
// weight (R's lm with weights), which needs m ≥ 4.
func weightedQuadratic(u, y, w []float64, withCov bool) (beta [3]float64, cov [3][3]float64, err error) {
	var s [3][3]float64
	var t [3]float64
	m := 0
	for i, wi := range w {
		if wi <= 0 {
			continue
		}
		m++
		b := [3]float64{1, u[i], u[i] * u[i]}
		for r := range 3 {
			t[r] += wi * b[r] * y[i]
			for c := range 3 {
				s[r][c] += wi * b[r] * b[c]
			}
		}
	}
	inv, ok := inverse3(s)
	if !ok {
		return beta, cov, errSingular
	}
	for r := range 3 {
		beta[r] = inv[r][0]*t[0] + inv[r][1]*t[1] + inv[r][2]*t[2]
	}
	if !withCov {
		return beta, cov, nil
	}
	if m < 4 {
		return beta, cov, fmt.Errorf("%d points have weight, the covariance needs at least 4", m)
	}
	rss := 0.0
	for i, wi := range w {
		if wi > 0 {
			r := y[i] - beta[0] - beta[1]*u[i] - beta[2]*u[i]*u[i]
			rss += wi * r * r
		}
	}
	sigma2 := rss / float64(m-3)
	for r := range 3 {
		for c := range 3 {
			cov[r][c] = sigma2 * inv[r][c]
		}
	}
	return beta, cov, nil
}

// inverse3 inverts a symmetric positive semi-definite 3×3 matrix by
// cofactors; false when it is singular relative to its diagonal.
func inverse3(a [3][3]float64) (inv [3][3]float64, ok bool) {
	c00 := a[1][1]*a[2][2] - a[1][2]*a[2][1]
	c01 := a[1][2]*a[2][0] - a[1][0]*a[2][2]
	c02 := a[1][0]*a[2][1] - a[1][1]*a[2][0]
	det := a[0][0]*c00 + a[0][1]*c01 + a[0][2]*c02
	if !(det > 1e-12*a[0][0]*a[1][1]*a[2][2]) {
		return inv, false
	}
	inv[0][0] = c00 / det
	inv[0][1] = (a[0][2]*a[2][1] - a[0][1]*a[2][2]) / det
	inv[0][2] = (a[0][1]*a[1][2] - a[0][2]*a[1][1]) / det
	inv[1][0] = c01 / det
	inv[1][1] = (a[0][0]*a[2][2] - a[0][2]*a[2][0]) / det
	inv[1][2] = (a[0][2]*a[1][0] - a[0][0]*a[1][2]) / det
	inv[2][0] = c02 / det
	inv[2][1] = (a[0][1]*a[2][0] - a[0][0]*a[2][1]) / det
	inv[2][2] = (a[0][0]*a[1][1] - a[0][1]*a[1][0]) / det
	return inv, true
}
