package systems

import (
	"slices"

	"github.com/rubeola/rubeola/internal/vecops"
	"github.com/rubeola/rubeola/mixing"
)

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
//
// Dense rows are taken four at a time: each acc[j] is loaded once, receives
// the four products in increasing source order (the normative order, so the
// result is unchanged) and is stored once, which halves the memory traffic
// of the accumulator.
func ForceActive(acc, x []float64, active []int32, m *mixing.Matrix, lo, hi int) {
	clear(acc[lo:hi])
	k := 0
	if !m.IsSparse() {
		dst := acc[lo:hi]
		for ; k+4 <= len(active); k += 4 {
			i0, i1, i2, i3 := int(active[k]), int(active[k+1]), int(active[k+2]), int(active[k+3])
			_, r0 := m.Row(i0)
			_, r1 := m.Row(i1)
			_, r2 := m.Row(i2)
			_, r3 := m.Row(i3)
			vecops.AddRows4(dst, x[i0], x[i1], x[i2], x[i3], r0[lo:hi], r1[lo:hi], r2[lo:hi], r3[lo:hi])
		}
	}
	for ; k < len(active); k++ {
		addRow(acc, x[active[k]], m, int(active[k]), lo, hi)
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
	start, _ := slices.BinarySearch(cols, int32(lo)) // first column >= lo
	for k := start; k < len(cols); k++ {
		j := int(cols[k])
		if j >= hi {
			break
		}
		acc[j] += float64(xi * vals[k])
	}
}
