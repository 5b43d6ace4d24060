package metrics

import (
	"encoding/json"
	"math"
)

// countRows is a tracker's recorded rows in a snapshot, encoded as
// encoding/json encodes a [][]int64 (byte for byte: null for a nil slice,
// base-10 integers) but without reflection per value, and decoded by a
// direct scan of the integers. At 10⁶ patches a per-patch StateTracker's
// rows are tens of millions of values, whose reflective encoding and
// decoding took most of a snapshot's and a resume's time (docs/scale.md).
type countRows [][]int64

// MarshalJSON implements [json.Marshaler].
func (r countRows) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	n := 2
	for _, row := range r {
		n += 2 + 4*len(row) // a small count and its comma; append grows past it
	}
	out := make([]byte, 0, n)
	out = append(out, '[')
	for t, row := range r {
		if t > 0 {
			out = append(out, ',')
		}
		out = appendCountRow(out, row)
	}
	return append(out, ']'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: rows of base-10 integers
// (with JSON white space) are scanned directly; anything else (a float, a
// string, an integer past int64) is left to encoding/json, whose error
// then says what it found.
func (r *countRows) UnmarshalJSON(data []byte) error {
	if rows, ok := scanCountRows(data); ok {
		*r = rows
		return nil
	}
	var rows [][]int64
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	*r = rows
	return nil
}

// scanCountRows parses null or an array of rows, each null or an array of
// base-10 int64 integers; ok is false for anything else.
func scanCountRows(data []byte) (rows countRows, ok bool) {
	s := rowScanner{data: data}
	if s.literal("null") {
		return nil, s.end()
	}
	if !s.byte('[') {
		return nil, false
	}
	rows = countRows{}
	if s.byte(']') {
		return rows, s.end()
	}
	for {
		hint := 0
		if len(rows) > 0 {
			hint = len(rows[len(rows)-1])
		}
		row, ok := s.row(hint)
		if !ok {
			return nil, false
		}
		rows = append(rows, row)
		if s.byte(']') {
			return rows, s.end()
		}
		if !s.byte(',') {
			return nil, false
		}
	}
}

// rowScanner reads JSON text from data at i.
type rowScanner struct {
	data []byte
	i    int
}

// space skips JSON white space.
func (s *rowScanner) space() {
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t' || s.data[s.i] == '\n' || s.data[s.i] == '\r') {
		s.i++
	}
}

// byte consumes c after white space, if it is next.
func (s *rowScanner) byte(c byte) bool {
	s.space()
	if s.i < len(s.data) && s.data[s.i] == c {
		s.i++
		return true
	}
	return false
}

// literal consumes lit after white space, if it is next.
func (s *rowScanner) literal(lit string) bool {
	s.space()
	if len(s.data)-s.i >= len(lit) && string(s.data[s.i:s.i+len(lit)]) == lit {
		s.i += len(lit)
		return true
	}
	return false
}

// end reports whether only white space is left.
func (s *rowScanner) end() bool {
	s.space()
	return s.i == len(s.data)
}

// row parses null or an array of integers; hint is the length expected
// (the previous row's: every row of a tracker has the same width).
func (s *rowScanner) row(hint int) ([]int64, bool) { return s.appendRow(make([]int64, 0, hint)) }

// appendRow parses null (giving nil) or an array of integers, appended to
// dst[:0].
func (s *rowScanner) appendRow(dst []int64) ([]int64, bool) {
	if s.literal("null") {
		return nil, true
	}
	if !s.byte('[') {
		return nil, false
	}
	row := dst[:0]
	if s.byte(']') {
		return row, true
	}
	for {
		v, ok := s.integer()
		if !ok {
			return nil, false
		}
		row = append(row, v)
		if s.byte(']') {
			return row, true
		}
		if !s.byte(',') {
			return nil, false
		}
	}
}

// integer parses a JSON integer (no fraction or exponent) that fits int64.
func (s *rowScanner) integer() (int64, bool) {
	s.space()
	start := s.i
	if s.i < len(s.data) && s.data[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.data) && s.data[s.i] >= '0' && s.data[s.i] <= '9' {
		s.i++
	}
	if s.i == digits || (s.data[digits] == '0' && s.i-digits > 1) {
		return 0, false // no digits, or a leading zero JSON does not allow
	}
	neg := digits > start
	var u uint64
	for _, c := range s.data[digits:s.i] {
		d := uint64(c - '0')
		if u > (math.MaxUint64-d)/10 {
			return 0, false
		}
		u = u*10 + d
	}
	switch {
	case !neg && u <= math.MaxInt64:
		return int64(u), true
	case neg && u <= -math.MinInt64:
		return -int64(u-1) - 1, true // −2^63 without overflow
	}
	return 0, false
}
