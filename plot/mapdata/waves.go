package mapdata

import (
	"errors"
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/dsp/fourier"
	"gonum.org/v1/gonum/stat"
)

// Cycle bounds: the dominant cycle of the reference place is looked for
// between half a year and five years (measles in England and Wales: an
// annual or a biennial cycle, Grenfell, Bjørnstad & Kappey 2001).
const (
	minCycleDays = 182
	maxCycleDays = 5 * 365
)

// bandWidth is the standard deviation of the Gaussian band-pass around the
// cycle's frequency, relative to it: ±25 % keeps the cycle and drops the
// seasonal harmonics and the noise of single weeks.
const bandWidth = 0.25

// Wave is the phase of one place's epidemics relative to the reference.
type Wave struct {
	Place      int     // place index
	DistanceKm float64 // great-circle distance from the reference place
	// LagWeeks is how far the place's cycle runs behind the reference's
	// (negative: ahead), in weeks, within ± half a cycle.
	LagWeeks float64
	// Coherence is |Σ z·conj(z_ref)| / √(Σ|z|² Σ|z_ref|²) in [0, 1]: 1
	// when the two band-passed cycles keep a constant phase difference.
	Coherence float64
}

// Waves is the phase analysis of [PhaseLags].
type Waves struct {
	Reference  int     // the reference place (the largest)
	CycleWeeks float64 // the cycle whose phase is compared
	Skipped    int     // periods left out at the start
	Lags       []Wave  // places with epidemics, the reference left out
	// SlopeWeeksPerKm and InterceptWeeks are the least-squares line of
	// LagWeeks on DistanceKm (NaN with fewer than two places).
	SlopeWeeksPerKm, InterceptWeeks float64
}

// SpeedKmPerWeek is the speed of the wave, 1/slope (NaN unless the slope
// is positive: epidemics arriving later farther away).
func (w *Waves) SpeedKmPerWeek() float64 {
	if !(w.SlopeWeeksPerKm > 0) {
		return math.NaN()
	}
	return 1 / w.SlopeWeeksPerKm
}

// ErrNoCycle is returned when the reference place has no epidemics to take
// a phase from.
var ErrNoCycle = errors.New("no epidemic cycle in the reference place")

// PhaseLags is the method of Grenfell, Bjørnstad & Kappey (2001, Nature
// 414:716–723) for travelling waves: each place's series of m (from
// period skip on) is transformed to x = log(1 + value); the reference is
// the largest place, and the cycle its strongest between half a year and
// five years (the periodogram's peak). Each x is band-passed around that
// cycle (a Gaussian of ±25 % in frequency, centred on the reference's
// mean instantaneous frequency) into its analytic signal z (the Hilbert
// transform, by FFT), and a place's lag is the phase of Σ z·conj(z_ref)
// turned into weeks. Places whose series is constant
// (no epidemics) are left out.
func PhaseLags(d *Data, m Measure, skip int) (*Waves, error) {
	n := d.Periods() - skip
	ref := d.Places.Largest()
	if n < 4 || ref < 0 {
		return nil, ErrNoCycle
	}
	weeksPer := float64(d.PeriodDays()) / 7
	series := func(i int, dst []float64) []float64 {
		dst = d.Series(m.State, i, dst)[skip:]
		for t, v := range dst {
			dst[t] = math.Log1p(math.Max(0, v*m.Scale))
		}
		return dst
	}
	fft := fourier.NewFFT(n)
	cfft := fourier.NewCmplxFFT(n)
	xRef := series(ref, nil)
	f0 := dominantFrequency(fft, xRef, float64(d.PeriodDays()))
	if f0 == 0 {
		return nil, ErrNoCycle
	}
	// The periodogram's frequencies are k/n: refine to the mean
	// instantaneous frequency of the reference's band-passed cycle, so
	// that a cycle between two of them gives true lags in weeks.
	f0 = meanFrequency(analytic(fft, cfft, xRef, f0), f0)
	zRef := analytic(fft, cfft, xRef, f0)
	refPower := power(zRef)
	if refPower == 0 {
		return nil, ErrNoCycle
	}
	w := &Waves{Reference: ref, CycleWeeks: weeksPer / f0, Skipped: skip}
	var x []float64
	for i := range d.Places.Len() {
		if i == ref {
			continue
		}
		x = series(i, x)
		z := analytic(fft, cfft, x, f0)
		p := power(z)
		if p == 0 {
			continue
		}
		var c complex128
		for t := range z {
			c += z[t] * cmplx.Conj(zRef[t])
		}
		w.Lags = append(w.Lags, Wave{
			Place:      i,
			DistanceKm: DistanceKm(d.Places.Lat[ref], d.Places.Lon[ref], d.Places.Lat[i], d.Places.Lon[i]),
			LagWeeks:   -cmplx.Phase(c) / (2 * math.Pi * f0) * weeksPer,
			Coherence:  cmplx.Abs(c) / math.Sqrt(p*refPower),
		})
	}
	w.InterceptWeeks, w.SlopeWeeksPerKm = math.NaN(), math.NaN()
	if len(w.Lags) >= 2 {
		xs, ys := make([]float64, len(w.Lags)), make([]float64, len(w.Lags))
		for k, l := range w.Lags {
			xs[k], ys[k] = l.DistanceKm, l.LagWeeks
		}
		w.InterceptWeeks, w.SlopeWeeksPerKm = stat.LinearRegression(xs, ys, nil, false)
	}
	return w, nil
}

// dominantFrequency is the frequency (cycles per sample) of the largest
// periodogram ordinate of x whose period is between minCycleDays and
// maxCycleDays (samples of sampleDays days); 0 when there is none or x is
// constant.
func dominantFrequency(fft *fourier.FFT, x []float64, sampleDays float64) float64 {
	coef := fft.Coefficients(nil, x)
	n := float64(len(x))
	best, bestPow := 0.0, 0.0
	for k := 1; k < len(coef); k++ {
		f := float64(k) / n
		if days := sampleDays / f; days < minCycleDays || days > maxCycleDays {
			continue
		}
		if p := real(coef[k])*real(coef[k]) + imag(coef[k])*imag(coef[k]); p > bestPow {
			best, bestPow = f, p
		}
	}
	return best
}

// analytic is the analytic signal of x band-passed around f0 (cycles per
// sample): the positive frequencies weighted by a Gaussian of standard
// deviation bandWidth·f0 and doubled, the others zero, transformed back.
func analytic(fft *fourier.FFT, cfft *fourier.CmplxFFT, x []float64, f0 float64) []complex128 {
	coef := fft.Coefficients(nil, x)
	n := len(x)
	spec := make([]complex128, n)
	sd := bandWidth * f0
	for k := 1; k < len(coef); k++ {
		f := float64(k) / float64(n)
		g := math.Exp(-0.5 * (f - f0) * (f - f0) / (sd * sd))
		spec[k] = coef[k] * complex(2*g/float64(n), 0)
	}
	return cfft.Sequence(nil, spec)
}

// meanFrequency is the amplitude-weighted mean phase step of z in cycles
// per sample, arg Σ z(t+1)·conj(z(t)) / 2π; fallback when z is zero.
func meanFrequency(z []complex128, fallback float64) float64 {
	var c complex128
	for t := 1; t < len(z); t++ {
		c += z[t] * cmplx.Conj(z[t-1])
	}
	if f := cmplx.Phase(c) / (2 * math.Pi); f > 0 {
		return f
	}
	return fallback
}

// power is Σ|z|².
func power(z []complex128) float64 {
	s := 0.0
	for _, v := range z {
		s += real(v)*real(v) + imag(v)*imag(v)
	}
	return s
}
