package tidycsv

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/rubeola/rubeola/internal/csvin"
)

// bufSize is the read buffer: large reads keep the system calls few.
const bufSize = 1 << 20

// Reader reads a CSV file with a header, keeping the columns asked for. A
// last row without a line feed after it is an error
// (*csvin.UnterminatedError): the tables it reads are rubeola's, whose
// every row ends with one.
type Reader struct {
	f      *os.File
	r      *bufio.Reader
	index  []int    // field index of each asked column
	fields [][]byte // the current row's fields, all of them
	asked  [][]byte // the asked columns of the current row
	line   []byte   // a record longer than the buffer, or spanning lines
	quoted []byte   // unquoted fields
	width  int      // fields of the header
	row    int
	lines  int // lines read
	err    error
}

// ErrNoColumn is a header without a column asked for.
var ErrNoColumn = errors.New("no column")

// Open opens path and reads its header; cols are the columns to read (each
// must be in the header; for alternatives, see [Reader.Has]).
func Open(path string, cols ...string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r := &Reader{f: f, r: bufio.NewReaderSize(f, bufSize)}
	header, err := r.record()
	if err != nil {
		f.Close()
		if err == io.EOF {
			err = errors.New("empty file (expected a header line)")
		}
		return nil, fmt.Errorf("header: %w", err)
	}
	r.width = len(header)
	names := make([]string, len(header))
	for i, h := range header {
		names[i] = string(bytes.TrimSpace(bytes.TrimPrefix(h, []byte("\ufeff"))))
	}
	r.index = make([]int, len(cols))
	for i, c := range cols {
		j := indexOf(names, c)
		if j < 0 {
			f.Close()
			return nil, fmt.Errorf("%w %q (columns: %v, expected %v)", ErrNoColumn, c, names, cols)
		}
		r.index[i] = j
	}
	r.asked = make([][]byte, len(cols))
	return r, nil
}

// Columns returns the names of path's header (for choosing between
// alternative columns before [Open]).
func Columns(path string) ([]string, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	names := make([]string, len(r.fields))
	for i, h := range r.fields {
		names[i] = string(bytes.TrimSpace(bytes.TrimPrefix(h, []byte("\ufeff"))))
	}
	return names, nil
}

func indexOf(names []string, c string) int {
	for i, n := range names {
		if n == c {
			return i
		}
	}
	return -1
}

// Next reads the next row; false at the end or on error ([Reader.Err]). A
// row with fewer fields than a column asked for is an error.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	fields, err := r.record()
	if err == io.EOF {
		return false
	}
	r.row++
	if err != nil {
		r.err = err
		return false
	}
	if len(fields) != r.width {
		r.err = fmt.Errorf("wrong number of fields: %d, the header has %d", len(fields), r.width)
		return false
	}
	for i, j := range r.index {
		r.asked[i] = fields[j]
	}
	return true
}

// Field is asked column i of the current row, valid until the next call
// of Next.
func (r *Reader) Field(i int) []byte { return r.asked[i] }

// Row is the current row's number, 1 for the first row after the header.
func (r *Reader) Row() int { return r.row }

// Err is the error that stopped Next (nil at a clean end).
func (r *Reader) Err() error { return r.err }

// Close closes the file.
func (r *Reader) Close() error { return r.f.Close() }

// record reads one record and splits it into r.fields: at most
// csvin.MaxFields fields and csvin.MaxRecordBytes bytes, else a
// *csvin.LimitError.
func (r *Reader) record() ([][]byte, error) {
	fields, err := r.split()
	if err != nil {
		return nil, err
	}
	if len(fields) > csvin.MaxFields {
		return nil, &csvin.LimitError{Line: r.lines, Max: csvin.MaxFields, Fields: true}
	}
	return fields, nil
}

// split reads one record and splits it into r.fields.
func (r *Reader) split() ([][]byte, error) {
	line, err := r.r.ReadSlice('\n')
	r.lines++
	if err == nil && len(line) <= csvin.MaxRecordBytes {
		full := line
		line = trimEOL(line)
		r.fields = r.fields[:0]
		start := 0
		for i, c := range line {
			switch c {
			case ',':
				r.fields = append(r.fields, line[start:i:i])
				start = i + 1
			case '"':
				return r.slowRecord(full, nil)
			}
		}
		r.fields = append(r.fields, line[start:len(line):len(line)])
		return r.fields, nil
	}
	if err != bufio.ErrBufferFull && !(err == io.EOF && len(line) > 0) {
		return nil, err
	}
	return r.slowRecord(line, err)
}

// unterminated is the error of a last record with no line feed after it:
// every row of a table rubeola writes ends with one, so the file was cut
// while it was written (issue 37: a states.csv cut inside its last number
// was drawn with R = 5 for 5 680 038).
func (r *Reader) unterminated(start int) error {
	return &csvin.UnterminatedError{Line: start}
}

// slowRecord reads the rest of a record that has a quote, is longer than
// the buffer or ends the file without a line break, from the bytes read so
// far (first) and the error of the read that gave them: nil (they end a
// line), bufio.ErrBufferFull (the line goes on) or io.EOF.
func (r *Reader) slowRecord(first []byte, err error) ([][]byte, error) {
	r.line = append(r.line[:0], first...)
	start := r.lines
	open := openQuote(first)
	for {
		if len(trimEOL(r.line)) > csvin.MaxRecordBytes {
			return nil, &csvin.LimitError{Line: start, Max: csvin.MaxRecordBytes}
		}
		if err == nil || err == io.EOF {
			if !open {
				if err == io.EOF {
					return nil, r.unterminated(start)
				}
				break
			}
			if err == io.EOF {
				return nil, errors.New("unclosed quote at the end of the file")
			}
		}
		if err == nil { // the bytes so far end a line: the next starts
			r.lines++
		}
		var more []byte
		more, err = r.r.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull && err != io.EOF {
			return nil, err
		}
		r.line = append(r.line, more...)
		open = open != openQuote(more)
	}
	r.fields = r.fields[:0]
	return r.splitQuoted(trimEOL(r.line))
}

// openQuote reports whether line has an odd number of quotes (a line
// ending inside a quoted field).
func openQuote(line []byte) bool { return bytes.Count(line, []byte{'"'})%2 == 1 }

func trimEOL(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line
}

// splitQuoted splits a line with quotes, unquoting into r.quoted.
func (r *Reader) splitQuoted(line []byte) ([][]byte, error) {
	r.quoted = r.quoted[:0]
	if cap(r.quoted) < len(line) {
		r.quoted = make([]byte, 0, len(line))
	}
	for {
		if len(line) == 0 || line[0] != '"' {
			i := bytes.IndexByte(line, ',')
			if i < 0 {
				if bytes.IndexByte(line, '"') >= 0 {
					return nil, errors.New(`bare " in an unquoted field`)
				}
				r.fields = append(r.fields, line)
				return r.fields, nil
			}
			if bytes.IndexByte(line[:i], '"') >= 0 {
				return nil, errors.New(`bare " in an unquoted field`)
			}
			r.fields = append(r.fields, line[:i])
			line = line[i+1:]
			continue
		}
		start := len(r.quoted)
		i := 1
		for {
			j := bytes.IndexByte(line[i:], '"')
			if j < 0 {
				return nil, errors.New("unclosed quote")
			}
			r.quoted = append(r.quoted, line[i:i+j]...)
			i += j + 1
			if i < len(line) && line[i] == '"' {
				r.quoted = append(r.quoted, '"')
				i++
				continue
			}
			break
		}
		r.fields = append(r.fields, r.quoted[start:len(r.quoted):len(r.quoted)])
		switch {
		case i == len(line):
			return r.fields, nil
		case line[i] != ',':
			return nil, errors.New(`text after a closing quote (expected , or a line end)`)
		}
		line = line[i+1:]
	}
}

// ParseInt parses a decimal integer (optional sign) without allocating.
func ParseInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// ParseFloat parses a finite number: integers without allocating, others
// through strconv.
func ParseFloat(b []byte) (float64, bool) {
	if v, ok := ParseInt(b); ok {
		return float64(v), true
	}
	v, err := parseFloat(b)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
