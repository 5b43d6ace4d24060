package fit

import (
	"math"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/rng"
)

// He2010Measurement is the measurement model of He, Ionides & King (2010,
// J. R. Soc. Interface 7:271–283) as coded in pomp's he10 model: reports are
// a normal deviate with mean m = ρ·C and variance v = m·(1 − ρ + ψ²·m),
// rounded to the nearest integer and truncated at 0. Its density is pomp's
// dmeasure, with tol = 10⁻¹⁸ and s = √v + tol:
//
//	y > 0:  P(Y = y) = Φ((y + ½ − m)/s) − Φ((y − ½ − m)/s) + tol
//	y = 0:  P(Y = 0) = Φ((½ − m)/s) + tol
//
// (the density is only defined up to tol, which keeps every log-likelihood
// finite). The Φ difference is evaluated without cancellation in both tails:
// above the mean as the difference of the complementary probabilities
// Φc(a) − Φc(b) (by math.Erfc), below it as Φ(b) − Φ(a), and across it as
// (Φ(b) − ½) + (½ − Φ(a)) by math.Erf. This agrees with R's pnorm to 10⁻⁹
// on the log everywhere. pomp itself forms Φ(b) − Φ(a) with both terms
// rounded near 1 when y lies above m, so from about 4 standard deviations
// above m its log density loses digits (by 10⁻⁶ at 6 sd and 2·10⁻⁴ at 7 sd),
// and beyond about 8.3 sd it collapses to log(tol) = −41.45 while this model
// keeps the true value, larger by up to about 4.6 (log of Φc(8.3)/tol).
type He2010Measurement struct{}

// he2010Tol is pomp's tol: added to the standard deviation and to the
// likelihood.
const he2010Tol = 1.0e-18

// he2010LogTol is log(tol), the log density of any report whose normal
// probability is below 10⁻³⁴ (negligible next to tol).
var he2010LogTol = math.Log(he2010Tol)

// he2010Cut bounds the standardised arguments whose Φ or Φc matters: beyond
// it Φc < 10⁻³⁸, which changes log(D + tol) by less than 10⁻²⁰.
const he2010Cut = 13.0

// Name returns "he2010".
func (He2010Measurement) Name() string { return MeasurementHe2010 }

// LogDensity returns pomp's he10 dmeasure in log form (give_log = 1) for
// report y, true count c ≥ 0, reporting probability rho ∈ [0, 1] and
// overdispersion psi; a negative y gives −Inf.
func (He2010Measurement) LogDensity(y, c int64, rho, psi float64) float64 {
	if y < 0 {
		return math.Inf(-1)
	}
	m := rho * float64(c)
	v := m * (1 - rho + psi*psi*m)
	s := math.Sqrt(v) + he2010Tol
	yf := float64(y)
	b := (yf + 0.5 - m) / s
	if y == 0 {
		if b < -he2010Cut {
			return he2010LogTol
		}
		return math.Log(0.5*math.Erfc(-b*(1/math.Sqrt2)) + he2010Tol)
	}
	a := (yf - 0.5 - m) / s
	var d float64
	switch {
	case a > he2010Cut || b < -he2010Cut:
		return he2010LogTol
	case a >= 0: // upper tail: Φc(a) − Φc(b)
		d = 0.5 * (math.Erfc(a*(1/math.Sqrt2)) - math.Erfc(b*(1/math.Sqrt2)))
	case b <= 0: // lower tail: Φ(b) − Φ(a)
		d = 0.5 * (math.Erfc(-b*(1/math.Sqrt2)) - math.Erfc(-a*(1/math.Sqrt2)))
	default: // a < 0 < b: (Φ(b) − ½) + (½ − Φ(a))
		d = 0.5 * (math.Erf(b*(1/math.Sqrt2)) + math.Erf(-a*(1/math.Sqrt2)))
	}
	return math.Log(d + he2010Tol)
}

// Sample draws a report as pomp's he10 rmeasure does
// ([metrics.DrawHe2010Report]: the CaseSurveillanceTracker's reporting =
// "he2010"). It consumes one [rng.Normal] deviate, also when c = 0.
func (He2010Measurement) Sample(src *rng.Source, c int64, rho, psi float64) int64 {
	return metrics.DrawHe2010Report(src, c, rho, psi)
}
