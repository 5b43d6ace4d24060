// Package gemm holds the dense matrix product of the spatial coupling,
// Y = V·X for a square-or-not float64 operator V (M×K, row-major) and a
// block of columns of X (K×w, any row stride), with its rounding fixed so
// that every implementation gives the same bits:
//
//	Y[u][c] = fma(V[u][K−1], X[K−1][c], … fma(V[u][1], X[1][c], fma(V[u][0], X[0][c], +0)))
//
// each element accumulated over k = 0, 1, …, K−1 in increasing order with a
// fused multiply-add (math.FMA), starting from +0. The terms with
// X[k][c] = 0 may be skipped: the accumulator starts at +0, a rounded sum
// is −0 only when both its terms are −0 or a negative result underflows
// below 2⁻¹⁰⁷⁴ (products that small do not occur in the coupling, whose V
// and x are far from the subnormal range), so it never holds −0, and
// adding ±0 to anything but −0 leaves it unchanged (V and X must be
// finite; a 0·∞ would be NaN). The product skips them a whole packed row
// at a time: a row k of X that is 0 in every column of a 16-column panel
// is left out of that panel.
//
// V is packed once ([Pack]) into panels of 12 rows stored k-major (the 12
// values V[u..u+11][k] adjacent), X is packed per 16-column panel keeping
// its nonzero rows, and a 12×16 register tile of Y is computed by the
// kernel (kernel.go): AVX-512 or AVX2 assembly where the CPU has it
// (kernel_amd64.s), else the pure-Go kernelGeneric, all bit-identical. A
// column's result depends only on V and that column of X, not on w, the
// stride or the number of goroutines calling [Packed.Mul] on disjoint
// column blocks.
package gemm
