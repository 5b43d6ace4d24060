package rng

import "math"

// ptrsSqueezeGeneric is the pure-Go kernel of the batched PTRS lanes: for
// each lane (mean ≥ 20), the first PTRS trial with the uniforms u[j], v[j]
// as [ptrs.trial] forms it, decided by the squeeze alone: the candidate
// when the squeeze accepts it, −1 otherwise (the lane then finishes that
// trial, and any later ones, with [poissonPTRSFrom]). Every product and sum
// is rounded on its own, as in the SIMD kernels, which equal it bit for bit.
func ptrsSqueezeGeneric(u, v, mean []float64, out []int64) {
	for j, m := range mean {
		b := float64(2.53*math.Sqrt(m)) + 0.931
		a := float64(0.02483*b) + -0.059
		vr := 0.9277 - 3.6224/(b-2)
		mi := math.Floor(m)
		uu := u[j] - 0.5
		us := 0.5 - math.Abs(uu)
		x := float64(float64(float64(float64(2*a)*(1/us))+b)*uu) + (m - mi)
		x += 0.43
		out[j] = -1
		if x >= -mi && x < poissonMaxCandidate && us >= 0.07 && v[j] <= vr {
			out[j] = int64(mi + math.Floor(x))
		}
	}
}
