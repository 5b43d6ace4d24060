package geotifftest

import (
	"encoding/binary"
	"fmt"
	"math"
)

// formatInfo describes a SampleFormat: TIFF SampleFormat code, sample size
// in bytes, and for integers whether they are signed.
type formatInfo struct {
	name   string
	code   int // TIFF 6.0 Section 19: 1 unsigned, 2 signed, 3 float
	size   int
	signed bool
}

var formats = [...]formatInfo{
	Float32: {"float32", 3, 4, true},
	Float64: {"float64", 3, 8, true},
	Uint8:   {"uint8", 1, 1, false},
	Int8:    {"int8", 2, 1, true},
	Uint16:  {"uint16", 1, 2, false},
	Int16:   {"int16", 2, 2, true},
	Uint32:  {"uint32", 1, 4, false},
	Int32:   {"int32", 2, 4, true},
	Uint64:  {"uint64", 1, 8, false},
	Int64:   {"int64", 2, 8, true},
}

// String returns the format's Go type name, e.g. "int16".
func (f SampleFormat) String() string {
	if f < 0 || int(f) >= len(formats) {
		return fmt.Sprintf("SampleFormat(%d)", int(f))
	}
	return formats[f].name
}

// IsFloat reports whether f is Float32 or Float64.
func (f SampleFormat) IsFloat() bool { return f == Float32 || f == Float64 }

// bits returns the word holding v in format f, or an error when v is not
// an integer within f's range (floats always succeed; Float32 rounds).
func (f SampleFormat) bits(v float64) (uint64, error) {
	info := formats[f]
	switch f {
	case Float32:
		return uint64(math.Float32bits(float32(v))), nil
	case Float64:
		return math.Float64bits(v), nil
	}
	lo, hi := 0.0, math.Ldexp(1, 8*info.size) // [lo, hi)
	if info.signed {
		lo, hi = -hi/2, hi/2
	}
	if v != math.Trunc(v) || v < lo || v >= hi {
		return 0, fmt.Errorf("value %g is not representable as %s", v, info.name)
	}
	if info.signed {
		return uint64(int64(v)), nil
	}
	return uint64(v), nil
}

// putWord stores the low size bytes of u at b[0:size] in order o.
func putWord(b []byte, size int, u uint64, o binary.ByteOrder) {
	switch size {
	case 1:
		b[0] = byte(u)
	case 2:
		o.PutUint16(b, uint16(u))
	case 4:
		o.PutUint32(b, uint32(u))
	case 8:
		o.PutUint64(b, u)
	}
}

// getWord reads a size-byte word at b in order o.
func getWord(b []byte, size int, o binary.ByteOrder) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(o.Uint16(b))
	case 4:
		return uint64(o.Uint32(b))
	}
	return o.Uint64(b)
}

// applyHorizontal applies horizontal differencing (TIFF 6.0 Section 14) to
// one row of size-byte words in order o: each word becomes its difference
// from the previous word, modulo 2^(8·size).
func applyHorizontal(row []byte, size int, o binary.ByteOrder) {
	for i := len(row)/size - 1; i > 0; i-- {
		cur, prev := getWord(row[i*size:], size, o), getWord(row[(i-1)*size:], size, o)
		putWord(row[i*size:], size, cur-prev, o)
	}
}

// applyFloatingPoint applies the floating point predictor (Adobe Photoshop
// TIFF Technical Note 3, April 2005): the row's samples (in order o) are
// split into byte planes, most significant byte of every sample first, and
// the resulting row is differenced byte by byte. tmp must hold len(row)
// bytes.
func applyFloatingPoint(row, tmp []byte, size int, o binary.ByteOrder) {
	n := len(row) / size
	for i := range n {
		for b := range size {
			src := b // byte b in significance order = index b when big-endian
			if o == binary.LittleEndian {
				src = size - 1 - b
			}
			tmp[b*n+i] = row[i*size+src]
		}
	}
	for k := len(tmp) - 1; k > 0; k-- {
		tmp[k] -= tmp[k-1]
	}
	copy(row, tmp)
}
