package metrics

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortCounts: sortCounts sorts like slices.Sort on both sides of
// insertionSortMax (random counts with ties and negatives, fixed seed).
func TestSortCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 16, insertionSortMax, insertionSortMax + 1, 100} {
		x := make([]int64, n)
		for k := range x {
			x[k] = r.Int64N(21) - 10
		}
		want := slices.Clone(x)
		slices.Sort(want)
		sortCounts(x)
		assert.Equal(t, want, x, "n = %d", n)
	}
}

// BenchmarkSortCounts sorts 1 024 sets of n random counts below 10⁶ by
// insertion (sortCounts' small case) and by slices.Sort, for the ratio of
// the two in one invocation, which sets insertionSortMax.
func BenchmarkSortCounts(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 16, 32, 64} {
		src := make([]int64, n*1024)
		for k := range src {
			src[k] = r.Int64N(1_000_000)
		}
		x := make([]int64, n)
		for _, bc := range []struct {
			name string
			sort func([]int64)
		}{
			{"insertion", func(x []int64) {
				for i := 1; i < len(x); i++ {
					v, j := x[i], i
					for ; j > 0 && x[j-1] > v; j-- {
						x[j] = x[j-1]
					}
					x[j] = v
				}
			}},
			{"slices.Sort", slices.Sort[[]int64]},
		} {
			b.Run(fmt.Sprintf("n=%d/%s", n, bc.name), func(b *testing.B) {
				for b.Loop() {
					for k := 0; k < len(src); k += n {
						copy(x, src[k:k+n])
						bc.sort(x)
					}
				}
			})
		}
	}
}
