package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// testSeed is the seed of every statistical test; each case draws from its own
// stream NewSource(testSeed, <case name>, 0), so cases are independent and the
// whole suite is deterministic.
const testSeed = 20250101

// Statistical criteria of the SPEC §6.4 test plan (zBound and
// chiSquareLevel, the per-check levels, are in stats_budget_test.go).
const (
	// minBinExpected: chi-square bins are merged until each expects ≥ 5
	// counts, the usual validity condition of the chi-square approximation.
	minBinExpected = 5.0
	// minNonZero: variance and shape checks need m·P(X ≠ 0) ≥ 1000, i.e.
	// enough non-zero draws for s² and the histogram to be informative.
	minNonZero = 1000.0
)

// drawCount returns the sample size m for a case whose full SPEC §6.4 size is
// full (4·10⁵ draws, 10⁵ for n = 10⁹); under -short it shrinks 4-fold.
func drawCount(t *testing.T, full int) int {
	if testing.Short() {
		return full / 4
	}
	return full
}

// distCase describes one distribution under test.
type distCase struct {
	name     string
	draw     func(src *Source) int64
	m        int     // number of draws
	mean     float64 // μ
	variance float64 // σ²
	mu4      float64 // fourth central moment μ₄
	pNonZero float64 // P(X ≠ 0)
	lo, hi   int64   // support [lo, hi]
	// cells returns the probabilities of the histogram cells
	// [start + i·width, start + (i+1)·width) covering the bulk of the
	// distribution (draws outside are counted in the first/last cell: tails
	// merged).
	cells func() (start, width int64, probs []float64)
}

// checkDistribution draws c.m values from a fresh stream and applies the
// SPEC §6.4 mean, variance and chi-square shape checks.
func checkDistribution(t *testing.T, c distCase) {
	t.Helper()
	src := NewSource(testSeed, c.name, 0)
	sigma := math.Sqrt(c.variance)

	var (
		start, width int64
		probs        []float64
		counts       []int64
	)
	shape := float64(c.m)*c.pNonZero >= minNonZero
	if shape {
		start, width, probs = c.cells()
		counts = make([]int64, len(probs))
	}

	// Deviations from μ are accumulated (x − μ is exact or nearly so even for
	// n = 10¹²), which keeps the variance free of cancellation.
	var sum, sumSq float64
	for range c.m {
		x := c.draw(src)
		if x < c.lo || x > c.hi {
			require.Failf(t, "draw outside the support", "%d not in [%d, %d]", x, c.lo, c.hi)
		}
		d := float64(x) - c.mean
		sum += d
		sumSq += d * d
		if shape {
			cell := (max(x, start) - start) / width
			counts[min(cell, int64(len(counts)-1))]++
		}
	}
	m := float64(c.m)

	// Mean: the sample mean has standard error σ/√m.
	meanDev := sum / m
	countChecks(1)
	assert.LessOrEqual(t, math.Abs(meanDev), zBound*sigma/math.Sqrt(m),
		"sample mean %.10g, expected %.10g", c.mean+meanDev, c.mean)

	if !shape {
		return
	}

	// Variance: s² is unbiased with exact variance
	// Var(s²) = μ₄/m − σ⁴(m−3)/(m(m−1)) = (μ₄ − σ⁴)/m + 2σ⁴/(m(m−1)).
	// SPEC §6.4 states the leading term (μ₄ − σ⁴)/m; the 2σ⁴/(m(m−1))
	// correction (relative size ~1/m) matters only where μ₄ = σ⁴ (Bernoulli ½),
	// where the leading term is 0 but s² still fluctuates at O(1/m).
	countChecks(2) // the variance, and the shape below
	s2 := (sumSq - sum*sum/m) / (m - 1)
	s4 := c.variance * c.variance
	varS2 := c.mu4/m - s4*(m-3)/(m*(m-1))
	assert.LessOrEqual(t, math.Abs(s2-c.variance), zBound*math.Sqrt(varS2),
		"sample variance %.10g, expected %.10g", s2, c.variance)

	// Shape: chi-square against the exact pmf over adjacent cells merged
	// until each bin expects ≥ 5 draws; a remainder expecting < 5 joins the
	// last bin. The probabilities are normalised over the window (this
	// removes the common rounding error of log-gamma at n = 10⁹ and the
	// negligible mass outside the window).
	var total float64
	for _, p := range probs {
		total += p
	}
	// log Γ(n+1) ≈ 2·10¹⁰ at n = 10⁹ carries ~10⁻⁶ absolute rounding error, so
	// the window mass is 1 only to ~10⁻⁵; 10⁻⁴ still catches a wrong pmf.
	require.InDelta(t, 1, total, 1e-4, "pmf mass over the window")
	var bins []float64 // observed, expected pairs
	var binExp, binObs float64
	for i, p := range probs {
		binExp += m * p / total
		binObs += float64(counts[i])
		if binExp >= minBinExpected {
			bins = append(bins, binObs, binExp)
			binExp, binObs = 0, 0
		}
	}
	if len(bins) < 4 {
		return // degenerate: fewer than two bins
	}
	bins[len(bins)-2] += binObs
	bins[len(bins)-1] += binExp
	var stat float64
	for i := 0; i < len(bins); i += 2 {
		o, e := bins[i], bins[i+1]
		stat += (o - e) * (o - e) / e
	}
	df := float64(len(bins)/2 - 1)
	limit := distuv.ChiSquared{K: df}.Quantile(chiSquareLevel)
	assert.Less(t, stat, limit, "chi-square %.1f with %g degrees of freedom", stat, df)
}

// logPMFCells returns unit-width cells over μ ± (12σ + 12) clipped to the
// support [lo, hi], from an exact log pmf. The mass outside is below 10⁻³⁰ for
// every case here.
func logPMFCells(mean, variance float64, lo, hi int64, logPMF func(k float64) float64) func() (int64, int64, []float64) {
	return func() (int64, int64, []float64) {
		sigma := math.Sqrt(variance)
		a := max(lo, int64(math.Floor(mean-12*sigma-12)))
		b := min(hi, int64(math.Ceil(mean+12*sigma+12)))
		probs := make([]float64, b-a+1)
		for i := range probs {
			probs[i] = math.Exp(logPMF(float64(a + int64(i))))
		}
		return a, 1, probs
	}
}

// ratioCells returns cells of width ⌈σ/50⌉ over mode ± 7σ for distributions
// too wide (or n too large) for log-gamma in float64: the pmf is built by the
// recurrence f(k+1) = f(k)·ratio(k) outward from the mode (unnormalised,
// relative error ≲ steps·2⁻⁵³ ≈ 10⁻⁹). The mass outside ±7σ is ~10⁻¹², and
// each cell is ≤ σ/50 wide, so the merged bins still resolve the shape finely.
func ratioCells(mode int64, variance float64, lo, hi int64, ratio func(k float64) float64) func() (int64, int64, []float64) {
	return func() (int64, int64, []float64) {
		sigma := math.Sqrt(variance)
		width := max(1, int64(math.Ceil(sigma/50)))
		a := max(lo, mode-int64(7*sigma))
		b := min(hi, mode+int64(7*sigma))
		a = mode - (mode-a)/width*width // align a cell edge on the mode
		probs := make([]float64, (b-a)/width+1)
		f := 1.0
		for k := mode; k <= b; k++ {
			probs[(k-a)/width] += f
			f *= ratio(float64(k))
		}
		f = 1.0
		for k := mode - 1; k >= a; k-- {
			f /= ratio(float64(k))
			probs[(k-a)/width] += f
		}
		var total float64
		for _, p := range probs {
			total += p
		}
		for i := range probs {
			probs[i] /= total
		}
		return a, width, probs
	}
}

// lgamma returns log Γ(x) for x > 0.
func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// binomialCase builds the distCase of Binomial(n, p). The pmf comes from
// log-gamma in float64 (SPEC §6.4) up to n = 10⁹ and from the ratio
// recurrence beyond, where log Γ(n+1) ≈ 10¹³ would lose ~10⁻² to rounding.
func binomialCase(name string, n int64, p float64, m int) distCase {
	nf, q := float64(n), 1-p
	logP, logQ := math.Log(p), math.Log1p(-p)
	lgN := lgamma(nf + 1)
	c := distCase{
		name:     name,
		draw:     func(src *Source) int64 { return Binomial(src, n, p) },
		m:        m,
		mean:     nf * p,
		variance: nf * p * q,
		mu4:      nf * p * q * (1 + 3*(nf-2)*p*q),
		pNonZero: -math.Expm1(nf * logQ),
		lo:       0,
		hi:       n,
	}
	if n <= 1e9 {
		c.cells = logPMFCells(c.mean, c.variance, 0, n, func(k float64) float64 {
			return lgN - lgamma(k+1) - lgamma(nf-k+1) + k*logP + (nf-k)*logQ
		})
	} else {
		mode := int64(math.Floor((nf + 1) * p))
		c.cells = ratioCells(mode, c.variance, 0, n, func(k float64) float64 {
			return (nf - k) * p / ((k + 1) * q)
		})
	}
	return c
}

// poissonCase builds the distCase of Poisson(mean). The pmf comes from
// log-gamma in float64 (SPEC §6.4) up to mean 10⁷ and from the ratio
// recurrence beyond.
func poissonCase(name string, mean float64, m int) distCase {
	logMean := math.Log(mean)
	c := distCase{
		name:     name,
		draw:     func(src *Source) int64 { return Poisson(src, mean) },
		m:        m,
		mean:     mean,
		variance: mean,
		mu4:      mean * (1 + 3*mean),
		pNonZero: -math.Expm1(-mean),
		lo:       0,
		hi:       math.MaxInt64,
	}
	if mean <= 1e7 {
		c.cells = logPMFCells(mean, mean, 0, math.MaxInt64, func(k float64) float64 {
			return -mean + k*logMean - lgamma(k+1)
		})
	} else {
		c.cells = ratioCells(int64(mean), mean, 0, math.MaxInt64, func(k float64) float64 {
			return mean / (k + 1)
		})
	}
	return c
}
