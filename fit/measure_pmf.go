package fit

import "math"

// Log probability mass functions of the reporting models, in C. Loader's
// saddle-point form ("Fast and accurate computation of binomial
// probabilities", 2000), the algorithm of R's dbinom, dpois and dnbinom: it
// keeps full relative precision for large counts, where the direct
// log C(n, x) + x·log p + (n − x)·log q loses about log₂ n bits to
// cancellation between the log-gamma terms. All functions are allocation-free.
// Names carry the prefix meas because package fit is shared.

// measLn2Pi is log(2π).
const measLn2Pi = 1.837877066409345483560659472811235279722794947275566825634

// measLnSqrt2Pi is log(√(2π)).
const measLnSqrt2Pi = 0.918938533204672741780329736405617639861397473637783412817

// measStirlerrHalves holds δ(n/2) for n = 0 … 30, where
// δ(x) = log Γ(x + 1) − [(x + ½)·log x − x + log √(2π)] (δ(0) = 0), evaluated
// once with math.Lgamma (R tabulates the same values, sferr_halves).
var measStirlerrHalves = func() (t [31]float64) {
	for i := 1; i < len(t); i++ {
		x := float64(i) / 2
		lg, _ := math.Lgamma(x + 1)
		t[i] = lg - (x+0.5)*math.Log(x) + x - measLnSqrt2Pi
	}
	return t
}()

// measStirlerr returns δ(x) = log Γ(x + 1) − [(x + ½)·log x − x + log √(2π)]
// for x ≥ 0, the error of Stirling's formula, as R's stirlerr: a table for
// half-integers up to 15, log-gamma for other x ≤ 15, and Stirling's series
// to as many terms as needed for double precision above 15.
func measStirlerr(x float64) float64 {
	const (
		s0 = 1.0 / 12
		s1 = 1.0 / 360
		s2 = 1.0 / 1260
		s3 = 1.0 / 1680
		s4 = 1.0 / 1188
	)
	if x <= 15 {
		if xx := x + x; xx == math.Trunc(xx) {
			return measStirlerrHalves[int(xx)]
		}
		lg, _ := math.Lgamma(x + 1)
		return lg - (x+0.5)*math.Log(x) + x - measLnSqrt2Pi
	}
	xx := x * x
	switch {
	case x > 500:
		return (s0 - s1/xx) / x
	case x > 80:
		return (s0 - (s1-s2/xx)/xx) / x
	case x > 35:
		return (s0 - (s1-(s2-s3/xx)/xx)/xx) / x
	}
	return (s0 - (s1-(s2-(s3-s4/xx)/xx)/xx)/xx) / x
}

// measBd0 returns the deviance term x·log(x/np) + np − x for x, np > 0
// without cancellation (Loader 2000; R's bd0): near x = np it sums the series
// of 2x·(v·atanh-expansion) with v = (x − np)/(x + np) to convergence.
func measBd0(x, np float64) float64 {
	if math.Abs(x-np) < 0.1*(x+np) {
		v := (x - np) / (x + np)
		s := (x - np) * v
		if math.Abs(s) < 0x1p-1022 { // DBL_MIN
			return s
		}
		ej := 2 * x * v
		v *= v
		for j := 1; j < 1000; j++ {
			ej *= v
			s1 := s + ej/float64(2*j+1)
			if s1 == s {
				return s1
			}
			s = s1
		}
	}
	return x*math.Log(x/np) + np - x
}

// measLogBinomialRaw returns log of the binomial probability
// C(n, x)·pˣ·qⁿ⁻ˣ with n = x + nx, for real x, nx ≥ 0 (not both 0),
// p ∈ (0, 1) and q = 1 − p given separately (R's dbinom_raw, with n − x passed
// instead of recomputed so that it keeps its precision when x ≫ n − x).
func measLogBinomialRaw(x, nx, p, q float64) float64 {
	n := x + nx
	switch {
	case x == 0:
		return n * math.Log1p(-p)
	case nx == 0:
		return n * math.Log(p)
	}
	lc := measStirlerr(n) - measStirlerr(x) - measStirlerr(nx) - measBd0(x, n*p) - measBd0(nx, n*q)
	lf := measLn2Pi + math.Log(x) + math.Log(nx/n)
	return lc - 0.5*lf
}

// measLogBinomial returns log P(X = y) for X ~ Binomial(n, p): −Inf outside
// 0 ≤ y ≤ n, exact 0 or −Inf at p = 0 and p = 1, NaN for p outside [0, 1].
func measLogBinomial(y, n int64, p float64) float64 {
	switch {
	case y < 0 || y > n:
		return math.Inf(-1)
	case p == 0:
		if y == 0 {
			return 0
		}
		return math.Inf(-1)
	case p == 1:
		if y == n {
			return 0
		}
		return math.Inf(-1)
	case !(p > 0 && p < 1):
		return math.NaN()
	}
	return measLogBinomialRaw(float64(y), float64(n-y), p, 1-p)
}

// measLogEdge returns the log-probability the count laws share at their
// edges, with ok true: −Inf for y < 0 and, for mean mu = 0, the point mass
// at 0 (0 for y = 0, −Inf otherwise); ok is false when neither applies.
func measLogEdge(y int64, mu float64) (v float64, ok bool) {
	switch {
	case y < 0:
		return math.Inf(-1), true
	case mu == 0:
		if y == 0 {
			return 0, true
		}
		return math.Inf(-1), true
	}
	return 0, false
}

// measLogPoisson returns log P(X = y) for X ~ Poisson(mu), mu ≥ 0 finite
// (R's dpois_raw).
func measLogPoisson(y int64, mu float64) float64 {
	if v, ok := measLogEdge(y, mu); ok {
		return v
	}
	if y == 0 {
		return -mu
	}
	x := float64(y)
	return -measStirlerr(x) - measBd0(x, mu) - 0.5*(measLn2Pi+math.Log(x))
}

// measLogNegBinomial returns log P(X = y) for X ~ NB(mean mu, size k):
// Γ(y+k)/(Γ(k)·y!)·(k/(k+μ))^k·(μ/(k+μ))^y, the law of
// [rng.NegativeBinomial](mu, size) (R's dnbinom_mu: the binomial saddle point
// with k trials, and a Poisson-type expansion when y < 10⁻¹⁰·k). size = +Inf
// is the Poisson limit.
func measLogNegBinomial(y int64, mu, size float64) float64 {
	if v, ok := measLogEdge(y, mu); ok {
		return v
	}
	switch {
	case math.IsInf(size, 1):
		return measLogPoisson(y, mu)
	case !(size > 0):
		return math.NaN()
	case y == 0:
		if size < mu {
			return size * math.Log(size/(size+mu))
		}
		return size * math.Log1p(-mu/(size+mu))
	}
	x := float64(y)
	if x < 1e-10*size {
		var lp float64
		if size < mu {
			lp = math.Log(size / (1 + size/mu))
		} else {
			lp = math.Log(mu / (1 + mu/size))
		}
		lg, _ := math.Lgamma(x + 1)
		return x*lp - mu - lg + math.Log1p(x*(x-1)/(2*size))
	}
	return math.Log(size/(size+x)) + measLogBinomialRaw(size, x, size/(size+mu), mu/(size+mu))
}

// measLogAddExp returns log(eᵃ + eᵇ) without overflow; −Inf when both are.
func measLogAddExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if math.IsInf(a, -1) {
		return a
	}
	return a + math.Log1p(math.Exp(b-a))
}
