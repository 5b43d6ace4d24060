package csvin

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// utf8BOM is the UTF-8 byte order mark some spreadsheet programs write first.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Reader is an [encoding/csv.Reader] over a bounded input. Its embedded
// csv.Reader is set up with FieldsPerRecord = −1 (any number of fields per
// record) and ReuseRecord = true (a record's slice is valid until the next
// Read; its strings stay valid); callers may change both before the first
// Read. Read, FieldPos and InputOffset behave as in encoding/csv, except
// that a record passing the limits ends the input: Read returns a
// [*LimitError] for it (possibly with a partial record), then [io.EOF], so a
// loader that records the error and reads on stops there.
type Reader struct {
	*csv.Reader
	// RequireFinalNewline refuses an input whose last record has no line
	// feed after it: Read returns an [*UnterminatedError] for that record.
	// For tables rubeola writes (every row ends with a line feed), where
	// such an end means the file was cut (issue 37: a states.csv cut inside
	// its last number was drawn with R = 5 for 5 680 038).
	RequireFinalNewline bool
	g                   *guard
	ended               bool // a LimitError was returned
}

// UnterminatedError is the last record of an input read with
// [Reader.RequireFinalNewline] when no line feed follows it.
type UnterminatedError struct {
	Line int // the line the record starts on
}

// Error implements error.
func (e *UnterminatedError) Error() string {
	return fmt.Sprintf("line %d: the file ends inside this row (no line feed after it): it was cut while it was written", e.Line)
}

// Read reads one record, as [csv.Reader.Read] does; see [Reader].
func (r *Reader) Read() ([]string, error) {
	if r.ended {
		return nil, io.EOF
	}
	rec, err := r.Reader.Read()
	var le *LimitError
	if errors.As(err, &le) {
		r.ended = true
	}
	if err == nil && r.RequireFinalNewline && r.g.unterminated && r.InputOffset() == r.g.total {
		r.ended = true
		line, _ := r.FieldPos(0)
		return nil, &UnterminatedError{Line: line}
	}
	return rec, err
}

// ReadAll reads the remaining records, as [csv.Reader.ReadAll] does; a
// record passing the limits is a [*LimitError].
func (r *Reader) ReadAll() ([][]string, error) {
	var all [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return all, nil
		}
		if err != nil {
			return nil, err
		}
		all = append(all, slices.Clone(rec))
	}
}

// NewReader returns a Reader of r with the default limits ([MaxFields],
// [MaxRecordBytes]). A leading UTF-8 byte order mark is dropped.
func NewReader(r io.Reader) *Reader {
	return NewReaderLimits(r, Limits{})
}

// NewReaderLimits returns a Reader of r with the given limits.
func NewReaderLimits(r io.Reader, lim Limits) *Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(len(utf8BOM)); err == nil && bytes.Equal(b, utf8BOM) {
		_, _ = br.Discard(len(utf8BOM))
	}
	g := &guard{r: br, lim: lim.withDefaults(), line: 1}
	cr := csv.NewReader(g)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return &Reader{Reader: cr, g: g}
}

// Header reads the first record and returns a copy of its names trimmed of
// surrounding white space. An input with no record gives [io.EOF]; other
// errors are those of Read.
func (r *Reader) Header() ([]string, error) {
	rec, err := r.Read()
	if err != nil {
		return nil, err
	}
	names := make([]string, len(rec))
	for i, h := range rec {
		names[i] = strings.TrimSpace(h)
	}
	return names, nil
}
