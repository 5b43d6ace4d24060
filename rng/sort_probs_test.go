package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortProbsKernelEqualsGeneric checks that the sorting kernel of a
// Binomials run this CPU runs (if any) sorts its lanes exactly as
// sortProbsGeneric: every lane's nf, lambda (bits) and reflect, the BTRS
// lanes' bidx, bn and bp, nb, inv and reflects, and zeros in the padding
// to 16; for runs of 1 to BlockSize lanes with p on both sides of ½, p =
// 0, −0, 1, ½ and negative, n = 0, and both regimes; and that it declines
// runs with an invalid input.
func TestSortProbsKernelEqualsGeneric(t *testing.T) {
	src := NewSource(testSeed, "sortProbs", 0)
	btrs := 0 // the BTRS lanes sorted, so that both regimes are covered
	for _, m := range []int{1, 5, 8, 13, 16, 100, 255, BlockSize} {
		n, p := make([]int64, m), make([]float64, m)
		for j := range n {
			n[j] = int64(Uniform(src) * 3_000)
			p[j] = Uniform(src) * Uniform(src)
			switch j % 13 {
			case 1:
				p[j] = 1 - p[j]
			case 2:
				n[j] = 0
			case 4:
				p[j] = 0
			case 5:
				p[j] = negZero
			case 6:
				p[j] = 1
			case 8:
				p[j] = 0.5
			case 10:
				p[j] = -0.25
			}
		}
		want := sortedProbs(n, p, false)
		got := sortedProbs(n, p, true)
		name := fmt.Sprintf("m=%d", m)
		if invLevel == 0 {
			assert.Nil(t, got, name)
			continue
		}
		assert.Equal(t, want, got, name)
		btrs += want[6].(int)
	}
	assert.True(t, invLevel == 0 || btrs > 100, "BTRS lanes: %d", btrs)
	withInvImpls(func(impl string) {
		for _, c := range []struct {
			name string
			n    int64
			p    float64
		}{{"NaN", 10, math.NaN()}, {"n > 2⁵³", MaxBinomialN + 1, 0.1}, {"n < 0", -1, 0.1}} {
			n, p := []int64{1, 2, c.n, 3}, []float64{0.1, 0.1, c.p, 0.1}
			assert.False(t, sortProbsKernel(newBinomialBatch(len(n), false), n, p), "%s: %s", impl, c.name)
		}
	})
}

// sortedProbs sorts n, p in a fresh probability batch by the kernel (nil
// if none sorts) or by sortProbsGeneric, and returns what the batch then
// holds, as one comparable value.
func sortedProbs(n []int64, p []float64, kernel bool) []any {
	m := len(n)
	b := newBinomialBatch(m, false)
	defer binomialFree.put(b)
	if kernel {
		if !sortProbsKernel(b, n, p) {
			return nil
		}
	} else {
		b.sortProbsGeneric(n, p)
	}
	m16 := (m + 15) &^ 15
	bits := func(x []float64) []uint64 {
		out := make([]uint64, len(x))
		for j, v := range x {
			out[j] = math.Float64bits(v)
		}
		return out
	}
	return []any{bits(b.nf[:m16]), bits(b.lambda[:m16]), append([]bool(nil), b.reflect[:m]...),
		append([]int32(nil), b.bidx[:b.nb]...), bits(b.bn[:b.nb]), bits(b.bp[:b.nb]), b.nb, b.inv, b.reflects}
}
