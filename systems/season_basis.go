package systems

import (
	"fmt"
	"math"
)

// Kinds of a seasonality estimated from data ([SeasonBasis]): periodic
// B-splines over the year (pomp's periodic.bspline.basis) and the 26
// biweekly coefficients of TSIR (Becker & Grenfell 2017).
const (
	SeasonBSpline = "bspline"
	SeasonTSIR    = "tsir"
	// TSIRBiweeks is the number of TSIR's biweeks in a year.
	TSIRBiweeks = 26
	// tsirDays is the length of a TSIR biweek in days: biweek k covers the
	// days [14k, 14k + 14) of the year, the last (26th) also the rest of
	// the year (day 364 of a 365-day year, 364–365.25 of a decimal year).
	tsirDays = 14
)

// SeasonBasis is a seasonality estimated from data: a log-linear
// multiplier
//
//	s(x) = exp(Σ_k c_k·B_k(x)),  k = 1 … K,  Σ_k c_k = 0,
//
// of the time of year x = day/yearDays in [0, 1). Kind "bspline": B_k are
// the K = NBasis periodic B-splines of degree Degree on K equally spaced
// knots over the year (partition of unity), B_k centred on x = (k − 1)/K
// (its peak; pomp's periodic.bspline.basis up to a shift). Kind "tsir":
// K = 26, B_k is 1 in TSIR's biweek k (days 14(k − 1) … 14k − 1 of the
// year, the 26th also the year's last day or day and a quarter) and 0
// elsewhere (a degree-0 basis), so s = e^(c_k) in biweek k.
//
// Identifiability: Σ_k B_k(x) = 1, so adding a constant to every c_k would
// multiply s by a constant, which R0 (or β) already is. The coefficients
// are therefore constrained to sum to zero: only c_1 … c_(K−1) are free
// (the parameters b1 … b(K−1), biweek1 … biweek25: [SeasonBasis.Keys]) and
// c_K = −(c_1 + … + c_(K−1)). As every B_k has the same mean 1/K over the
// year, the mean of log s over the year is Σ c_k/K = 0: R0 (β) is the
// year's geometric-mean rate. The exponential keeps s > 0 for any
// coefficients, so a random walk of iterated filtering on them (transform
// "none") never meets a bound.
type SeasonBasis struct {
	kind   string
	degree int
	k      int       // K, the number of basis functions
	w      []float64 // scratch: B_k(x)
	d      []float64 // scratch: B_k(x) − B_K(x), k < K
}

// NewSeasonBasis checks kind, degree and nbasis and returns the basis.
// Kind "tsir" needs degree and nbasis 0 (its basis is fixed); kind
// "bspline" needs 0 ≤ degree < nbasis (a periodic spline of degree d
// spans d + 1 knot intervals, which must not overlap themselves over the
// year) and nbasis ≥ 2. Errors are prefixed with prefix and name the keys
// as degreeKey and nbasisKey.
func NewSeasonBasis(prefix, kind string, degree, nbasis int, degreeKey, nbasisKey string) (*SeasonBasis, error) {
	switch kind {
	case SeasonTSIR:
		if degree != 0 || nbasis != 0 {
			return nil, fmt.Errorf("%s: %s and %s are for season %q; season %q has 26 biweekly coefficients (got %s = %d, %s = %d)",
				prefix, degreeKey, nbasisKey, SeasonBSpline, SeasonTSIR, degreeKey, degree, nbasisKey, nbasis)
		}
		degree, nbasis = 0, TSIRBiweeks
	case SeasonBSpline:
		switch {
		case nbasis < 2:
			return nil, fmt.Errorf("%s: %s must be ≥ 2 (one basis function is a constant, which R0 already is), got %d", prefix, nbasisKey, nbasis)
		case degree > maxSplineDegree:
			return nil, fmt.Errorf("%s: %s must be at most %d, got %d", prefix, degreeKey, maxSplineDegree, degree)
		case degree < 0 || degree >= nbasis:
			return nil, fmt.Errorf("%s: %s must be in 0…%d (below %s = %d), got %d", prefix, degreeKey, nbasis-1, nbasisKey, nbasis, degree)
		}
	default:
		return nil, fmt.Errorf("%s: unknown seasonality %q (want %q or %q)", prefix, kind, SeasonBSpline, SeasonTSIR)
	}
	return &SeasonBasis{kind: kind, degree: degree, k: nbasis, w: make([]float64, nbasis), d: make([]float64, nbasis-1)}, nil
}

// Free returns the number of free coefficients, K − 1.
func (b *SeasonBasis) Free() int { return b.k - 1 }

// Keys returns the names of the free coefficients: b1 … b(K−1) for
// "bspline", biweek1 … biweek25 for "tsir".
func (b *SeasonBasis) Keys() []string {
	prefix := "b"
	if b.kind == SeasonTSIR {
		prefix = "biweek"
	}
	keys := make([]string, b.Free())
	for k := range keys {
		keys[k] = fmt.Sprintf("%s%d", prefix, k+1)
	}
	return keys
}

// CheckCoefficients checks that coef holds the K − 1 free coefficients,
// each finite; key names the list in errors ("prefix: key…").
func (b *SeasonBasis) CheckCoefficients(prefix, key string, coef []float64) error {
	if len(coef) != b.Free() {
		return fmt.Errorf("%s: %s has %d values, want %d (%s): the last of the %d coefficients is minus the sum of the others",
			prefix, key, len(coef), b.Free(), b.describe(), b.k)
	}
	for k, v := range coef {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: %s[%d] (%s) must be a finite number, got %v", prefix, key, k, b.Keys()[k], v)
		}
	}
	return nil
}

// describe names the basis: "nbasis − 1 = 5" or "26 biweeks − 1".
func (b *SeasonBasis) describe() string {
	if b.kind == SeasonTSIR {
		return "26 biweeks − 1"
	}
	return fmt.Sprintf("nbasis − 1 = %d", b.k-1)
}

// Basis writes B_1(x) … B_K(x) at day of a year of yearDays days into w
// (length K; x = day/yearDays, wrapped into [0, 1)) and returns w.
func (b *SeasonBasis) Basis(day, yearDays float64, w []float64) []float64 {
	clear(w)
	if b.kind == SeasonTSIR {
		w[TSIRBiweek(day, yearDays)] = 1
		return w
	}
	x := day / yearDays
	x -= math.Floor(x)
	// Basis k (0-based) is the cardinal B-spline N_d(u − k + (d+1)/2),
	// u = x·K, wrapped with period K: its support [k − (d+1)/2, k + (d+1)/2)
	// is centred on u = k.
	u := x*float64(b.k) + float64(b.degree+1)/2
	i := math.Floor(u)
	f := u - i
	var v [maxSplineDegree + 1]float64
	cardinal(f, b.degree, v[:b.degree+1])
	for r := 0; r <= b.degree; r++ { // v[r] = N_d(f + r): the basis starting at knot i − r
		k := ((int(i)-r)%b.k + b.k) % b.k
		w[k] += v[r]
	}
	return w
}

// maxSplineDegree bounds the degree of [SeasonBasis] splines (a stack
// buffer of degree + 1 values); higher degrees are refused.
const maxSplineDegree = 15

// cardinal writes N_d(f + r) for r = 0 … d into v, f in [0, 1): the d + 1
// cardinal B-splines of degree d (support [0, d + 1), integer knots) that
// are not zero at f + r, by Cox–de Boor's recursion
// N_p(s) = (s·N_(p−1)(s) + (p + 1 − s)·N_(p−1)(s − 1))/p.
func cardinal(f float64, d int, v []float64) {
	v[0] = 1
	for p := 1; p <= d; p++ {
		v[p] = 0
		for r := p; r >= 0; r-- {
			s := f + float64(r)
			left := s * v[r]
			if r > 0 {
				left += (float64(p+1) - s) * v[r-1]
			}
			v[r] = left / float64(p)
		}
	}
}

// TSIRBiweek returns the 0-based TSIR biweek of day (0 ≤ day < yearDays,
// wrapped otherwise) of a year of yearDays days: ⌊day/14⌋, at most 25 (the
// 26th biweek takes the year's last day, or day and a quarter).
func TSIRBiweek(day, yearDays float64) int {
	day -= math.Floor(day/yearDays) * yearDays
	return min(int(day/tsirDays), TSIRBiweeks-1)
}

// Multipliers writes s_j = exp(Σ_k c_k[j]·B_k(x)) for every patch j into
// out, at day of a year of yearDays days; coef[k][j] is free coefficient
// k + 1 of patch j (K − 1 slices; c_K = −Σ). The basis is evaluated once
// for all patches: Σ_k c_k·B_k = Σ_(k<K) c_k·(B_k − B_K).
func (b *SeasonBasis) Multipliers(day, yearDays float64, coef [][]float64, out []float64) {
	w := b.Basis(day, yearDays, b.w)
	for k := range b.d {
		b.d[k] = w[k] - w[b.k-1]
	}
	for j := range out {
		sum := 0.0
		for k, dk := range b.d {
			if dk != 0 {
				sum += dk * coef[k][j]
			}
		}
		out[j] = math.Exp(sum)
	}
}

// Multiplier returns s = exp(Σ_k c_k·B_k(x)) at day for one set of free
// coefficients coef (K − 1 values).
func (b *SeasonBasis) Multiplier(day, yearDays float64, coef []float64) float64 {
	w := b.Basis(day, yearDays, b.w)
	sum := 0.0
	for k, c := range coef {
		sum += c * (w[k] - w[b.k-1])
	}
	return math.Exp(sum)
}
