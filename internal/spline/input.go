package spline

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Errors returned for unusable input. They are wrapped with details (the
// offending index or value), so test for them with errors.Is.
var (
	// ErrTooFewPoints: fewer than 4 points (a cubic smoothing spline, like
	// R's smooth.spline, needs at least four distinct x).
	ErrTooFewPoints = errors.New("spline: need at least 4 points")
	// ErrLengthMismatch: x and y have different lengths.
	ErrLengthMismatch = errors.New("spline: x and y have different lengths")
	// ErrNonFinite: an x or y is NaN or ±Inf.
	ErrNonFinite = errors.New("spline: non-finite value")
	// ErrDuplicateX: two x are equal, or so close that R's smooth.spline
	// would merge them into one knot (their difference rounds to zero in
	// units of 1e-6·IQR(x), R's default tol). R would then fit the weighted
	// mean of the tied y; this package refuses such input instead.
	ErrDuplicateX = errors.New("spline: duplicate x")
	// ErrBadLambda: a fixed λ that is negative, NaN or infinite.
	ErrBadLambda = errors.New("spline: λ must be finite and ≥ 0")
	// ErrNumerical: the fit could not be computed in floating point (the
	// data are so large or so badly scaled that the linear algebra overflows
	// or loses positive definiteness).
	ErrNumerical = errors.New("spline: numerical failure")
)

// points is validated input: x strictly increasing (sorted copy of the
// caller's data), y reordered alongside, both finite.
type points struct {
	x, y []float64
}

// newPoints checks x and y and returns sorted copies; the caller's slices
// are not modified.
func newPoints(x, y []float64) (points, error) {
	if len(x) != len(y) {
		return points{}, fmt.Errorf("%w: len(x) = %d, len(y) = %d", ErrLengthMismatch, len(x), len(y))
	}
	if len(x) < 4 {
		return points{}, fmt.Errorf("%w: got %d", ErrTooFewPoints, len(x))
	}
	for i := range x {
		if math.IsNaN(x[i]) || math.IsInf(x[i], 0) {
			return points{}, fmt.Errorf("%w: x[%d] = %v", ErrNonFinite, i, x[i])
		}
		if math.IsNaN(y[i]) || math.IsInf(y[i], 0) {
			return points{}, fmt.Errorf("%w: y[%d] = %v", ErrNonFinite, i, y[i])
		}
	}
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpFloat(x[a], x[b]) })
	p := points{x: make([]float64, len(x)), y: make([]float64, len(x))}
	for k, i := range order {
		p.x[k], p.y[k] = x[i], y[i]
	}
	for k := 1; k < len(p.x); k++ {
		if p.x[k] == p.x[k-1] {
			return points{}, fmt.Errorf("%w: x = %v occurs more than once", ErrDuplicateX, p.x[k])
		}
	}
	if err := checkTies(p.x); err != nil {
		return points{}, err
	}
	return p, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// checkTies applies R's rule for tied x to sorted, distinct xs: smooth.spline
// groups x by round((x − mean(x))/tol) with tol = 1e-6·IQR(x) and fits one
// knot per group. Two x in one group would make R fit a different model, so
// they are refused.
func checkTies(xs []float64) error {
	tol := 1e-6 * iqr(xs)
	if !(tol > 0) || math.IsInf(tol, 0) {
		return nil // cannot happen for ≥ 4 distinct finite x; nothing to compare
	}
	var mean float64
	for _, v := range xs {
		mean += v
	}
	mean /= float64(len(xs))
	prev := math.Round((xs[0] - mean) / tol)
	for k := 1; k < len(xs); k++ {
		cur := math.Round((xs[k] - mean) / tol)
		if cur == prev {
			return fmt.Errorf("%w: x = %v and x = %v are closer than R's tolerance 1e-6·IQR(x) = %g",
				ErrDuplicateX, xs[k-1], xs[k], tol)
		}
		prev = cur
	}
	return nil
}

// iqr is R's IQR(x) (quantile type 7) of sorted xs.
func iqr(xs []float64) float64 {
	return quantile7(xs, 0.75) - quantile7(xs, 0.25)
}

func quantile7(xs []float64, p float64) float64 {
	h := float64(len(xs)-1) * p
	lo := int(math.Floor(h))
	if lo >= len(xs)-1 {
		return xs[len(xs)-1]
	}
	return xs[lo] + (h-float64(lo))*(xs[lo+1]-xs[lo])
}
