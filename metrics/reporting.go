package metrics

import (
	"math"

	"github.com/rubeola/rubeola/rng"
)

// Reporting models of [CaseSurveillanceTrackerParams.Reporting].
const (
	// ReportingBinomial reports Binomial(C, ρ) of the count C (the default).
	ReportingBinomial = "binomial"
	// ReportingNegativeBinomial reports an overdispersed count with mean ρ·C
	// and variance ρC(1 − ρ) + ψ²(ρC)² ([reportDraw]).
	ReportingNegativeBinomial = "negative_binomial"
	// ReportingHe2010 reports He, Ionides & King (2010)'s discretised
	// normal with mean ρ·C and variance ρC(1 − ρ + ψ²ρC) ([DrawHe2010Report]),
	// the measurement model of `rubeola fit`'s he2010.
	ReportingHe2010 = "he2010"
)

// he2010Tol is pomp's tol in He et al.'s rmeasure: added to the standard
// deviation.
const he2010Tol = 1.0e-18

// DrawHe2010Report draws a report of c true cases with reporting rate rho
// and overdispersion psi as pomp's he10 rmeasure does (He, Ionides & King
// 2010): round half to even (C's nearbyint) of a normal deviate with mean
// m = ρ·c and standard deviation √(m(1 − ρ + ψ²m)) + 10⁻¹⁸, and 0 if that
// is not positive. It consumes one [rng.Normal] deviate, also when c = 0:
// the sampler behind reporting = "he2010" and fit's he2010 measurement
// model.
func DrawHe2010Report(src *rng.Source, c int64, rho, psi float64) int64 {
	m := rho * float64(c)
	v := m * (1 - rho + psi*psi*m)
	r := math.RoundToEven(m + (math.Sqrt(v)+he2010Tol)*rng.Normal(src))
	switch {
	case r >= math.MaxInt64:
		return math.MaxInt64
	case r > 0:
		return int64(r)
	}
	return 0
}

// reportDraw draws the reported cases out of count c ≥ 0 with detection rate
// rho ∈ [0, 1] and overdispersion psi ≥ 0, from src.
//
// Target (He, Ionides & King 2010, J. R. Soc. Interface 7:271–283, their
// measurement model): mean μ = ρ·C and variance V = μ(1 − ρ) + ψ²μ². A
// negative binomial NB(mean μ, size k) has variance μ + μ²/k, which can reach
// V only where V > μ, i.e. where ψ²·C > 1:
//
//   - ψ²·C > 1: NB(μ, k) with 1/k = ψ² − 1/C; then
//     μ + μ²/k = μ + ψ²μ² − μ²/C = μ + ψ²μ² − ρμ = V exactly.
//   - ψ²·C ≤ 1 (V ≤ μ, below every negative binomial): the mixture that with
//     probability w = ψ²·C draws Poisson(μ) and otherwise Binomial(C, ρ).
//     Both parts have mean μ, so the mixture's variance is the mean of their
//     variances, w·μ + (1 − w)·μ(1 − ρ) = μ(1 − ρ) + w·ρ·μ = μ(1 − ρ) + ψ²μ²
//     = V exactly. At ψ²·C = 1 (w = 1, k = +∞) both branches are Poisson(μ),
//     so the law is continuous in ψ and C.
//   - ψ = 0 (w = 0): Binomial(C, ρ) with no extra draw, the binomial model's
//     stream consumption; ρ = 1 with ψ = 0 returns C without drawing.
//
// The branch choice uses one [rng.Uniform] (only when 0 < w < 1). Callers
// keep c ≤ [rng.MaxPoissonMean] (≤ 2⁵², so μ and every draw fit).
func reportDraw(src *rng.Source, c int64, rho, psi float64) int64 {
	return DrawReport(src, c, rho, psi)
}

// DrawReport draws CaseSurveillanceTracker's overdispersed report of c true
// cases with detection rate rho and overdispersion psi from src (the law and
// the draws are reportDraw's, above): the sampler behind reporting =
// "negative_binomial", and behind fit's negative_binomial measurement model.
func DrawReport(src *rng.Source, c int64, rho, psi float64) int64 {
	cf := float64(c)
	mu := rho * cf
	w := psi * psi * cf
	switch {
	case mu == 0:
		return 0
	case w > 1:
		return rng.NegativeBinomial(src, mu, 1/(psi*psi-1/cf))
	case w == 1:
		return rng.Poisson(src, mu)
	case w > 0 && rng.Uniform(src) < w:
		return rng.Poisson(src, mu)
	case rho == 1:
		return c
	}
	return rng.Binomial(src, c, rho)
}
