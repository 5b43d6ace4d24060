package dbf

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Sizes fixed by the dBase III format.
const (
	prefixLen     = 32   // bytes before the first field descriptor
	descriptorLen = 32   // bytes per field descriptor
	nameLen       = 11   // name bytes in a descriptor, NUL-padded
	terminator    = 0x0D // ends the descriptor array
	eofMarker     = 0x1A // optional last byte of the file

	// MaxFieldSize is the widest cell rubeola writes: dBase's limit for
	// character fields (one descriptor byte, 255 reserved by some readers).
	MaxFieldSize = 254
	// MaxNameLen is the longest field name: 10 bytes plus a NUL.
	MaxNameLen = nameLen - 1
)

// Flag bytes at the start of every record.
const (
	FlagLive    byte = ' ' // a live record
	FlagDeleted byte = '*' // a record marked deleted
)

// Field describes one column: its name, its type letter ('C', 'N', 'F',
// 'D', 'L', ...), its cell width in bytes and its decimal count.
type Field struct {
	Name     string
	Type     byte
	Size     uint8
	Decimals uint8
}

// Header is a table's header split into its three parts, so that a copy can
// keep every original byte and still add a field.
type Header struct {
	// Prefix is the 32-byte block before the descriptors. Encode patches
	// its record count, header length and record length.
	Prefix []byte
	// Descriptors are the raw 32-byte field descriptors, in field order.
	Descriptors [][]byte
	// Suffix starts with the 0x0D terminator and keeps any bytes a writer
	// placed after it, up to the header length.
	Suffix []byte
}

// NewHeader returns the header of a dBase III table (version 0x03, no
// language driver) with the given fields. date is the "last update" date
// as (year−1900, month, day).
func NewHeader(fields []Field, date [3]byte) (Header, error) {
	h := Header{Prefix: make([]byte, prefixLen), Suffix: []byte{terminator}}
	h.Prefix[0] = 0x03
	copy(h.Prefix[1:4], date[:])
	for _, f := range fields {
		if err := h.Append(f); err != nil {
			return Header{}, err
		}
	}
	return h, nil
}

// Append adds a field descriptor after the existing ones.
func (h *Header) Append(f Field) error {
	d, err := Descriptor(f)
	if err != nil {
		return err
	}
	h.Descriptors = append(h.Descriptors, d)
	return nil
}

// Descriptor encodes f as a 32-byte field descriptor. The name must be 1 to
// 10 bytes of printable ASCII; the size must be 1 to 254.
func Descriptor(f Field) ([]byte, error) {
	if err := CheckName(f.Name); err != nil {
		return nil, err
	}
	if f.Size == 0 || f.Size > MaxFieldSize {
		return nil, fmt.Errorf("field %q: size %d outside 1..%d", f.Name, f.Size, MaxFieldSize)
	}
	if f.Type < 'A' || f.Type > 'Z' {
		return nil, fmt.Errorf("field %q: type %q is not an upper-case letter", f.Name, f.Type)
	}
	d := make([]byte, descriptorLen)
	copy(d, f.Name)
	d[11] = f.Type
	d[16] = f.Size
	d[17] = f.Decimals
	return d, nil
}

// CheckName reports whether name can be a DBF field name: 1 to 10 bytes of
// printable ASCII without spaces.
func CheckName(name string) error {
	if name == "" || len(name) > MaxNameLen {
		return fmt.Errorf("field name %q: must be 1 to %d bytes", name, MaxNameLen)
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("field name %q: only printable ASCII without spaces is allowed", name)
		}
	}
	return nil
}

// RecordLen is the byte length of one record: the deletion flag plus every
// field's size.
func (h Header) RecordLen() int {
	n := 1
	for _, d := range h.Descriptors {
		n += int(d[16])
	}
	return n
}

// Encode returns the header bytes for a table of numRecords records.
func (h Header) Encode(numRecords int) ([]byte, error) {
	if len(h.Prefix) != prefixLen || len(h.Suffix) == 0 || h.Suffix[0] != terminator {
		return nil, errors.New("malformed DBF header")
	}
	headerLen := prefixLen + descriptorLen*len(h.Descriptors) + len(h.Suffix)
	recordLen := h.RecordLen()
	switch {
	case headerLen > 0xFFFF:
		return nil, fmt.Errorf("DBF header of %d bytes exceeds 65535 (too many fields)", headerLen)
	case recordLen > 0xFFFF:
		return nil, fmt.Errorf("DBF record of %d bytes exceeds 65535", recordLen)
	case numRecords < 0 || uint64(numRecords) > 0xFFFFFFFF:
		return nil, fmt.Errorf("DBF record count %d out of range", numRecords)
	}
	out := make([]byte, 0, headerLen)
	out = append(out, h.Prefix...)
	binary.LittleEndian.PutUint32(out[4:8], uint32(numRecords))
	binary.LittleEndian.PutUint16(out[8:10], uint16(headerLen))
	binary.LittleEndian.PutUint16(out[10:12], uint16(recordLen))
	for _, d := range h.Descriptors {
		out = append(out, d...)
	}
	return append(out, h.Suffix...), nil
}
