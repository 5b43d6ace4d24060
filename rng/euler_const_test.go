package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEulerRunConstEqualsGeneral checks that the constant-rates path of
// EulerMultinomials (eulerRunConst) draws exactly what the per-lane path
// (eulerScratch.run) draws from the same stream: the same leavers and
// first routes, and the stream left at the same place (the next uniform
// equal). The cases cover its branches: the rare route by skipping, first
// or second route rare; the first routes by Binomials (a share near ½,
// reflected or not); zero rates; BTRS and scalar leavers (large n, a
// hazard above ln 2); lanes with n = 0; and runs of 1 to BlockSize lanes,
// under every inversion kernel this CPU runs.
func TestEulerRunConstEqualsGeneral(t *testing.T) {
	const dt = 1 / 365.25
	for _, c := range []struct {
		name   string
		n      int64 // lane j has n·(j mod 7)/3 individuals
		r1, r2 float64
		m      int
	}{
		{"E: σ, μ", 2_000, 45.6, 0.02, BlockSize},
		{"I: γ, μ", 300, 73, 0.02, 200},
		{"first rare", 5_000, 0.02, 45.6, BlockSize},
		{"Binomials, share < ½", 800, 30, 40, BlockSize},
		{"Binomials, share > ½", 800, 40, 30, 37},
		{"equal rates", 100, 5, 5, 16},
		{"zero rates", 1_000, 0, 0, 9},
		{"r2 = 0", 50, 365, 0, 64},
		{"BTRS leavers", 1_000_000, 20, 0.02, BlockSize},
		{"scalar leavers", 400, 300, 0.02, 100},
		{"one lane", 10, 45.6, 0.02, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			withInvImpls(func(impl string) {
				n, r1, r2 := make([]int64, c.m), make([]float64, c.m), make([]float64, c.m)
				for j := range n {
					n[j], r1[j], r2[j] = c.n*int64(j%7)/3, c.r1, c.r2
				}
				require.True(t, constRates(r1, r2))
				seed := uint64(len(c.name))
				wantF, wantL := make([]int64, c.m), make([]int64, c.m)
				src := NewSource(testSeed, "EulerRunConst", seed)
				new(eulerScratch).run(src, n, r1, r2, dt, wantF, wantL)
				wantNext := Uniform(src)
				gotF, gotL := make([]int64, c.m), make([]int64, c.m)
				src = NewSource(testSeed, "EulerRunConst", seed)
				eulerRunConst(src, n, r1, r2, dt, gotF, gotL)
				msg := fmt.Sprintf("%s: %s", c.name, impl)
				assert.Equal(t, wantL, gotL, "%s: leavers", msg)
				assert.Equal(t, wantF, gotF, "%s: first routes", msg)
				assert.Equal(t, wantNext, Uniform(src), "%s: the stream's next uniform", msg)
			})
		})
	}
}

// TestConstRates checks constRates: equal rates bit for bit, not ±0 or a
// later lane's difference.
func TestConstRates(t *testing.T) {
	for _, c := range []struct {
		name   string
		r1, r2 []float64
		want   bool
	}{
		{"equal", []float64{1, 1, 1}, []float64{2, 2, 2}, true},
		{"r1 differs last", []float64{1, 1, 1.5}, []float64{2, 2, 2}, false},
		{"r2 differs", []float64{1, 1}, []float64{2, 3}, false},
		{"−0 and +0", []float64{0, negZero}, []float64{0, 0}, false},
		// r1 differing in a bit set in r2 (0.02's lowest): ^ binds as |
		// does, so a comparison written without parentheses misses it.
		{"r1 differs in r2's bits", []float64{1, math.Float64frombits(math.Float64bits(1) ^ 1)}, []float64{0.02, 0.02}, false},
		{"r1 differs after a chunk", append(make([]float64, 20), 1), make([]float64, 21), false},
		{"empty", nil, nil, false},
	} {
		withInvImpls(func(impl string) {
			assert.Equal(t, c.want, constRates(c.r1, c.r2), "%s: %s", impl, c.name)
		})
	}
	// Every lane count, a differing bit in each lane and either rate.
	for m := 1; m <= 40; m++ {
		r1, r2 := make([]float64, m), make([]float64, m)
		for j := range m {
			r1[j], r2[j] = 28.9, 0.02
		}
		withInvImpls(func(impl string) {
			assert.True(t, constRates(r1, r2), "%s m=%d", impl, m)
			for j := range m {
				for _, r := range [][]float64{r1, r2} {
					r[j] = math.Float64frombits(math.Float64bits(r[j]) ^ 1<<(j%64))
					assert.Equal(t, j == 0 && m == 1, constRates(r1, r2), "%s m=%d lane %d", impl, m, j)
					r[j] = math.Float64frombits(math.Float64bits(r[j]) ^ 1<<(j%64))
				}
			}
		})
	}
}

// negZero is −0.
var negZero = func() float64 { z := 0.0; return -z }()

// TestBinomialsConstEqualsBinomials checks that binomialsConst draws
// exactly what Binomials draws with the same p in every lane, from the same
// stream, p > ½ (reflected) and the BTRS regime included.
func TestBinomialsConstEqualsBinomials(t *testing.T) {
	for _, c := range []struct {
		n int64
		p float64
		m int
	}{{100, 0.01, BlockSize}, {1_000, 0.3, 300}, {400, 0.5, 17}, {400, 0.8, BlockSize}, {50, 0, 8}, {7, 1, 5}} {
		withInvImpls(func(impl string) {
			n, p := make([]int64, c.m), make([]float64, c.m)
			for j := range n {
				n[j], p[j] = c.n*int64(j%5)/2, c.p
			}
			want, got := make([]int64, c.m), make([]int64, c.m)
			Binomials(NewSource(testSeed, "BinomialsConst", 0), n, p, want)
			binomialsConst(NewSource(testSeed, "BinomialsConst", 0), n, c.p, got)
			assert.Equal(t, want, got, "n=%d, p=%g: %s", c.n, c.p, impl)
		})
	}
}

// TestEulerMultinomialsPanics checks that a negative or NaN rate panics on
// either path: constant rates, and a bad lane among lanes by lane.
func TestEulerMultinomialsPanics(t *testing.T) {
	nan := func() float64 { z := 0.0; return z / z }()
	for _, c := range []struct {
		name   string
		r1, r2 []float64
	}{
		{"constant, negative", []float64{-1, -1}, []float64{0, 0}},
		{"constant, NaN", []float64{nan, nan}, []float64{1, 1}},
		{"lanes, negative", []float64{1, 2, 3}, []float64{0, -1e-300, 0}},
		{"lanes, NaN", []float64{1, nan, 3}, []float64{0, 0, 0}},
	} {
		m := len(c.r1)
		assert.Panics(t, func() {
			EulerMultinomials(NewSource(1, "x", 0), make([]int64, m), c.r1, c.r2, 1, make([]int64, m), make([]int64, m))
		}, c.name)
	}
}

// TestEulerLanesKernelEqualsGeneric checks that eulerLanes (the kernel of
// every level this CPU runs) sets every lane's hazard, rare and first
// shares to eulerLanesGeneric's bits, zero rates (both, either, −0)
// included, for runs of 1 to BlockSize lanes; and that both report
// negative and NaN rates.
func TestEulerLanesKernelEqualsGeneric(t *testing.T) {
	src := NewSource(testSeed, "eulerLanes", 0)
	for _, m := range []int{1, 3, 8, 9, 64, 200, BlockSize} {
		r1, r2 := make([]float64, m), make([]float64, m)
		for j := range r1 {
			r1[j], r2[j] = 365*Uniform(src)*Uniform(src), 0.02*Uniform(src)
			switch j % 7 {
			case 1:
				r1[j] = 0
			case 2:
				r2[j] = negZero
			case 3:
				r1[j], r2[j] = 0, 0
			case 4:
				r1[j], r2[j] = negZero, 0
			case 5:
				r1[j] = r2[j]
			}
		}
		wantH, wantR, wantS := make([]float64, m), make([]float64, m), make([]float64, m)
		require.True(t, eulerLanesGeneric(r1, r2, 1/365.25, wantH, wantR, wantS))
		withInvImpls(func(impl string) {
			var h, r, s [BlockSize]float64
			require.True(t, eulerLanes(r1, r2, 1/365.25, h[:m], r[:m], s[:m]))
			for j := range m {
				assert.Equal(t, math.Float64bits(wantH[j]), math.Float64bits(h[j]), "%s m=%d lane %d hazard", impl, m, j)
				assert.Equal(t, math.Float64bits(wantR[j]), math.Float64bits(r[j]), "%s m=%d lane %d rare", impl, m, j)
				assert.Equal(t, math.Float64bits(wantS[j]), math.Float64bits(s[j]), "%s m=%d lane %d share", impl, m, j)
			}
		})
	}
	nan := math.NaN()
	for _, bad := range [][2]float64{{-1, 0}, {0, -1e-300}, {nan, 1}, {1, nan}} {
		r1, r2 := []float64{1, 2, bad[0]}, []float64{0.1, 0.2, bad[1]}
		withInvImpls(func(impl string) {
			var h, r, s [BlockSize]float64
			assert.False(t, eulerLanes(r1, r2, 1, h[:3], r[:3], s[:3]), "%s: %v", impl, bad)
		})
	}
}

// TestRouteKernelsEqualGeneric checks rareMax and reflectRoutes (the
// kernel of every level this CPU runs) against rareMaxGeneric and
// reflectRoutesGeneric for runs of 1 to BlockSize lanes: lanes without
// leavers, zero and −0 shares, ties and r1 = r2 included; and that the
// reflection leaves the elements past the run untouched.
func TestRouteKernelsEqualGeneric(t *testing.T) {
	src := NewSource(testSeed, "routeKernels", 0)
	for _, m := range []int{1, 5, 8, 12, 64, 255, BlockSize} {
		for trial := range 3 {
			leave, first, rare := make([]int64, m+3), make([]int64, m+3), make([]float64, m)
			r1, r2 := make([]float64, m), make([]float64, m)
			for j := range m {
				leave[j] = int64(Uniform(src) * 300)
				first[j] = int64(Uniform(src) * float64(leave[j]))
				rare[j] = 0.5 * Uniform(src)
				r1[j], r2[j] = Uniform(src), Uniform(src)
				switch (j + trial) % 5 {
				case 0:
					leave[j] = 0
				case 1:
					rare[j] = negZero
				case 2:
					r1[j] = r2[j]
				}
				if trial == 2 { // no positive share among lanes with leavers
					rare[j] = 0
				}
			}
			first[m], first[m+1], first[m+2] = 7, 8, 9
			wantQ, wantT := rareMaxGeneric(leave[:m], rare)
			want := append([]int64(nil), first...)
			reflectRoutesGeneric(want[:m], leave[:m], r1, r2)
			withInvImpls(func(impl string) {
				q, tr := rareMax(leave[:m], rare)
				assert.Equal(t, math.Float64bits(wantQ), math.Float64bits(q), "%s m=%d: qmax", impl, m)
				assert.Equal(t, wantT, tr, "%s m=%d: trials", impl, m)
				q, tr = rareMax(leave[:m], nil)
				assert.Equal(t, uint64(0), math.Float64bits(q), "%s m=%d: qmax without shares", impl, m)
				assert.Equal(t, wantT, tr, "%s m=%d: trials without shares", impl, m)
				got := append([]int64(nil), first...)
				reflectRoutes(got[:m], leave[:m], r1, r2)
				assert.Equal(t, want, got, "%s m=%d: first routes", impl, m)
			})
		}
	}
}
