package mixing

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTileKernelsBitIdentical runs every tile kernel this CPU supports
// (AVX-512, AVX2, pure Go) on random data and requires the same bits
// (SPEC §7.5: SIMD loops with a pure-Go fallback giving the same bits),
// for shapes with and without tail columns (cols not a multiple of 8), a
// single row, and strides wider than the row.
func TestTileKernelsBitIdentical(t *testing.T) {
	impls := tileImpls()
	t.Logf("tile kernels on this CPU: %d (best: %s)", len(impls), impls[0].name)
	r := rand.New(rand.NewPCG(11, 12))
	shapes := []struct{ rows, cols, stride int }{
		{1, 8, 8}, {3, 7, 7}, {5, 13, 16}, {17, 64, 64}, {256, 256, 256}, {31, 203, 208}, {2, 1, 1}, {9, 100, 101},
	}
	for _, sh := range shapes {
		d := make([]float64, (sh.rows-1)*sh.stride+sh.cols)
		yRow, yCol := make([]float64, sh.rows), make([]float64, sh.cols)
		z0 := make([]float64, sh.cols)
		// Values spanning many magnitudes make rounding differences visible.
		fill := func(v []float64) {
			for k := range v {
				v[k] = math.Ldexp(r.Float64(), r.IntN(40)-20)
			}
		}
		fill(d)
		fill(yRow)
		fill(yCol)
		fill(z0)
		var wantZ, wantDots []float64
		for _, impl := range impls {
			z := append([]float64(nil), z0...)
			dots := make([]float64, sh.rows)
			old := tileMain
			tileMain = impl.fn
			tileKernel(d, sh.stride, yRow, yCol, z, dots)
			tileMain = old
			if wantZ == nil {
				wantZ, wantDots = z, dots
				continue
			}
			require.Equal(t, bits(wantZ), bits(z), "%s z, shape %+v", impl.name, sh)
			require.Equal(t, bits(wantDots), bits(dots), "%s dots, shape %+v", impl.name, sh)
		}
		// The kernel computes what it says (to rounding): check one row.
		want := 0.0
		for j := range sh.cols {
			want += d[j] * yCol[j]
		}
		require.InEpsilon(t, want, wantDots[0], 1e-13, "shape %+v", sh)
	}
}

// bits returns the IEEE 754 bits of v (so −0 ≠ +0 and NaNs compare).
func bits(v []float64) []uint64 {
	out := make([]uint64, len(v))
	for k, x := range v {
		out[k] = math.Float64bits(x)
	}
	return out
}

// TestTile32KernelsBitIdentical is TestTileKernelsBitIdentical for the
// float32 tile kernels, which also equal the float64 kernel on the same
// (widened) values bit for bit.
func TestTile32KernelsBitIdentical(t *testing.T) {
	impls := tile32Impls()
	r := rand.New(rand.NewPCG(13, 14))
	for _, sh := range []struct{ rows, cols, stride int }{
		{1, 8, 8}, {3, 7, 7}, {5, 13, 16}, {17, 64, 64}, {256, 256, 256}, {31, 203, 208}, {2, 1, 1}, {6, 100, 101},
	} {
		d32 := make([]float32, (sh.rows-1)*sh.stride+sh.cols)
		d64 := make([]float64, len(d32))
		for k := range d32 {
			d32[k] = float32(math.Ldexp(r.Float64(), r.IntN(40)-20))
			d64[k] = float64(d32[k])
		}
		yRow, yCol, z0 := make([]float64, sh.rows), make([]float64, sh.cols), make([]float64, sh.cols)
		for _, v := range [][]float64{yRow, yCol, z0} {
			for k := range v {
				v[k] = math.Ldexp(r.Float64(), r.IntN(40)-20)
			}
		}
		wantZ, wantDots := append([]float64(nil), z0...), make([]float64, sh.rows)
		tileKernel(d64, sh.stride, yRow, yCol, wantZ, wantDots)
		for _, impl := range impls {
			z, dots := append([]float64(nil), z0...), make([]float64, sh.rows)
			old := tileMain32
			tileMain32 = impl.fn
			tileKernel32(d32, sh.stride, yRow, yCol, z, dots)
			tileMain32 = old
			require.Equal(t, bits(wantZ), bits(z), "%s z, shape %+v", impl.name, sh)
			require.Equal(t, bits(wantDots), bits(dots), "%s dots, shape %+v", impl.name, sh)
		}
	}
}
