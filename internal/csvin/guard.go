package csvin

import "io"

// guard sits between the input and encoding/csv and follows the record
// structure byte by byte: a line feed outside quotes ends a record, a comma
// outside quotes starts a field, a double quote toggles quoting (an escaped
// quote "" toggles twice). On well-formed CSV this is exactly how
// encoding/csv splits records; on malformed quoting encoding/csv reports its
// own error first or sees at most the same bounded bytes. When the record
// being read passes a limit, guard delivers the bytes before the offending
// one and then fails every read with a [*LimitError], so encoding/csv never
// buffers more than about one limit's worth of a record.
type guard struct {
	r      io.Reader
	lim    Limits
	line   int   // current line, 1-based
	start  int   // line where the current record started
	bytes  int   // bytes of the current record so far
	fields int   // fields of the current record so far
	quoted bool  // inside a quoted field
	total  int64 // bytes read so far
	// unterminated is set when the input ended inside a record: bytes
	// after the last line feed.
	unterminated bool
	err          error
}

// Read implements io.Reader.
func (g *guard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	g.total += int64(n)
	for i, b := range p[:n] {
		if g.bytes == 0 {
			g.start, g.fields = g.line, 1
		}
		g.bytes++
		switch {
		case b == '"':
			g.quoted = !g.quoted
		case b == ',' && !g.quoted:
			g.fields++
		}
		if b == '\n' {
			g.line++
			if !g.quoted {
				g.bytes = 0
			}
		}
		switch {
		case g.fields > g.lim.Fields:
			g.err = &LimitError{Line: g.start, Max: g.lim.Fields, Fields: true}
		case g.bytes > g.lim.RecordBytes:
			g.err = &LimitError{Line: g.start, Max: g.lim.RecordBytes}
		}
		if g.err != nil {
			return i, g.err
		}
	}
	if err == io.EOF {
		g.unterminated = g.bytes > 0
	}
	return n, err
}
