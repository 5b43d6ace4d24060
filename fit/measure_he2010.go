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
// (Φ(b) − ½) + (½ − Φ(a)) by math.Erf; when the interval is narrow next
// to s (large counts: s ≥ 18 near the mean, more in the tails) it is the
// integral's Taylor series instead, one log and no erfc, equal to the erfc
// form within 10⁻¹¹ on the log (TestHe2010NarrowSeries). The logs are
// [rng.Log] (table-driven, within 3 ulp of math.Log and about a third of its
// cost). This agrees with R's pnorm to 10⁻⁹ on the log everywhere. pomp itself forms Φ(b) − Φ(a) with both terms
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
	if y == 0 {
		b := (yf + 0.5 - m) / s
		if b < -he2010Cut {
			return he2010LogTol
		}
		return rng.Log(0.5*math.Erfc(-b*(1/math.Sqrt2)) + he2010Tol)
	}
	h := 1 / s
	if x := (yf - m) * h; h*h*(x*x+8) < he2010NarrowMax {
		return he2010LogNarrow(x, h)
	}
	return he2010LogWide(yf, m, s)
}

// he2010LogWide returns log(Φ((y + ½ − m)/s) − Φ((y − ½ − m)/s) + tol)
// for y > 0 by math.Erfc and math.Erf, without cancellation in either
// tail (see [He2010Measurement]).
func he2010LogWide(yf, m, s float64) float64 {
	a, b := (yf-0.5-m)/s, (yf+0.5-m)/s
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
	return rng.Log(d + he2010Tol)
}

// Sample draws a report as pomp's he10 rmeasure does
// ([metrics.DrawHe2010Report]: the CaseSurveillanceTracker's reporting =
// "he2010"). It consumes one [rng.Normal] deviate, also when c = 0.
func (He2010Measurement) Sample(src *rng.Source, c int64, rho, psi float64) int64 {
	return metrics.DrawHe2010Report(src, c, rho, psi)
}

// he2010NarrowMax bounds h²·(x² + 8) for [he2010LogNarrow], h = 1/s the
// report interval's standardised width and x its standardised midpoint:
// the series' first omitted term, He₈(x)·h⁸/(2⁸·9!) relative, is then
// below (h²·(x² + 8)/4)⁴/9! < 10⁻¹² (|Heₙ(x)| ≤ (x² + n)^(n/2)), and the
// later ones fall faster still.
const he2010NarrowMax = 0.098

// log(2π)/2, for the normal density's log.
var halfLog2Pi = 0.5 * math.Log(2*math.Pi)

// he2010LogNarrow returns log(Φ(x + h/2) − Φ(x − h/2) + tol) for a narrow
// interval (h²·(x² + 8) < he2010NarrowMax; a report of a large count,
// whose sd s = 1/h is large) without the two erfc: the integral of φ over
// the interval is φ(x)·h·Σₖ He₂ₖ(x)·h²ᵏ/(2²ᵏ·(2k + 1)!) (the Taylor series
// of φ about x, φ⁽ⁿ⁾ = (−1)ⁿ·Heₙ·φ, integrated term by term), summed to
// k = 3, and its log is −x²/2 − log(2π)/2 + log(h·series), then tol is
// added: skipped above a log density of −8 (it changes the log by less
// than 3·10⁻¹⁵), by log1p's series down to −30, exactly below.
func he2010LogNarrow(x, h float64) float64 {
	x2, h2 := x*x, h*h
	he2 := x2 - 1
	he4 := (x2-6)*x2 + 3
	he6 := ((x2-15)*x2+45)*x2 - 15
	series := 1 + h2*(he2*(1.0/24)+h2*(he4*(1.0/1920)+h2*he6*(1.0/322560)))
	ld := -0.5*x2 - halfLog2Pi + rng.Log(h*series)
	switch {
	case ld > -8: // tol/d < 10⁻¹⁸·e⁸ = 3·10⁻¹⁵
		return ld
	case ld > -30: // u = tol/d < 1.1·10⁻⁵: log1p(u) = u − u²/2 within u³/3 < 5·10⁻¹⁶
		u := he2010Tol / math.Exp(ld)
		return ld + u*(1-0.5*u)
	default:
		return math.Log(math.Exp(ld) + he2010Tol)
	}
}
