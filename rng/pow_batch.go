package rng

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
// range), otherwise as [Exp](a·[Log](x)) (0 for x = 0 and a > 0). It
// allocates nothing.
func Pows(x, a, out []float64) {
	n8 := len(x) &^ 7
	pows(x[:n8], a[:n8], out[:n8])
	for j := n8; j < len(x); j++ {
		out[j] = powLane(x[j], a[j])
	}
	for j, v := range x {
		if !(v >= 1e-300 && v <= 1e300 && a[j] >= -1 && a[j] <= 1) {
			out[j] = Exp(a[j] * Log(v))
		}
	}
}
