package geotifftest

import (
	"encoding/binary"
	"math"
	"slices"
)

// Field types (TIFF 6.0 Section 2, "Types").
const (
	typeASCII  = 2
	typeShort  = 3
	typeLong   = 4
	typeDouble = 12
)

// field is one IFD entry with its value bytes already in file byte order.
type field struct {
	tag   uint16
	typ   uint16
	count uint32
	data  []byte
}

// fields builds the entries of one IFD in a given byte order.
type fields struct {
	order binary.AppendByteOrder
	list  map[uint16]*field
}

func (fs *fields) add(tag, typ uint16, count int, data []byte) *field {
	f := &field{tag: tag, typ: typ, count: uint32(count), data: data}
	fs.list[tag] = f
	return f
}

func (fs *fields) shorts(tag uint16, v ...int) *field {
	var b []byte
	for _, x := range v {
		b = fs.order.AppendUint16(b, uint16(x))
	}
	return fs.add(tag, typeShort, len(v), b)
}

func (fs *fields) longs(tag uint16, v ...int) *field {
	var b []byte
	for _, x := range v {
		b = fs.order.AppendUint32(b, uint32(x))
	}
	return fs.add(tag, typeLong, len(v), b)
}

func (fs *fields) doubles(tag uint16, v ...float64) *field {
	var b []byte
	for _, x := range v {
		b = fs.order.AppendUint64(b, math.Float64bits(x))
	}
	return fs.add(tag, typeDouble, len(v), b)
}

func (fs *fields) ascii(tag uint16, s string) *field {
	return fs.add(tag, typeASCII, len(s)+1, append([]byte(s), 0))
}

// set stores a single SHORT (when v fits) or LONG value.
func (fs *fields) set(tag uint16, v uint32) {
	if v <= math.MaxUint16 {
		fs.shorts(tag, int(v))
	} else {
		fs.longs(tag, int(v))
	}
}

// sorted returns the entries in ascending tag order, as TIFF 6.0 Section 2
// requires.
func (fs *fields) sorted() []*field {
	out := make([]*field, 0, len(fs.list))
	for _, f := range fs.list {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *field) int { return int(a.tag) - int(b.tag) })
	return out
}

// ifdSize returns the bytes of the IFD itself (count, 12-byte entries, next
// offset) and of the values stored outside it, each padded to an even
// offset (TIFF 6.0 Section 2: values begin on a word boundary).
func ifdSize(list []*field) (dir, ext int) {
	for _, f := range list {
		if len(f.data) > 4 {
			ext += len(f.data) + len(f.data)%2
		}
	}
	return 2 + 12*len(list) + 4, ext
}

// appendIFD appends the IFD starting at offset off (the current length of
// b) followed by its out-of-line values.
func appendIFD(b []byte, list []*field, o binary.AppendByteOrder) []byte {
	dir, _ := ifdSize(list)
	extOff := len(b) + dir
	var ext []byte
	b = o.AppendUint16(b, uint16(len(list)))
	for _, f := range list {
		b = o.AppendUint16(b, f.tag)
		b = o.AppendUint16(b, f.typ)
		b = o.AppendUint32(b, f.count)
		if len(f.data) <= 4 {
			var v [4]byte
			copy(v[:], f.data)
			b = append(b, v[:]...)
			continue
		}
		b = o.AppendUint32(b, uint32(extOff+len(ext)))
		ext = append(ext, f.data...)
		if len(f.data)%2 == 1 {
			ext = append(ext, 0)
		}
	}
	b = o.AppendUint32(b, 0) // no next IFD
	return append(b, ext...)
}
