package systems

import "github.com/rubeola/rubeola/mixing"

// Force accumulates the infectious pressure acc[j] = Σ_i x[i]·M[i,j] over
// every source row of m (the reference kernel). acc is overwritten.
//
// Summation order is normative (SPEC §7.5): for each source i in increasing
// order, for each stored entry (j, w) of row i, acc[j] += float64(x[i]·w). The
// explicit conversion forbids fused multiply-add, so every kernel that keeps
// this per-j order gives bit-identical results.
func Force(acc, x []float64, m *mixing.Matrix) {
	clear(acc)
	for i := range m.N() {
		addRow(acc, x[i], m, i, 0, len(acc))
	}
}

// ForceActive is Force restricted to the active sources (x[i] > 0, listed in
// increasing order in active) and to destinations [lo, hi). Skipping a source
// with x[i] = 0 adds only +0 terms in the reference kernel, so ForceActive
// over all ranges equals Force bit for bit. acc[lo:hi] is overwritten.
func ForceActive(acc, x []float64, active []int32, m *mixing.Matrix, lo, hi int) {
	clear(acc[lo:hi])
	for _, i := range active {
		addRow(acc, x[i], m, int(i), lo, hi)
	}
}

// addRow adds xi·M[i,j] to acc[j] for the stored entries of row i with j in
// [lo, hi).
func addRow(acc []float64, xi float64, m *mixing.Matrix, i, lo, hi int) {
	cols, vals := m.Row(i)
	if cols == nil {
		dst := acc[lo:hi]
		src := vals[lo:hi]
		for j, w := range src {
			dst[j] += float64(xi * w)
		}
		return
	}
	start := searchCol(cols, lo)
	for k := start; k < len(cols); k++ {
		j := int(cols[k])
		if j >= hi {
			break
		}
		acc[j] += float64(xi * vals[k])
	}
}

// searchCol returns the first position in sorted cols whose value is ≥ lo.
func searchCol(cols []int32, lo int) int {
	a, b := 0, len(cols)
	for a < b {
		h := int(uint(a+b) >> 1)
		if int(cols[h]) < lo {
			a = h + 1
		} else {
			b = h
		}
	}
	return a
}
