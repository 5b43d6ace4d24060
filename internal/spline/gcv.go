package spline

import (
	"fmt"
	"math"
)

// Search settings for FitGCV.
const (
	// gcvGrid is the number of spar values scanned on [sparLow, sparHigh]
	// (a step of 0.025 in spar, a factor of about 1.52 in λ) to locate the
	// global GCV minimum before refining it.
	gcvGrid = 121
	// gcvTol is the width in spar to which golden section refines the best
	// grid cell (≈ 1.7e-9 relative in λ); R stops at about 1e-4.
	gcvTol = 1e-10
)

// FitGCV fits the cubic smoothing spline with λ chosen by generalised
// cross-validation, as R's smooth.spline(x, y) does by default: it minimises
// GCV(λ) = (RSS/n)/(1 − df/n)² over R's default range spar ∈ [−1.5, 1.5],
// λ = r·256^(3·spar − 1) (see the package documentation). Unlike R, which
// runs one local Brent search to a tolerance of 1e-4 in spar, it scans the
// whole range and refines the best point to 1e-10, so it returns the global
// minimiser in that range; where R's search converged it agrees with R up to
// R's own tolerance.
//
// It also computes GCV without R's cancellation (see problem.solve). For
// small λ (spar below about −0.6 for 25 points) R's GCV values are dominated
// by rounding and fall far below the true ones, and R's default search
// sometimes wanders there and returns a near-interpolating fit that is not
// a GCV minimum; FitGCV does not reproduce that (see the tests for a
// worked example). Input requirements are those of Fit (λ aside).
func FitGCV(x, y []float64) (*Spline, error) {
	p, err := newPoints(x, y)
	if err != nil {
		return nil, err
	}
	r, err := newProblem(p, rPenaltyConst)
	if err != nil {
		return nil, err
	}
	ratio := sparRatio(r.pen.u)
	if !(ratio > 0) || math.IsInf(ratio, 0) {
		return nil, fmt.Errorf("%w: spar ratio %v", ErrNumerical, ratio)
	}
	crit := func(spar float64) float64 {
		s, ok := r.solve(lambdaOfSpar(ratio, spar))
		if !ok {
			return math.Inf(1)
		}
		return s.gcv
	}

	// Coarse scan: the best grid point, then golden section on the cell
	// around it (the grid neighbours bracket the minimum unless it is at an
	// end of the range).
	step := (sparHigh - sparLow) / (gcvGrid - 1)
	best, bestF := 0, math.Inf(1)
	for k := range gcvGrid {
		if f := crit(sparLow + float64(k)*step); f < bestF {
			best, bestF = k, f
		}
	}
	if math.IsInf(bestF, 1) {
		return nil, fmt.Errorf("%w: GCV could not be evaluated for any λ", ErrNumerical)
	}
	lo := sparLow + float64(max(best-1, 0))*step
	hi := sparLow + float64(min(best+1, gcvGrid-1))*step
	spar, f := goldenMin(crit, lo, hi, gcvTol)
	if !(f < bestF) { // the refinement never beat the grid point (e.g. an end of the range)
		spar = sparLow + float64(best)*step
	}

	lambda := lambdaOfSpar(ratio, spar)
	sol, ok := r.solve(lambda)
	if !ok {
		return nil, fmt.Errorf("%w: λ = %g", ErrNumerical, lambda)
	}
	s := r.spline(sol)
	s.spar, s.ratio, s.gcv = spar, ratio, sol.gcv
	return s, nil
}

// goldenMin minimises f on [a, b] by golden-section search until the
// bracket is narrower than tol, returning the best point evaluated and its
// value.
func goldenMin(f func(float64) float64, a, b, tol float64) (float64, float64) {
	invPhi := (math.Sqrt(5) - 1) / 2 // 1/φ ≈ 0.618
	c := b - invPhi*(b-a)
	d := a + invPhi*(b-a)
	fc, fd := f(c), f(d)
	for b-a > tol {
		if fc <= fd { // minimum in [a, d]
			b, d, fd = d, c, fc
			c = b - invPhi*(b-a)
			fc = f(c)
		} else { // minimum in [c, b]
			a, c, fc = c, d, fd
			d = a + invPhi*(b-a)
			fd = f(d)
		}
	}
	if fc <= fd {
		return c, fc
	}
	return d, fd
}
