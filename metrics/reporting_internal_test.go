package metrics

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

// reportingSeed seeds the reporting tests' streams (any fixed value: the
// tests are deterministic).
const reportingSeed = 20101001

// reportingZ is the tolerance of the moment checks in standard errors: a
// correct sampler fails one check with probability ≈ 6·10⁻⁷ (normal
// approximation), and the seeds are fixed.
const reportingZ = 5.0

// reportMoments returns the exact mean, variance and fourth central moment
// of reportDraw's law for count c, detection rate rho and overdispersion
// psi, branch by branch: NB(μ, k) uses μ₄ = κ₄ + 3κ₂² with a = μ/k,
// κ₂ = μ(1 + a), κ₄ = μ(1 + 7a + 12a² + 6a³) (factorial cumulants of the
// Gamma mixing law); the mixture of Poisson(μ) (μ₄ = μ(1 + 3μ)) with weight
// w and Binomial(C, ρ) (μ₄ = Cρq(1 + 3(C − 2)ρq)) has the same mean in both
// parts, so its central moments are the weighted means of theirs.
func reportMoments(c int64, rho, psi float64) (mean, variance, mu4 float64) {
	cf := float64(c)
	mu := rho * cf
	w := psi * psi * cf
	if w > 1 {
		a := mu * (psi*psi - 1/cf)
		k2 := mu * (1 + a)
		return mu, k2, mu*(1+7*a+12*a*a+6*a*a*a) + 3*k2*k2
	}
	q := 1 - rho
	binVar := cf * rho * q
	binMu4 := binVar * (1 + 3*(cf-2)*rho*q)
	return mu, w*mu + (1-w)*binVar, w*mu*(1+3*mu) + (1-w)*binMu4
}

// TestReportDrawMoments checks reportDraw against the target law
// (He, Ionides & King 2010): the sample mean within reportingZ standard
// errors √(V/m) of μ = ρC, and the sample variance within reportingZ
// standard errors of V = μ(1 − ρ) + ψ²μ² with
// Var(s²) = μ₄/m − V²(m − 3)/(m(m − 1)) from the exact μ₄
// (reportMoments), over both branches (ψ²C above and below 1), the boundary
// ψ²C = 1, ρ = 1 and ψ = 0; the formula's variance is also checked against
// the target directly.
func TestReportDrawMoments(t *testing.T) {
	const m = 200_000
	for _, c := range []struct {
		count    int64
		rho, psi float64
	}{
		{1000, 0.3, 0.5}, // ψ²C = 250: negative binomial
		{40, 0.6, 0.2},   // ψ²C = 1.6: negative binomial near the boundary
		{4, 0.5, 0.5},    // ψ²C = 1 exactly: the boundary, Poisson(μ)
		{100, 0.1, 0.1},  // ψ²C = 1 + 2⁻⁵² in float64: NB with size ≈ 6·10¹⁷
		{100, 0.5, 0.07}, // ψ²C = 0.49: mixture
		{10, 0.25, 0.3},  // ψ²C = 0.9: mixture
		{500, 1, 0.2},    // ρ = 1, ψ²C = 20: negative binomial
		{20, 1, 0.1},     // ρ = 1, ψ²C = 0.2: mixture of Poisson(C) and C
		{3000, 0.2, 0},   // ψ = 0: Binomial
		{1_000_000, 0.05, 0.3},
	} {
		name := fmt.Sprintf("C=%d/rho=%g/psi=%g", c.count, c.rho, c.psi)
		t.Run(name, func(t *testing.T) {
			mean, variance, mu4 := reportMoments(c.count, c.rho, c.psi)
			require.InDelta(t, mean*(1-c.rho)+c.psi*c.psi*mean*mean, variance, 1e-9*variance+1e-12, "the target variance")
			src := rng.NewSource(reportingSeed, name, 0)
			var sum, sumSq float64
			for range m {
				x := reportDraw(src, c.count, c.rho, c.psi)
				require.GreaterOrEqual(t, x, int64(0))
				d := float64(x) - mean
				sum += d
				sumSq += d * d
			}
			mf := float64(m)
			assert.LessOrEqual(t, math.Abs(sum/mf), reportingZ*math.Sqrt(variance/mf), "sample mean %g, want %g", mean+sum/mf, mean)
			s2 := (sumSq - sum*sum/mf) / (mf - 1)
			varS2 := mu4/mf - variance*variance*(mf-3)/(mf*(mf-1))
			assert.LessOrEqual(t, math.Abs(s2-variance), reportingZ*math.Sqrt(max(varS2, 0)), "sample variance %g, want %g", s2, variance)
		})
	}
}

// TestReportDrawEdges: ψ = 0 draws Binomial(C, ρ) from the same stream
// value for value (binomial parity); ρ = 1 with ψ = 0 returns C and ρ = 0 or
// C = 0 returns 0, all without consuming random numbers; ψ²C = 1 draws
// Poisson(ρC) value for value.
func TestReportDrawEdges(t *testing.T) {
	a := rng.NewSource(reportingSeed, "edges", 0)
	b := rng.NewSource(reportingSeed, "edges", 0)
	for _, n := range []int64{0, 1, 7, 100, 10_000} {
		for range 50 {
			require.Equal(t, rng.Binomial(b, n, 0.3), reportDraw(a, n, 0.3, 0), "n %d", n)
		}
	}
	for range 50 {
		require.Equal(t, rng.Poisson(b, 2), reportDraw(a, 4, 0.5, 0.5), "ψ²C = 1")
	}
	for _, c := range []struct {
		count    int64
		rho, psi float64
		want     int64
	}{{42, 1, 0, 42}, {42, 0, 0.5, 0}, {0, 0.5, 2, 0}} {
		s := rng.NewStreams(reportingSeed, "edges-fixed", 1)
		before, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, c.want, reportDraw(s.Block(0), c.count, c.rho, c.psi))
		after, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, before, after, "C=%d ρ=%g ψ=%g consumed random numbers", c.count, c.rho, c.psi)
	}
}
