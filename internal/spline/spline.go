package spline

// Spline is a fitted natural cubic spline: a cubic between consecutive
// knots (the sorted, distinct x of the data), linear outside them. It is
// immutable after construction and safe for concurrent use.
type Spline struct {
	// x0 and width map x to the [0, 1] scale the fit was computed on,
	// u = (x − x0)/width, as R's predict.smooth.spline does with
	// object$min and object$range.
	x0, width float64
	// u holds the knots on the [0, 1] scale (u[0] = 0, u[n−1] = 1).
	u []float64
	// On [u[i], u[i+1]], f = a[i] + b[i]t + c[i]t² + d[i]t³ with t = u − u[i];
	// a has n entries, a[n−1] being the value at the last knot.
	a, b, c, d []float64
	// slope0 and slope1 are df/du at u = 0 and u = 1, used to extrapolate.
	slope0, slope1 float64
	lambda, df     float64
	// spar, ratio and gcv are R's spar, $ratio and $crit (the minimised GCV)
	// for fits made by FitGCV (zero otherwise); kept for comparison with R.
	spar, ratio, gcv float64
}

// newSpline builds the piecewise-cubic representation from the fitted values
// g and second derivatives gamma (d²f/du², zero at both ends) at knots u.
func newSpline(x0, width float64, u, g, gamma []float64, lambda, df float64) *Spline {
	n := len(u)
	s := &Spline{
		x0: x0, width: width, u: u,
		a: g, b: make([]float64, n-1), c: make([]float64, n-1), d: make([]float64, n-1),
		lambda: lambda, df: df,
	}
	for i := range n - 1 {
		h := u[i+1] - u[i]
		s.b[i] = (g[i+1]-g[i])/h - h*(2*gamma[i]+gamma[i+1])/6
		s.c[i] = gamma[i] / 2
		s.d[i] = (gamma[i+1] - gamma[i]) / (6 * h)
	}
	s.slope0 = s.b[0]
	h := u[n-1] - u[n-2]
	s.slope1 = (g[n-1]-g[n-2])/h + h*(gamma[n-2]+2*gamma[n-1])/6
	return s
}

// At returns the spline's value at x. Inside [x₁, xₙ] (the smallest and
// largest data x) it is the fitted cubic; outside, the spline continues as
// the straight line with the value and slope it has at the nearer end, as
// R's predict.smooth.spline does. At does not allocate.
func (s *Spline) At(x float64) float64 {
	u := (x - s.x0) / s.width
	n := len(s.u)
	switch {
	case u < 0:
		return s.a[0] + s.slope0*u
	case u > 1:
		return s.a[n-1] + s.slope1*(u-1)
	}
	// Largest i ≤ n−2 with u[i] ≤ u (i = 0 for NaN, which then propagates).
	lo, hi := 0, n-2
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if s.u[mid] <= u {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	t := u - s.u[lo]
	return s.a[lo] + t*(s.b[lo]+t*(s.c[lo]+t*s.d[lo]))
}

// Lambda returns the smoothing parameter λ of the fit, on R's scale: the
// weight of ∫f″(u)²du with x rescaled to u = (x − x₁)/(xₙ − x₁) ∈ [0, 1]
// (R's smooth.spline(...)$lambda). In the original x units the penalty is
// λ·(xₙ − x₁)³. It is 0 for Interpolating.
func (s *Spline) Lambda() float64 { return s.lambda }

// DF returns the equivalent degrees of freedom of the fit, the trace of the
// smoother matrix S(λ) that maps the data y to the fitted values (R's
// smooth.spline(...)$df): n for the interpolating spline, tending to 2 (the
// least-squares line) as λ → ∞.
func (s *Spline) DF() float64 { return s.df }
