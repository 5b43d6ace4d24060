package geotiff

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
)

// Field types and their sizes in bytes (TIFF 6.0 Section 2, "Types").
const (
	typeByte   = 1
	typeASCII  = 2
	typeShort  = 3
	typeLong   = 4
	typeFloat  = 11
	typeDouble = 12
)

var typeSizes = [...]int64{1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4}

// ifdEntrySize is the size of one directory entry: tag, type, count and
// value-or-offset (TIFF 6.0 Section 2, "IFD Entry").
const ifdEntrySize = 12

// entry is one IFD entry; raw holds the value when it fits in 4 bytes and
// its offset otherwise.
type entry struct {
	typ   uint16
	count uint32
	raw   [4]byte
}

// ifd is the first image file directory, with lazy access to tag values.
type ifd struct {
	r       io.ReaderAt
	size    int64
	order   binary.ByteOrder
	entries map[uint16]entry
}

// readFirstIFD reads the header and IFD 0.
func readFirstIFD(r io.ReaderAt, size int64) (*ifd, error) {
	order, off, err := readHeader(r, size)
	if err != nil {
		return nil, err
	}
	return readIFD(r, size, order, off)
}

// readIFD reads the directory at off (TIFF 6.0 Section 2, "Image File
// Directory"): a 2-byte entry count followed by 12-byte entries. Offsets to
// further IFDs (overviews, masks) are ignored.
func readIFD(r io.ReaderAt, size int64, order binary.ByteOrder, off int64) (*ifd, error) {
	var nb [2]byte
	if off+2 > size {
		return nil, fmt.Errorf("%w: IFD at offset %d is beyond the end of the file (%d bytes)", ErrCorrupt, off, size)
	}
	if err := readAt(r, nb[:], off); err != nil {
		return nil, fmt.Errorf("reading IFD at offset %d: %w", off, err)
	}
	n := int64(order.Uint16(nb[:]))
	if n == 0 || off+2+n*ifdEntrySize > size {
		return nil, fmt.Errorf("%w: IFD at offset %d declares %d entries but the file has %d bytes", ErrCorrupt, off, n, size)
	}
	buf := make([]byte, n*ifdEntrySize)
	if err := readAt(r, buf, off+2); err != nil {
		return nil, fmt.Errorf("reading IFD at offset %d: %w", off, err)
	}
	d := &ifd{r: r, size: size, order: order, entries: make(map[uint16]entry, n)}
	for i := int64(0); i < n; i++ {
		b := buf[i*ifdEntrySize:]
		e := entry{typ: order.Uint16(b[2:]), count: order.Uint32(b[4:])}
		copy(e.raw[:], b[8:12])
		d.entries[order.Uint16(b)] = e
	}
	return d, nil
}

// has reports whether the directory holds tag.
func (d *ifd) has(tag uint16) bool {
	_, ok := d.entries[tag]
	return ok
}

// value returns the raw bytes of tag's value, checked against the file
// size before anything is allocated.
func (d *ifd) value(tag uint16) (entry, []byte, error) {
	e := d.entries[tag]
	if int(e.typ) >= len(typeSizes) || typeSizes[e.typ] == 0 {
		return e, nil, fmt.Errorf("%w: tag %d has unknown field type %d", ErrCorrupt, tag, e.typ)
	}
	n := int64(e.count) * typeSizes[e.typ]
	if n <= 4 {
		return e, e.raw[:n], nil
	}
	off := int64(d.order.Uint32(e.raw[:]))
	if off+n > d.size {
		return e, nil, fmt.Errorf("%w: tag %d: %d values at offset %d extend beyond the end of the file (%d bytes)",
			ErrCorrupt, tag, e.count, off, d.size)
	}
	buf := make([]byte, n)
	if err := readAt(d.r, buf, off); err != nil {
		return e, nil, fmt.Errorf("reading tag %d: %w", tag, err)
	}
	return e, buf, nil
}

// uints returns the values of an unsigned integer tag (BYTE, SHORT or LONG).
func (d *ifd) uints(tag uint16) ([]uint64, error) {
	e, b, err := d.value(tag)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, e.count)
	switch e.typ {
	case typeByte:
		for i := range out {
			out[i] = uint64(b[i])
		}
	case typeShort:
		for i := range out {
			out[i] = uint64(d.order.Uint16(b[2*i:]))
		}
	case typeLong:
		for i := range out {
			out[i] = uint64(d.order.Uint32(b[4*i:]))
		}
	default:
		return nil, fmt.Errorf("%w: tag %d has field type %d, want BYTE, SHORT or LONG", ErrCorrupt, tag, e.typ)
	}
	return out, nil
}

// uint returns the single value of tag, or def when the tag is absent.
func (d *ifd) uint(tag uint16, def uint64) (uint64, error) {
	if !d.has(tag) {
		return def, nil
	}
	v, err := d.uints(tag)
	if err != nil {
		return 0, err
	}
	if len(v) == 0 {
		return 0, fmt.Errorf("%w: tag %d has no value", ErrCorrupt, tag)
	}
	return v[0], nil
}

// floats returns the values of a DOUBLE or FLOAT tag.
func (d *ifd) floats(tag uint16) ([]float64, error) {
	e, b, err := d.value(tag)
	if err != nil {
		return nil, err
	}
	out := make([]float64, e.count)
	switch e.typ {
	case typeDouble:
		for i := range out {
			out[i] = math.Float64frombits(d.order.Uint64(b[8*i:]))
		}
	case typeFloat:
		for i := range out {
			out[i] = float64(math.Float32frombits(d.order.Uint32(b[4*i:])))
		}
	default:
		return nil, fmt.Errorf("%w: tag %d has field type %d, want DOUBLE", ErrCorrupt, tag, e.typ)
	}
	return out, nil
}

// ascii returns an ASCII tag's value without its trailing NULs.
func (d *ifd) ascii(tag uint16) (string, error) {
	e, b, err := d.value(tag)
	if err != nil {
		return "", err
	}
	if e.typ != typeASCII {
		return "", fmt.Errorf("%w: tag %d has field type %d, want ASCII", ErrCorrupt, tag, e.typ)
	}
	return strings.TrimRight(string(b), "\x00"), nil
}
