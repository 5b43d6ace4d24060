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
// the uniforms u[j], v[j] as [btrs.trial] forms it: the candidate when the
// squeeze accepts it or, for |k − m| ≤ btrsLaneSteps, when
// [binomialRatio.accept]'s product recursion does; −1 when the trial is
// rejected (the lane draws new trials with [binomialBTRS]); −3 when
// |k − m| > btrsLaneSteps leaves it undecided (the lane finishes it with
// [binomialBTRSFrom]). The SIMD kernels equal it bit for bit.
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
		ius := 1 / us
		x := float64(float64(float64(float64(2*a)*ius)+b)*uu) + c
		d := math.Floor(x)
		out[j] = -1
		inRange := x >= -m && x < float64(n-m)+1
		switch {
		case inRange && us >= 0.07 && v[j] <= vr:
			out[j] = int64(m + d)
		case inRange && math.Abs(d) > btrsLaneSteps:
			out[j] = -3
		case inRange && btrsRatioAccept(n, m, d, pj, q, np, spq, ib, a, b, ius, v[j]):
			out[j] = int64(m + d)
		}
	}
}

// btrsLaneSteps is the largest |k − m| whose BTRS test the lanes decide by
// the product recursion: twice the scalar test's ratioSteps, so that about
// 98 % of first trials are decided in lanes at n·p·q ≈ 140 (86 % at 20);
// the product of 40 ratios carries at most ~80 roundings, against the
// scalar's log pmf beyond 20.
const btrsLaneSteps = 40

// btrsRatioAccept is [binomialRatio.accept]'s product test for |d| ≤
// btrsLaneSteps with BTRS's w = v·α/(a·ius² + b), as the SIMD kernel
// computes it.
func btrsRatioAccept(n, m, d, p, q, np, spq, ib, a, b, ius, v float64) bool {
	wn := v * float64(float64(2.83+float64(5.1*ib))*spq)
	wd := float64(float64(a*ius)*ius) + b
	inpq := 1 / float64(np*q)
	pg, qg := p*inpq, q*inpq
	ns, nd, ng, ds, dd, dg := m+d+1, 1.0, qg, float64(n-m)-d, -1.0, pg
	if d > 0 {
		ns, nd, ng, ds, dd, dg = n-m, -1, pg, m+1, 1, qg
	}
	num, den := 1.0, 1.0
	for step := 0.0; step < math.Abs(d); step++ {
		num *= float64(ns * ng)
		den *= float64(ds * dg)
		ns += nd
		ds += dd
	}
	return float64(wn*den) <= float64(num*wd)
}
