package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortMeansKernelEqualsGeneric checks that the sorting kernel of a
// Poissons run this CPU runs (if any) sorts its lanes exactly as
// sortMeansGeneric: every lane's inversion mean (bits), the PTRS lanes'
// pidx and pm, np and inv; for runs of 1 to BlockSize lanes with means in
// both regimes, 0, −0, just below and at the limit, and 2⁵²; runs with no
// positive inversion mean; and that it declines runs with an invalid mean.
func TestSortMeansKernelEqualsGeneric(t *testing.T) {
	src := NewSource(testSeed, "sortMeans", 0)
	ptrs := 0 // the PTRS lanes sorted, so that both regimes are covered
	for _, m := range []int{1, 5, 8, 13, 16, 100, 255, BlockSize} {
		for _, c := range []struct {
			name string
			mean func(j int) float64
		}{
			{"mixed", func(j int) float64 {
				switch j % 11 {
				case 1:
					return 0
				case 3:
					return negZero
				case 5:
					return math.Nextafter(poissonBatchLimit, 0)
				case 7:
					return poissonBatchLimit
				case 9:
					return MaxPoissonMean
				}
				return Uniform(src) * Uniform(src) * 120
			}},
			{"no-inversion-work", func(j int) float64 {
				if j%3 == 0 {
					return 0
				}
				return poissonBatchLimit + Uniform(src)*1000
			}},
		} {
			mean := make([]float64, m)
			for j := range mean {
				mean[j] = c.mean(j)
			}
			want := sortedMeans(mean, false)
			got := sortedMeans(mean, true)
			name := fmt.Sprintf("%s/m=%d", c.name, m)
			if invLevel == 0 {
				assert.Nil(t, got, name)
				continue
			}
			assert.Equal(t, want, got, name)
			ptrs += want[0].(int)
		}
	}
	assert.True(t, invLevel == 0 || ptrs > 100, "PTRS lanes: %d", ptrs)
	withInvImpls(func(impl string) {
		for _, c := range []struct {
			name string
			mean float64
		}{
			{"NaN", math.NaN()}, {"negative", -1}, {"−Inf", math.Inf(-1)},
			{"+Inf", math.Inf(1)}, {"above 2⁵²", math.Nextafter(MaxPoissonMean, math.Inf(1))},
		} {
			for _, m := range []int{4, 11} { // the bad lane in the first or second group
				mean := make([]float64, m)
				for j := range mean {
					mean[j] = 3
				}
				mean[m-2] = c.mean
				b := poissonFree.get()
				_, _, ok := sortMeansKernel(b, mean)
				poissonFree.put(b)
				assert.False(t, ok, "%s: %s, m=%d", impl, c.name, m)
			}
		}
	})
}

// sortedMeans sorts mean in a Poisson batch by the kernel (nil if none
// sorts) or by sortMeansGeneric, and returns what the batch then holds, as
// one comparable value (the inversion means as bits, so that −0 counts).
func sortedMeans(mean []float64, kernel bool) []any {
	b := poissonFree.get()
	defer poissonFree.put(b)
	var np int
	var inv bool
	if kernel {
		var ok bool
		if np, inv, ok = sortMeansKernel(b, mean); !ok {
			return nil
		}
	} else {
		np, inv = b.sortMeansGeneric(mean)
	}
	bits := make([]uint64, len(mean))
	for j := range bits {
		bits[j] = math.Float64bits(b.mean[j])
	}
	return []any{np, inv, bits, append([]int32(nil), b.pidx[:np]...), append([]float64(nil), b.pm[:np]...)}
}
