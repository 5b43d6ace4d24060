package rng

import "math"

// powLane returns x^a = expLane(a·logLane(x)) for normal x > 0 with
// |a·log x| ≤ 700 (the SIMD kernel's lane; [Pows] sends other lanes to
// the scalar formula).
func powLane(x, a float64) float64 {
	return expLane(a * logLane(x))
}

// powsGeneric is the pure-Go kernel of [Pows]: out[j] = powLane(x[j],
// a[j]). The SIMD kernel equals it bit for bit.
func powsGeneric(x, a, out []float64) {
	for j, v := range x {
		out[j] = powLane(v, a[j])
	}
}

// Pows sets out[j] = x[j]^a[j] for every j (x[j] ≥ 0; len(a), len(out) ≥
// len(x)) as e^(a·log x): in SIMD lanes by [logLane] and [expLane] (each
// within 2 ulp, so the power is within about (2 + 2·|a·log x|) ulp) when
// 10⁻³⁰⁰ ≤ x ≤ 10³⁰⁰ and |a| ≤ 1 (then |a·log x| ≤ 691, inside expLane's
// range), otherwise as [Exp](a·[Log](x)) (0 for x = 0 and a > 0). A lane
// of the scalar formula whose x and a have the previous such lane's bits
// takes its value: the force's powers with α > 1 (several of He et al.'s
// towns) repeat I + ι across a town's particles, mostly I = 0. It
// allocates nothing.
func Pows(x, a, out []float64) {
	n8 := len(x) &^ 7
	pows(x[:n8], a[:n8], out[:n8])
	for j := n8; j < len(x); j++ {
		out[j] = powLane(x[j], a[j])
	}
	var lastX, lastA uint64 // the bits of the last scalar lane, last its power
	var last float64
	fresh := true // no scalar lane yet
	for j, v := range x {
		if !(v >= 1e-300 && v <= 1e300 && a[j] >= -1 && a[j] <= 1) {
			bx, ba := math.Float64bits(v), math.Float64bits(a[j])
			if fresh || bx != lastX || ba != lastA {
				last, lastX, lastA, fresh = Exp(a[j]*Log(v)), bx, ba, false
			}
			out[j] = last
		}
	}
}
