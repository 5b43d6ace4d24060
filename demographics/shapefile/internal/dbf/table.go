package dbf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// Table is a parsed .dbf file. It keeps the raw bytes: cells are sub-slices
// of the data given to Parse.
type Table struct {
	Header  Header
	Fields  []Field
	offsets []int // byte offset of each field's cell within a record
	recLen  int
	records []byte // NumRecords() · recLen bytes
}

// Parse decodes a whole .dbf file. Errors describe what is wrong without the
// file name; the caller adds it.
func Parse(data []byte) (*Table, error) {
	if len(data) < prefixLen+1 {
		return nil, fmt.Errorf("truncated DBF header: %d bytes", len(data))
	}
	numRecords := int64(binary.LittleEndian.Uint32(data[4:8]))
	headerLen := int(binary.LittleEndian.Uint16(data[8:10]))
	recLen := int(binary.LittleEndian.Uint16(data[10:12]))
	if headerLen < prefixLen+1 || headerLen > len(data) {
		return nil, fmt.Errorf("DBF header length %d does not fit a %d-byte file", headerLen, len(data))
	}
	t := &Table{recLen: recLen}
	t.Header.Prefix = bytes.Clone(data[:prefixLen])
	pos := prefixLen
	offset := 1 // after the deletion flag
	for pos < headerLen && data[pos] != terminator {
		if pos+descriptorLen > headerLen {
			return nil, fmt.Errorf("truncated DBF field descriptor at byte %d", pos)
		}
		d := data[pos : pos+descriptorLen]
		f := Field{Name: fieldName(d[:nameLen]), Type: d[11], Size: d[16], Decimals: d[17]}
		if f.Name == "" {
			return nil, fmt.Errorf("DBF field %d has an empty name", len(t.Fields)+1)
		}
		t.Header.Descriptors = append(t.Header.Descriptors, bytes.Clone(d))
		t.Fields = append(t.Fields, f)
		t.offsets = append(t.offsets, offset)
		offset += int(f.Size)
		pos += descriptorLen
	}
	if pos >= headerLen {
		return nil, fmt.Errorf("DBF field descriptors have no 0x0D terminator within the %d-byte header", headerLen)
	}
	t.Header.Suffix = bytes.Clone(data[pos:headerLen])
	if offset != recLen {
		return nil, fmt.Errorf("DBF record length %d differs from the fields' total %d", recLen, offset)
	}
	need := int64(recLen) * numRecords
	if have := int64(len(data) - headerLen); have < need {
		return nil, fmt.Errorf("truncated DBF: %d records of %d bytes need %d bytes after the header, file has %d",
			numRecords, recLen, need, have)
	}
	t.records = data[headerLen : int64(headerLen)+need]
	return t, nil
}

// fieldName cuts a descriptor's name at the first NUL and drops padding
// spaces some writers use.
func fieldName(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(bytes.TrimRight(b, " "))
}

// NumRecords is the number of records, deleted ones included.
func (t *Table) NumRecords() int { return len(t.records) / t.recLen }

// Record returns record i's raw bytes, deletion flag first.
func (t *Table) Record(i int) []byte { return t.records[i*t.recLen : (i+1)*t.recLen] }

// Deleted reports whether record i carries the '*' deletion flag.
func (t *Table) Deleted(i int) bool { return t.records[i*t.recLen] == FlagDeleted }

// Cell returns the raw bytes of field f in record i.
func (t *Table) Cell(i, f int) []byte {
	start := i*t.recLen + t.offsets[f]
	return t.records[start : start+int(t.Fields[f].Size)]
}

// Write writes a complete table: header, the records produced by record
// (called once per index with a zeroed buffer of the record length, to be
// filled including the deletion flag) and the 0x1A end marker.
func Write(w io.Writer, h Header, numRecords int, record func(i int, buf []byte) error) error {
	head, err := h.Encode(numRecords)
	if err != nil {
		return err
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	buf := make([]byte, h.RecordLen())
	for i := range numRecords {
		clear(buf)
		if err := record(i, buf); err != nil {
			return err
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	_, err = w.Write([]byte{eofMarker})
	return err
}
