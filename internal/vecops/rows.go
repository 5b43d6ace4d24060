package vecops

// AddRows4 adds x0·r0[j], x1·r1[j], x2·r2[j], x3·r3[j] to dst[j], in that
// order, rounding each product and each addition: the same bits as four
// passes of dst[j] += x·r[j], with dst loaded and stored once instead of
// four times. Each r must be at least as long as dst.
func AddRows4(dst []float64, x0, x1, x2, x3 float64, r0, r1, r2, r3 []float64) {
	n := len(dst)
	r0, r1, r2, r3 = r0[:n], r1[:n], r2[:n], r3[:n]
	for j := range dst {
		a := dst[j]
		a += float64(x0 * r0[j])
		a += float64(x1 * r1[j])
		a += float64(x2 * r2[j])
		a += float64(x3 * r3[j])
		dst[j] = a
	}
}

// Float is the stored element types the kernels read: float64, or float32
// widened exactly to float64 (all arithmetic is float64).
type Float interface{ float32 | float64 }

// Axpy adds a·x[k] to s[k] for every k < len(s) (len(x) ≥ len(s)), each
// product rounded before the addition (no fused multiply-add).
func Axpy[E Float](s []float64, a float64, x []E) {
	x = x[:len(s)]
	for k, v := range x {
		s[k] += float64(a * float64(v))
	}
}

// AxpyStrided adds a·x[k·stride] to s[k] for every k < len(s), rounded like
// [Axpy].
func AxpyStrided[E Float](s []float64, a float64, x []E, stride int) {
	if len(s) == 0 {
		return
	}
	_ = x[(len(s)-1)*stride]
	for k := range s {
		s[k] += float64(a * float64(x[k*stride]))
	}
}
