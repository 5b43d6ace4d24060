package gemm

import "math"

// kernelFunc computes one tileRows×tileCols tile of Y from a packed row
// panel vp of V and n rows of a packed column panel (xp, off): for every
// row r and column c, y[r·ys+c] = the fold over t = 0 … n−1 of
// fma(vp[off[t]+r], xp[t·tileCols+c], ·) from +0. Every implementation
// keeps that order and so gives the same bits.
type kernelFunc func(vp, xp []float64, off []int, n int, y []float64, ys int)

// namedKernel is a kernel and its name, for tests and benchmarks.
type namedKernel struct {
	name string
	fn   kernelFunc
}

// kernel is the best kernel this CPU runs (set by init).
var kernel kernelFunc = kernelGeneric

// kernelGeneric is the pure-Go kernel, the reference of the others.
func kernelGeneric(vp, xp []float64, off []int, n int, y []float64, ys int) {
	var acc [tileRows][tileCols]float64
	xp = xp[:n*tileCols]
	for t, o := range off[:n] {
		v := vp[o : o+tileRows]
		xr := xp[t*tileCols : (t+1)*tileCols]
		for r := range tileRows {
			a := &acc[r]
			for c := range tileCols {
				a[c] = math.FMA(v[r], xr[c], a[c])
			}
		}
	}
	for r := range tileRows {
		copy(y[r*ys:r*ys+tileCols], acc[r][:])
	}
}

func init() {
	kernel = kernelImpls()[0].fn
}
