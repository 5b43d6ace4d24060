package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortHazardsKernelEqualsGeneric checks that the sorting kernel this
// CPU runs (if any) sorts a hazard batch's lanes exactly as
// sortHazardsGeneric: every lane's nf, lambda (bits) and kind, the BTRS
// lanes' bidx, bn and bp, nb and inv, and zeros in the padding to 16; for
// runs of 1 to BlockSize lanes, one hazard per lane or the same for all,
// with lanes on both sides of the kernel's limit, n = 0, h = 0 and −0;
// and that it declines runs with an invalid or scalar lane.
func TestSortHazardsKernelEqualsGeneric(t *testing.T) {
	src := NewSource(testSeed, "sortHazards", 0)
	btrs := 0 // the BTRS lanes sorted, so that both regimes are covered
	for _, m := range []int{1, 5, 8, 13, 16, 100, 255, BlockSize} {
		for _, same := range []bool{false, true} {
			n, h := make([]int64, m), make([]float64, m)
			for j := range n {
				n[j] = int64(Uniform(src) * 5_000)
				h[j] = 0.05 * Uniform(src) * Uniform(src)
				switch j % 11 {
				case 3:
					n[j] = 0
				case 7:
					h[j] = 0
				case 9:
					h[j] = math.Copysign(0, -1)
				}
			}
			hazard, hs := h, 0.0
			if same {
				hazard, hs = nil, 0.03
			}
			name := fmt.Sprintf("m=%d,same=%t", m, same)
			want := sortedHazards(t, n, hazard, hs, false)
			got := sortedHazards(t, n, hazard, hs, true)
			if invLevel == 0 { // no kernel on this CPU
				assert.Nil(t, got, name)
				continue
			}
			assert.Equal(t, want, got, name)
			btrs += want[6].(int)
		}
	}
	assert.True(t, invLevel == 0 || btrs > 100, "BTRS lanes: %d", btrs)
	withInvImpls(func(impl string) {
		for _, c := range []struct {
			name string
			n    int64
			h    float64
		}{{"scalar", 10, 0.8}, {"NaN", 10, math.NaN()}, {"negative", 10, -1}, {"n > 2⁵³", MaxBinomialN + 1, 0.1}, {"n < 0", -1, 0.1}} {
			n, h := []int64{1, 2, c.n, 3}, []float64{0.1, 0.1, c.h, 0.1}
			assert.False(t, sortHazardsKernel(newBinomialBatch(len(n), true), n, h, 0), "%s: %s", impl, c.name)
		}
	})
}

// sortedHazards sorts n, hazard (same when nil) in a fresh batch by the
// kernel (nil if none sorts) or by sortHazardsGeneric, and returns what
// the batch then holds, as one comparable value.
func sortedHazards(t *testing.T, n []int64, hazard []float64, same float64, kernel bool) []any {
	t.Helper()
	m := len(n)
	b := newBinomialBatch(m, true)
	defer binomialFree.put(b)
	if kernel {
		if !sortHazardsKernel(b, n, hazard, same) {
			return nil
		}
	} else {
		b.sortHazardsGeneric(n, hazard, same)
	}
	m16 := (m + 15) &^ 15
	bits := func(x []float64) []uint64 {
		out := make([]uint64, len(x))
		for j, v := range x {
			out[j] = math.Float64bits(v)
		}
		return out
	}
	return []any{bits(b.nf[:m16]), bits(b.lambda[:m16]), append([]uint8(nil), b.kind[:m]...),
		append([]int32(nil), b.bidx[:b.nb]...), bits(b.bn[:b.nb]), bits(b.bp[:b.nb]), b.nb, b.inv}
}
