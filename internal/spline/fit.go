package spline

import (
	"fmt"
	"math"
)

// Fit fits the cubic smoothing spline with the fixed penalty λ ≥ 0 on R's
// scale, reproducing R's smooth.spline(x, y, lambda = λ): it minimises
// Σ(yᵢ − f(xᵢ))² + λ·J(f) with the abscissae rescaled to
// u = (x − x₁)/(xₙ − x₁) ∈ [0, 1], where J(f) is R's version of ∫₀¹f″(u)²du
// (see the package documentation; in the original x units ∫f″² carries the
// weight λ·(xₙ − x₁)³). Fit(x, y, s.Lambda()) reproduces a spline s from
// FitGCV. λ → ∞ gives the least-squares line; λ = 0, which R refuses, gives
// the limit λ → 0, an interpolating spline (for the natural one use
// Interpolating).
//
// x need not be sorted; the pairs (x[i], y[i]) are sorted by x internally and
// the caller's slices are left unchanged. It fails on fewer than 4 points,
// different lengths, non-finite values, duplicate x (see ErrDuplicateX), or
// a negative or non-finite λ.
func Fit(x, y []float64, lambda float64) (*Spline, error) {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, fmt.Errorf("%w: got %v", ErrBadLambda, lambda)
	}
	return fitFixed(x, y, lambda, rPenaltyConst)
}

// Interpolating returns the natural cubic interpolating spline through the
// points: it passes through every (x[i], y[i]), has zero second derivative at
// both ends, and is linear outside [x₁, xₙ] (λ = 0 with the exact penalty
// ∫f″²). Input requirements are those of Fit.
func Interpolating(x, y []float64) (*Spline, error) {
	return fitFixed(x, y, 0, exactPenaltyConst)
}

func fitFixed(x, y []float64, lambda, c float64) (*Spline, error) {
	p, err := newPoints(x, y)
	if err != nil {
		return nil, err
	}
	pr, err := newProblem(p, c)
	if err != nil {
		return nil, err
	}
	sol, ok := pr.solve(lambda)
	if !ok {
		return nil, fmt.Errorf("%w: λ = %g", ErrNumerical, lambda)
	}
	return pr.spline(sol), nil
}

// problem is one data set on the [0, 1] scale with its penalty matrices.
type problem struct {
	x0, width float64
	y         []float64
	pen       penalty
	qty       []float64 // Qᵀy
}

func newProblem(p points, c float64) (problem, error) {
	n := len(p.x)
	x0, width := p.x[0], p.x[n-1]-p.x[0]
	u := make([]float64, n)
	for i, v := range p.x {
		u[i] = (v - x0) / width // as R: xbar <- (ux - ux[1])/r.ux
	}
	pen, ok := newPenalty(u, c)
	if !ok {
		return problem{}, fmt.Errorf("%w: knot spacing", ErrNumerical)
	}
	m := pen.m
	qty := make([]float64, m)
	for i, yi := range p.y {
		for j, qv := range pen.q[i*m : (i+1)*m] {
			qty[j] += qv * yi
		}
	}
	return problem{x0: x0, width: width, y: p.y, pen: pen, qty: qty}, nil
}

// solution is the smoothing spline for one λ.
type solution struct {
	lambda float64
	g      []float64 // fitted values f(uᵢ)
	gamma  []float64 // f″(uᵢ)
	df     float64   // tr S(λ)
	gcv    float64   // (RSS/n)/(1 − df/n)²
}

// solve computes the fit for λ (see penalty.go): (M + λQᵀQ)ν = Qᵀy,
// g = y − λQν, γ = P⁻¹R̄ᵀν. The smoother matrix is S = I − λQA⁻¹Qᵀ with
// A = M + λQᵀQ, so with T = tr(A⁻¹QᵀQ)
//
//	df = tr S = n − λT,   RSS = |y − g|² = λ²|Qν|²,
//	GCV = (RSS/n)/(1 − df/n)² = n|Qν|²/T².
//
// Computing RSS and n − df this way, rather than as differences of nearly
// equal numbers as R does, keeps GCV accurate for small λ, where R's value
// is dominated by rounding (for λ = 0 it is the limit λ → 0). It reports
// false if the system cannot be factored or the result is not finite.
func (pr problem) solve(lambda float64) (solution, bool) {
	pen := pr.pen
	n, m := len(pen.u), pen.m
	a := make([]float64, m*m)
	for i := range a {
		a[i] = pen.mat[i] + lambda*pen.qtq[i]
	}
	ch, ok := factor(a, m)
	if !ok {
		return solution{}, false
	}
	nu := append([]float64(nil), pr.qty...)
	ch.solve(nu)

	t := ch.traceInvQtQ(pen.q, n) // tr(A⁻¹QᵀQ)

	g := make([]float64, n)
	gamma := make([]float64, n)
	var qnu2 float64
	for i := range n {
		var qnu, gi float64
		for j := range m {
			qnu += pen.q[i*m+j] * nu[j]
			gi += pen.pInvRt[i*m+j] * nu[j]
		}
		qnu2 += qnu * qnu
		g[i] = pr.y[i] - lambda*qnu
		gamma[i] = gi
	}
	s := solution{
		lambda: lambda, g: g, gamma: gamma,
		df:  float64(n) - lambda*t,
		gcv: float64(n) * qnu2 / (t * t),
	}
	if !finite(s.df) || !finite(s.gcv) || !finite(g...) || !finite(gamma...) {
		return solution{}, false
	}
	return s, true
}

// spline turns a solution into an evaluable Spline.
func (pr problem) spline(s solution) *Spline {
	return newSpline(pr.x0, pr.width, pr.pen.u, s.g, s.gamma, s.lambda, s.df)
}

func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
