//go:build amd64 && !purego

package mixing

import "github.com/klauspost/cpuid/v2"

// tileAVX512 and tileAVX2 are the assembly tile kernels (tile_amd64.s) on
// the first cols8 columns (a multiple of 8, > 0) of rows ≥ 1 rows; they
// keep the summation order of tile.go and so equal tileMainGeneric bit for
// bit.
//
//go:noescape
func tileAVX512(d *float64, stride, rows, cols8 int, yRow, yCol, z, dots *float64)

//go:noescape
func tileAVX2(d *float64, stride, rows, cols8 int, yRow, yCol, z, dots *float64)

// tileMainAVX512 adapts tileAVX512 to a tileFunc.
func tileMainAVX512(d []float64, stride int, yRow, yCol, z, dots []float64, cols8 int) {
	tileAVX512(&d[0], stride, len(yRow), cols8, &yRow[0], &yCol[0], &z[0], &dots[0])
}

// tileMainAVX2 adapts tileAVX2 to a tileFunc.
func tileMainAVX2(d []float64, stride int, yRow, yCol, z, dots []float64, cols8 int) {
	tileAVX2(&d[0], stride, len(yRow), cols8, &yRow[0], &yCol[0], &z[0], &dots[0])
}

// tile32AVX512 and tile32AVX2 are the float32 tile kernels
// (tile32_amd64.s), with the contract of tileAVX512 and tileAVX2.
//
//go:noescape
func tile32AVX512(d *float32, stride, rows, cols8 int, yRow, yCol, z, dots *float64)

//go:noescape
func tile32AVX2(d *float32, stride, rows, cols8 int, yRow, yCol, z, dots *float64)

// tile32Impls lists the float32 tile kernels this CPU can run, best first,
// ending with the pure-Go one.
func tile32Impls() []namedTile32 {
	var out []namedTile32
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedTile32{"avx512", func(d []float32, stride int, yRow, yCol, z, dots []float64, cols8 int) {
			tile32AVX512(&d[0], stride, len(yRow), cols8, &yRow[0], &yCol[0], &z[0], &dots[0])
		}})
	}
	if cpuid.CPU.Supports(cpuid.AVX2) {
		out = append(out, namedTile32{"avx2", func(d []float32, stride int, yRow, yCol, z, dots []float64, cols8 int) {
			tile32AVX2(&d[0], stride, len(yRow), cols8, &yRow[0], &yCol[0], &z[0], &dots[0])
		}})
	}
	return append(out, namedTile32{"go", tileMainGeneric[float32]})
}

// tileImpls lists the tile kernels this CPU can run, best first, ending
// with the pure-Go one; tests compare them all.
func tileImpls() []namedTile {
	var out []namedTile
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedTile{"avx512", tileMainAVX512})
	}
	if cpuid.CPU.Supports(cpuid.AVX2) {
		out = append(out, namedTile{"avx2", tileMainAVX2})
	}
	return append(out, namedTile{"go", tileMainGeneric[float64]})
}

func init() {
	tileMain = tileImpls()[0].fn
	tileMain32 = tile32Impls()[0].fn
}
