package rng

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDrawOutKernelEqualsGeneric checks drawOut (the kernel of every level
// this CPU runs) against drawOutGeneric for runs of 1 to BlockSize lanes,
// with and without reflected lanes (without: also with n and reflect nil,
// as a Poisson run passes them) and with lanes in the rounding gap (−1):
// the same values written, the same sign, and the elements past the run
// untouched.
func TestDrawOutKernelEqualsGeneric(t *testing.T) {
	src := NewSource(testSeed, "drawOut", 0)
	for _, m := range []int{1, 6, 8, 11, 64, 250, BlockSize} {
		for _, reflects := range []bool{false, true} {
			for _, gap := range []bool{false, true} {
				res, n := make([]int64, m), make([]int64, m)
				var reflect [BlockSize]bool
				for j := range m {
					n[j] = int64(Uniform(src) * 500)
					res[j] = int64(Uniform(src) * float64(n[j]))
					reflect[j] = reflects && Uniform(src) < 0.5
					if gap && j%17 == 3 {
						res[j] = -1
					}
				}
				want := make([]int64, m+2)
				want[m], want[m+1] = 5, 6
				wantSign := drawOutGeneric(res, n, reflect[:m], reflects, want[:m])
				withInvImpls(func(impl string) {
					got := make([]int64, m+2)
					got[m], got[m+1] = 5, 6
					sign := drawOut(res, n, reflect[:m], reflects, got[:m])
					assert.Equal(t, want, got, "%s m=%d reflects=%t gap=%t", impl, m, reflects, gap)
					assert.Equal(t, wantSign, sign, "%s m=%d reflects=%t gap=%t: sign", impl, m, reflects, gap)
					if !reflects { // as a Poisson run calls it: no n, no reflect
						got := make([]int64, m+2)
						got[m], got[m+1] = 5, 6
						sign := drawOut(res, nil, nil, false, got[:m])
						assert.Equal(t, want, got, "%s m=%d gap=%t, nil n", impl, m, gap)
						assert.Equal(t, wantSign, sign, "%s m=%d gap=%t, nil n: sign", impl, m, gap)
					}
				})
			}
		}
	}
}
