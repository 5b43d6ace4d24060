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

// btrsSqueezeGeneric is the pure-Go kernel of the batched BTRS lanes: for
// each lane (n = nf[j], 0 < p ≤ ½, n·p ≥ 15), the first BTRS trial with
// the uniforms u[j], v[j] as [btrs.trial] forms it, decided by the squeeze
// alone: the candidate, or −1 (the lane finishes with [binomialBTRSFrom]).
// The SIMD kernels equal it bit for bit.
func btrsSqueezeGeneric(u, v, nf, p []float64, out []int64) {
	for j, n := range nf {
		pj := p[j]
		q := 1 - pj
		np := n * pj
		spq := math.Sqrt(float64(np * q))
		b := float64(2.53*spq) + 1.15
		ib := 1 / b
		a := float64(float64(0.0248*b)+-0.0873) + float64(0.01*pj)
		vr := 0.92 - float64(4.2*ib)
		fm := np + pj
		m := math.Floor(fm)
		c := float64(float64(fm-m)-pj) + 0.5
		uu := u[j] - 0.5
		us := 0.5 - math.Abs(uu)
		x := float64(float64(float64(float64(2*a)*(1/us))+b)*uu) + c
		out[j] = -1
		if x >= -m && x < float64(n-m)+1 && us >= 0.07 && v[j] <= vr {
			out[j] = int64(m + math.Floor(x))
		}
	}
}
