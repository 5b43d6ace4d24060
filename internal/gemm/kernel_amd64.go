//go:build amd64 && !purego

package gemm

import "github.com/klauspost/cpuid/v2"

// kernAVX512 is the AVX-512 kernel (kernel_amd64.s): the whole 12×16 tile
// of a kernelFunc, from pointers to vp, xp, off and y (n ≥ 0; with n = 0
// the pointers to xp and off are not read).
//
//go:noescape
func kernAVX512(vp, xp *float64, off *int, n int, y *float64, ys int)

// kernAVX2 is the AVX2 kernel (kernel_amd64.s): 6 rows × 8 columns of the
// tile, vp offset by the first row and xp and y by the first column.
//
//go:noescape
func kernAVX2(vp, xp *float64, off *int, n int, y *float64, ys int)

// kernelAVX512 adapts kernAVX512 to a kernelFunc.
func kernelAVX512(vp, xp []float64, off []int, n int, y []float64, ys int) {
	_ = y[(tileRows-1)*ys+tileCols-1]
	if n == 0 {
		kernAVX512(&vp[0], nil, nil, 0, &y[0], ys)
		return
	}
	_, _, _ = vp[off[n-1]+tileRows-1], xp[n*tileCols-1], off[n-1]
	kernAVX512(&vp[0], &xp[0], &off[0], n, &y[0], ys)
}

// kernelAVX2 adapts kernAVX2 to a kernelFunc: four calls, one per quarter
// of the tile (rows 0–5 and 6–11 × columns 0–7 and 8–15).
func kernelAVX2(vp, xp []float64, off []int, n int, y []float64, ys int) {
	_ = y[(tileRows-1)*ys+tileCols-1]
	for r0 := 0; r0 < tileRows; r0 += tileRows / 2 {
		for c0 := 0; c0 < tileCols; c0 += tileCols / 2 {
			if n == 0 {
				kernAVX2(&vp[r0], nil, nil, 0, &y[r0*ys+c0], ys)
				continue
			}
			_, _, _ = vp[off[n-1]+tileRows-1], xp[n*tileCols-1], off[n-1]
			kernAVX2(&vp[r0], &xp[c0], &off[0], n, &y[r0*ys+c0], ys)
		}
	}
}

// kernelImpls lists the kernels this CPU runs, best first, ending with the
// pure-Go one; tests compare them all.
func kernelImpls() []namedKernel {
	var out []namedKernel
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedKernel{"avx512", kernelAVX512})
	}
	if cpuid.CPU.Supports(cpuid.AVX2, cpuid.FMA3) {
		out = append(out, namedKernel{"avx2", kernelAVX2})
	}
	return append(out, namedKernel{"go", kernelGeneric})
}
