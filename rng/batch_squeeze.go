package rng

import "math"

// ptrsTrialGeneric is the pure-Go kernel of the batched PTRS lanes (with
// test true; without, the squeeze alone, for the tests): for each lane
// (mean[j] ≥ 10, Hörmann's range) one PTRS trial with the uniforms u[j],
// v[j], formed as [ptrs.trial] forms it:
//
//   - −1 when the candidate k = m + ⌊x⌋ is negative or huge (x ∉ [−m,
//     2⁶²)), or in PTRS's thin tails (us < 0.013 and v > us): rejected;
//   - k when the squeeze accepts it (us ≥ 0.07 and v ≤ v_r);
//   - otherwise, when test is false, −3 (undecided), and when test is
//     true k if w = v·α⁻¹/(a/us² + b) is 0 or log w ≤ log f(k)
//     ([ptrsLogPMFLane]), −1 if not.
//
// The SIMD kernels equal it bit for bit.
func ptrsTrialGeneric(u, v, mean []float64, out []int64, test bool) {
	for j, m := range mean {
		b := float64(2.53*math.Sqrt(m)) + 0.931
		a := float64(0.02483*b) + -0.059
		vr := 0.9277 - 3.6224/(b-2)
		mi := math.Floor(m)
		uu := u[j] - 0.5
		us := 0.5 - math.Abs(uu)
		ius := 1 / us
		x := float64(float64(float64(float64(2*a)*ius)+b)*uu) + (m - mi)
		x += 0.43
		k := mi + math.Floor(x)
		out[j] = -1
		switch vj := v[j]; {
		case !(x >= -mi && x < poissonMaxCandidate):
		case us >= 0.07 && vj <= vr:
			out[j] = int64(k)
		case us < 0.013 && vj > us:
		case !test:
			out[j] = -3
		default:
			wn := vj * (1.1239 + 1.1328/(b-3.4))
			wd := float64(float64(a*ius)*ius) + b
			if wn == 0 || logLane(wn/wd) <= ptrsLogPMFLane(k, m) {
				out[j] = int64(k)
			}
		}
	}
}

// ptrsLogPMFLane returns log f(k) = log(e^−μ·μᵏ/k!) for an integer k ≥ 0
// and μ ≥ 10 in Loader's saddle-point form of [logPoissonPMF],
// −δ(k) − bd0(k, μ) − ½·log 2π − ½·log k, with bd0(k, μ) = k·log1p((k −
// μ)/μ) + (μ − k) (no cancellation: log1p keeps its relative precision,
// and both terms are of the size of k − μ), 1/k and 1/μ from one division
// (r = 1/(k·μ)), each operation rounded on its own in the order written
// (the SIMD kernel's); −μ at k = 0.
func ptrsLogPMFLane(k, mu float64) float64 {
	if k == 0 {
		return -mu
	}
	r := 1 / float64(k*mu)
	ik := mu * r
	imu := k * r
	bd := float64(k*log1pLane(float64(k-mu)*imu)) + (mu - k)
	st := stirlerrLaneI(k, ik)
	return float64(float64(-st-bd)-halfLog2Pi) - float64(0.5*logLane(k))
}

// ptrsRoundScratch is the size of ptrsRoundAVX512's scratch: five
// compressed arrays of BlockSize lanes and 8 of slack (w's numerator and
// denominator, mean, k, index) and their results.
const ptrsRoundScratch = 5*(BlockSize+8) + BlockSize
