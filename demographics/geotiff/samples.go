package geotiff

import (
	"encoding/binary"
	"fmt"
	"math"
)

// sampleKind is one supported (SampleFormat, BitsPerSample) pair (TIFF 6.0
// Section 19: 1 unsigned, 2 two's complement signed, 3 IEEE 754 float).
type sampleKind int

const (
	kindU8 sampleKind = iota
	kindI8
	kindU16
	kindI16
	kindU32
	kindI32
	kindU64
	kindI64
	kindF32
	kindF64
)

// kindOf maps SampleFormat and BitsPerSample to a sampleKind.
func kindOf(format, bits uint64) (sampleKind, error) {
	var k sampleKind
	switch bits {
	case 8:
		k = kindU8
	case 16:
		k = kindU16
	case 32:
		k = kindU32
	case 64:
		k = kindU64
	default:
		return 0, fmt.Errorf("%w: %d bits per sample", ErrUnsupported, bits)
	}
	switch format {
	case sampleFormatUint:
		return k, nil
	case sampleFormatInt:
		return k + 1, nil
	case sampleFormatFloat:
		switch bits {
		case 32:
			return kindF32, nil
		case 64:
			return kindF64, nil
		}
		return 0, fmt.Errorf("%w: %d-bit floating-point samples", ErrUnsupported, bits)
	}
	return 0, fmt.Errorf("%w: sample format %d", ErrUnsupported, format)
}

// convert decodes len(dst) samples of kind k from src, in byte order o,
// into float64.
func convert(dst []float64, src []byte, k sampleKind, o binary.ByteOrder) {
	switch k {
	case kindU8:
		for i := range dst {
			dst[i] = float64(src[i])
		}
	case kindI8:
		for i := range dst {
			dst[i] = float64(int8(src[i]))
		}
	case kindU16:
		for i := range dst {
			dst[i] = float64(o.Uint16(src[2*i:]))
		}
	case kindI16:
		for i := range dst {
			dst[i] = float64(int16(o.Uint16(src[2*i:])))
		}
	case kindU32:
		for i := range dst {
			dst[i] = float64(o.Uint32(src[4*i:]))
		}
	case kindI32:
		for i := range dst {
			dst[i] = float64(int32(o.Uint32(src[4*i:])))
		}
	case kindU64:
		for i := range dst {
			dst[i] = float64(o.Uint64(src[8*i:]))
		}
	case kindI64:
		for i := range dst {
			dst[i] = float64(int64(o.Uint64(src[8*i:])))
		}
	case kindF32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(o.Uint32(src[4*i:])))
		}
	case kindF64:
		for i := range dst {
			dst[i] = math.Float64frombits(o.Uint64(src[8*i:]))
		}
	}
}
