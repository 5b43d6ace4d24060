//go:build amd64 && !purego

package mixing

import "github.com/klauspost/cpuid/v2"

// batchTileAVX512 is the assembly batched tile kernel (batch_tile_amd64.s)
// for rows ≥ 1 rows, cols a positive multiple of 8 and G a positive
// multiple of 8; it keeps the summation order of batch_tile.go and so
// equals batchTileGeneric bit for bit.
//
//go:noescape
func batchTileAVX512(d *float64, stride, rows, cols, G int, yRow, yCol, z, dots *float64)

// batchTile32AVX512 is batchTileAVX512 on a float32 tile.
//
//go:noescape
func batchTile32AVX512(d *float32, stride, rows, cols, G int, yRow, yCol, z, dots *float64)

// batchAsm adapts an assembly batched tile kernel to a batchTileFuncOf,
// checking the bounds the assembly relies on.
func batchAsm[E element](fn func(d *E, stride, rows, cols, G int, yRow, yCol, z, dots *float64)) batchTileFuncOf[E] {
	return func(d []E, stride, rows, cols, G int, yRow, yCol, z, dots []float64) {
		if rows == 0 {
			return
		}
		_ = d[(rows-1)*stride+cols-1]
		_, _, _, _ = yRow[rows*G-1], yCol[cols*G-1], z[cols*G-1], dots[rows*G-1]
		fn(&d[0], stride, rows, cols, G, &yRow[0], &yCol[0], &z[0], &dots[0])
	}
}

// batchTileImpls lists the batched tile kernels this CPU can run, best
// first, ending with the pure-Go one; tests compare them all.
func batchTileImpls() []namedBatchTile {
	var out []namedBatchTile
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedBatchTile{"avx512", batchAsm(batchTileAVX512)})
	}
	return append(out, namedBatchTile{"go", batchTileGeneric[float64]})
}

// batchTile32Impls lists the float32 batched tile kernels this CPU can run,
// best first, ending with the pure-Go one.
func batchTile32Impls() []namedBatchTile32 {
	var out []namedBatchTile32
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedBatchTile32{"avx512", batchAsm(batchTile32AVX512)})
	}
	return append(out, namedBatchTile32{"go", batchTileGeneric[float32]})
}

func init() {
	batchTileMain = batchTileImpls()[0].fn
	batchTileMain32 = batchTile32Impls()[0].fn
	batchTiles = batchTileImpls()[0].name != "go"
}
