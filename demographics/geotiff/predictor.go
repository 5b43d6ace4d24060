package geotiff

import "encoding/binary"

// undoHorizontal reverses horizontal differencing (TIFF 6.0 Section 14,
// Predictor = 2) on one row: each sample, read as an unsigned word of size
// bytes in the file's byte order, is replaced by the running sum of the
// row's words, wrapping modulo 2^(8·size).
func undoHorizontal(row []byte, size int, o binary.ByteOrder) {
	switch size {
	case 1:
		for i := 1; i < len(row); i++ {
			row[i] += row[i-1]
		}
	case 2:
		accumulate(row, 2, o.Uint16, o.PutUint16)
	case 4:
		accumulate(row, 4, o.Uint32, o.PutUint32)
	case 8:
		accumulate(row, 8, o.Uint64, o.PutUint64)
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
// Predictor") on one row of n samples of size bytes: the encoder wrote the
// row as size byte planes, most significant byte of every sample first,
// then differenced the whole row byte by byte. Decoding takes the byte-wise
// running sum over the row and gathers plane b of sample i back into byte b
// of the sample, leaving the row in big-endian order whatever the file's
// byte order. tmp must hold len(row) bytes.
func undoFloatingPoint(row, tmp []byte, size int) {
	for i := 1; i < len(row); i++ {
		row[i] += row[i-1]
	}
	copy(tmp, row)
	n := len(row) / size
	for i := range n {
		for b := range size {
			row[i*size+b] = tmp[b*n+i]
		}
	}
}
