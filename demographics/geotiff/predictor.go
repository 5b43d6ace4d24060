package geotiff

import (
	"encoding/binary"
	"math"
)

// undoHorizontal reverses horizontal differencing (TIFF 6.0 Section 14,
// Predictor = 2) on one row: each sample, read as an unsigned word of size
// bytes in the file's byte order, is replaced by the running sum of the
// row's words, wrapping modulo 2^(8·size).
func undoHorizontal(row []byte, size int, o binary.ByteOrder) {
	switch size {
	case 1:
		runningSum(row)
	case 2:
		accumulate(row, 2, o.Uint16, o.PutUint16)
	case 4:
		accumulate(row, 4, o.Uint32, o.PutUint32)
	case 8:
		accumulate(row, 8, o.Uint64, o.PutUint64)
	}
}

// runningSum replaces each byte of row by the sum, modulo 256, of the
// bytes up to it.
func runningSum(row []byte) {
	var sum byte
	for i, b := range row {
		sum += b
		row[i] = sum
	}
}

// accumulate replaces each size-byte word of row by the running sum.
func accumulate[T uint16 | uint32 | uint64](row []byte, size int, get func([]byte) T, put func([]byte, T)) {
	if len(row) < size {
		return
	}
	sum := get(row)
	for i := size; i+size <= len(row); i += size {
		sum += get(row[i:])
		put(row[i:], sum)
	}
}

// undoFloatingPoint reverses the floating point predictor (Predictor = 3,
// Adobe Photoshop TIFF Technical Note 3, April 2005, "Floating Point
// Predictor") for the columns [c0, c0+len(dst)) of one row of n samples of
// size bytes (4 or 8), writing them to dst. The encoder wrote the row as
// size byte planes of n bytes, the most significant byte of every sample
// first, whatever the file's byte order, then differenced the whole row
// byte by byte. Decoding takes the byte-wise running sum over the row (in
// place) and gathers byte b of sample i from plane b; only the window's
// columns are gathered.
func undoFloatingPoint(dst []float64, row []byte, n, c0, size int) {
	runningSum(row)
	if size == 4 {
		p0, p1, p2, p3 := row[c0:n], row[n+c0:2*n], row[2*n+c0:3*n], row[3*n+c0:4*n]
		for i := range dst {
			bits := uint32(p0[i])<<24 | uint32(p1[i])<<16 | uint32(p2[i])<<8 | uint32(p3[i])
			dst[i] = float64(math.Float32frombits(bits))
		}
		return
	}
	for i := range dst {
		var bits uint64
		for b := range 8 {
			bits = bits<<8 | uint64(row[b*n+c0+i])
		}
		dst[i] = math.Float64frombits(bits)
	}
}
