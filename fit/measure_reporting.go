package fit

import (
	"math"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/rng"
)

// BinomialMeasurement reports Binomial(C, ρ) of the true count C, as rubeola's
// CaseSurveillanceTracker does with reporting = "binomial"; psi is ignored.
type BinomialMeasurement struct{}

// Name returns "binomial".
func (BinomialMeasurement) Name() string { return MeasurementBinomial }

// LogDensity returns log P(Y = y) for Y ~ Binomial(c, rho): −Inf when y < 0 or
// y > c, exact at rho = 0 and rho = 1 (0 for the only possible report, −Inf
// otherwise), NaN for rho outside [0, 1].
func (BinomialMeasurement) LogDensity(y, c int64, rho, _ float64) float64 {
	return measLogBinomial(y, c, rho)
}

// Sample returns [rng.Binomial](src, c, rho), the tracker's draw.
func (BinomialMeasurement) Sample(src *rng.Source, c int64, rho, _ float64) int64 {
	return rng.Binomial(src, c, rho)
}

// NegativeBinomialMeasurement is the overdispersed reporting of rubeola's
// CaseSurveillanceTracker with reporting = "negative_binomial": reports of
// mean μ = ρ·C and variance μ(1 − ρ) + ψ²μ² (He, Ionides & King 2010's
// moments), drawn as
//
//   - μ = 0: 0;
//   - ψ²·C > 1: NB(mean μ, size k) with 1/k = ψ² − 1/C;
//   - ψ²·C = 1: Poisson(μ);
//   - 0 < ψ²·C < 1: the mixture of Poisson(μ) with weight w = ψ²·C and
//     Binomial(C, ρ) with weight 1 − w;
//   - ψ = 0: Binomial(C, ρ).
//
// LogDensity is the exact log pmf of that law (the mixture by log-sum-exp)
// and Sample mirrors the tracker's draw (metrics.reportDraw) statement for
// statement, so it consumes the same random numbers.
type NegativeBinomialMeasurement struct{}

// Name returns "negative_binomial".
func (NegativeBinomialMeasurement) Name() string { return MeasurementNegativeBinomial }

// LogDensity returns log P(Y = y) of the tracker's overdispersed report for
// true count c ≥ 0, detection rate rho ∈ [0, 1] and overdispersion psi ≥ 0;
// −Inf for y < 0 (and for y > c when ψ = 0).
func (NegativeBinomialMeasurement) LogDensity(y, c int64, rho, psi float64) float64 {
	cf := float64(c)
	mu := rho * cf
	w := psi * psi * cf
	if v, ok := measLogEdge(y, mu); ok {
		return v
	}
	switch {
	case w > 1:
		return measLogNegBinomial(y, mu, 1/(psi*psi-1/cf))
	case w == 1:
		return measLogPoisson(y, mu)
	case w > 0:
		return measLogAddExp(math.Log(w)+measLogPoisson(y, mu), math.Log1p(-w)+measLogBinomial(y, c, rho))
	}
	return measLogBinomial(y, c, rho)
}

// Sample draws the tracker's report ([metrics.DrawReport]): the branch
// choice takes one [rng.Uniform] only when 0 < ψ²·c < 1, ρ = 1 with ψ = 0
// returns c without drawing.
func (NegativeBinomialMeasurement) Sample(src *rng.Source, c int64, rho, psi float64) int64 {
	return metrics.DrawReport(src, c, rho, psi)
}
