package rng

import "math"

// halfLog2Pi is ½·log(2π).
const halfLog2Pi = 0.91893853320467274178032973640561764

// stirlingCorrection returns the tail of Stirling's series,
//
//	δ(x) = log Γ(x) − [(x − ½)·log x − x + ½·log 2π]
//	     ≈ 1/(12x) − 1/(360x³) + 1/(1260x⁵) − 1/(1680x⁷) + 1/(1188x⁹),
//
// in the nested form of step 5.3 of BTPE (Kachitvichyanukul & Schmeiser 1988),
// with one division. Its truncation error is below 1/x¹¹ (< 10⁻¹³ for x ≥ 16).
func stirlingCorrection(x float64) float64 {
	ix := 1 / x
	ix2 := ix * ix
	return (13860 - (462-(132-(99-140*ix2)*ix2)*ix2)*ix2) * ix * (1.0 / 166320)
}

// stirlerrSmall holds δ(k) = log k! − [(k + ½)·log k − k + ½·log 2π] for
// k = 1 … 16, evaluated once with math.Lgamma (the truncated series is not
// accurate enough for small k; index 0 is unused).
var stirlerrSmall = func() (t [17]float64) {
	for k := 1; k < len(t); k++ {
		kf := float64(k)
		lg, _ := math.Lgamma(kf + 1)
		t[k] = lg - (kf+0.5)*math.Log(kf) + kf - halfLog2Pi
	}
	return t
}()

// stirlerr returns log k! − [(k + ½)·log k − k + ½·log 2π] for an integer
// k ≥ 1 (C. Loader, "Fast and accurate computation of binomial
// probabilities", 2000).
func stirlerr(k float64) float64 {
	if k < float64(len(stirlerrSmall)) {
		return stirlerrSmall[int(k)]
	}
	return stirlingCorrection(k)
}

// bd0 returns the deviance term x·log(x/μ) + μ − x for x, μ > 0 without
// cancellation (Loader 2000). When x is near μ (|v| < 0.1 with
// v = (x−μ)/(x+μ)) it uses log(x/μ) = 2·atanh v, which gives
//
//	bd0 = (x−μ)·v + 2x·v³·(1/3 + v²/5 + v⁴/7 + … + v¹⁴/17);
//
// the omitted terms are below v¹⁶/19 < 10⁻¹⁷ relative to the v³ term, so the
// fixed polynomial (no loop, no division) is as accurate as Loader's series
// summed to convergence.
func bd0(x, mu float64) float64 {
	if math.Abs(x-mu) < 0.1*(x+mu) {
		v := (x - mu) / (x + mu)
		t := v * v
		t2 := t * t
		t4 := t2 * t2
		// Estrin's scheme for P(t) = Σ_{k=0..7} t^k/(2k+3).
		p := ((1.0/3 + t*(1.0/5)) + t2*(1.0/7+t*(1.0/9))) +
			t4*((1.0/11+t*(1.0/13))+t2*(1.0/15+t*(1.0/17)))
		return (x-mu)*v + 2*x*v*t*p
	}
	return x*fastLog(x/mu) + mu - x
}

// logPoissonPMF returns log(e^−μ·μᵏ/k!) for an integer k ≥ 0 and μ > 0 in
// Loader's saddle-point form −δ(k) − bd0(k, μ) − ½·log(2πk), which keeps full
// relative precision for large μ (the direct −μ + k·log μ − log k! loses
// about log₂ μ bits to cancellation).
func logPoissonPMF(k, mu float64) float64 {
	if k == 0 {
		return -mu
	}
	return -stirlerr(k) - bd0(k, mu) - halfLog2Pi - 0.5*fastLog(k)
}
