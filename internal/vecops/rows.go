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
