package fit

import (
	"fmt"
	"math"
	"slices"
)

// MCAP's smoother: pomp's mcap defaults.
const (
	// MCAPSpan is the share of the points in each local fit (loess's span).
	MCAPSpan = 0.75
	// MCAPGrid is the number of grid points the smoothed profile is
	// evaluated at.
	MCAPGrid = 1000
)

// MCAPResult is a Monte Carlo adjusted profile confidence interval.
type MCAPResult struct {
	// Level is the confidence level.
	Level float64
	// MLE is the maximum of the smoothed profile (on the grid).
	MLE float64
	// Lower and Upper bound the confidence interval: the grid values
	// whose smoothed log-likelihood is within Delta of the maximum.
	Lower, Upper float64
	// Delta is the cutoff qchisq(Level, 1)·(A·SEMC² + 1/2): the usual
	// χ² cutoff widened for the Monte Carlo error of the profile.
	Delta float64
	// A and QuadraticMax are the curvature and the maximum of the
	// quadratic ℓ ≈ c − A·θ² + B·θ fitted near MLE: QuadraticMax = B/(2A).
	A, QuadraticMax float64
	// SEStat = √(1/(2A)) is the statistical standard error, SEMC the Monte
	// Carlo one of QuadraticMax (delta method) and SE = √(SEStat² + SEMC²).
	SEStat, SEMC, SE float64
	// Grid are MCAPGrid evenly spaced values from the smallest to the
	// largest profile value and Smoothed the smoothed profile there.
	Grid, Smoothed []float64
}

// MCAP computes the Monte Carlo adjusted profile (Ionides, Breto, Park,
// Smith & King 2017, J R Soc Interface 14:20170126), as pomp's mcap: it
// smooths the profile log-likelihoods (logliks at values) with a local
// quadratic of tricube weights over the nearest MCAPSpan of the points
// (loess with degree 2, evaluated directly), takes the smoothed maximum,
// fits a weighted quadratic around it whose coefficients' covariance
// gives the Monte Carlo standard error SEMC, and returns the values whose
// smoothed log-likelihood is within Delta = qchisq(level, 1)·(A·SEMC² +
// 1/2) of the maximum. level is in (0, 1) (0.95 is usual).
func MCAP(values, logliks []float64, level float64) (*MCAPResult, error) {
	if err := checkProfile(values, logliks, level); err != nil {
		return nil, err
	}
	lo, hi := slices.Min(values), slices.Max(values)
	res := &MCAPResult{Level: level, Grid: make([]float64, MCAPGrid), Smoothed: make([]float64, MCAPGrid)}
	best := 0
	for g := range MCAPGrid {
		x0 := lo + (hi-lo)*float64(g)/float64(MCAPGrid-1)
		y, err := loessAt(values, logliks, x0)
		if err != nil {
			return nil, err
		}
		res.Grid[g], res.Smoothed[g] = x0, y
		if y > res.Smoothed[best] {
			best = g
		}
	}
	res.MLE = res.Grid[best]
	if err := res.quadratic(values, logliks); err != nil {
		return nil, err
	}
	res.Delta = chiSquared1Quantile(level) * (res.A*res.SEMC*res.SEMC + 0.5)
	res.Lower, res.Upper = math.Inf(1), math.Inf(-1)
	for g, y := range res.Smoothed {
		if res.Smoothed[best]-y < res.Delta {
			res.Lower, res.Upper = min(res.Lower, res.Grid[g]), max(res.Upper, res.Grid[g])
		}
	}
	return res, nil
}

// checkProfile checks MCAP's arguments.
func checkProfile(values, logliks []float64, level float64) error {
	if len(values) != len(logliks) {
		return fmt.Errorf("fit: MCAP: %d values and %d log-likelihoods", len(values), len(logliks))
	}
	if !(level > 0 && level < 1) {
		return fmt.Errorf("fit: MCAP: level %v must be in (0, 1)", level)
	}
	for i := range values {
		if math.IsNaN(values[i]) || math.IsInf(values[i], 0) || math.IsNaN(logliks[i]) || math.IsInf(logliks[i], 0) {
			return fmt.Errorf("fit: MCAP: point %d (value %v, loglik %v) is not finite", i, values[i], logliks[i])
		}
	}
	if len(values) < 5 {
		return fmt.Errorf("fit: MCAP: %d profile points are too few for local quadratic fits (need >= 5, better 10 or more)", len(values))
	}
	return nil
}

// quadratic fits ℓ ≈ c − A·θ² + B·θ with tricube weights on the points
// nearer to MLE than the ⌊MCAPSpan·n⌋-th nearest (pomp's mcap), and sets
// A, QuadraticMax and the standard errors.
func (r *MCAPResult) quadratic(values, logliks []float64) error {
	n := len(values)
	dist := make([]float64, n)
	for i, x := range values {
		dist[i] = math.Abs(x - r.MLE)
	}
	sorted := slices.Sorted(slices.Values(dist))
	cut := sorted[int(MCAPSpan*float64(n))-1]
	maxdist := 0.0
	for _, d := range dist {
		if d < cut {
			maxdist = max(maxdist, d)
		}
	}
	// Fit in u = (θ − MLE)/maxdist for conditioning; the maximum and its
	// delta-method variance map back exactly (the fit is affine-equivariant).
	w, u := make([]float64, n), make([]float64, n)
	for i, d := range dist {
		if d < cut && maxdist > 0 {
			w[i] = tricube(d / maxdist)
		}
		u[i] = (values[i] - r.MLE) / maxdist
	}
	beta, cov, err := weightedQuadratic(u, logliks, w, true)
	if err != nil {
		return fmt.Errorf("fit: MCAP: the quadratic near the maximum %v: %w (profile more values)", r.MLE, err)
	}
	s := maxdist
	r.A = -beta[2] / (s * s)
	if !(r.A > 0) {
		return fmt.Errorf("fit: MCAP: the profile is not concave near its maximum %v (curvature %v): extend or refine the profile", r.MLE, -r.A)
	}
	ustar := -beta[1] / (2 * beta[2])
	r.QuadraticMax = r.MLE + s*ustar
	g1, g2 := -1/(2*beta[2]), beta[1]/(2*beta[2]*beta[2]) // ∂u*/∂β1, ∂u*/∂β2
	varU := g1*g1*cov[1][1] + 2*g1*g2*cov[1][2] + g2*g2*cov[2][2]
	r.SEMC = s * math.Sqrt(max(varU, 0))
	r.SEStat = math.Sqrt(1 / (2 * r.A))
	r.SE = math.Hypot(r.SEStat, r.SEMC)
	return nil
}

// chiSquared1Quantile returns qchisq(p, 1) = 2·erfinv(p)² (P(Z² ≤ q) =
// erf(√(q/2)) for a standard normal Z).
func chiSquared1Quantile(p float64) float64 {
	e := math.Erfinv(p)
	return 2 * e * e
}
