package plot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/parquet-go/parquet-go"
)

// parquetRecords reads a Parquet file row by row, whatever the physical
// types of its columns (integers of any width, floats, strings, DATE). It
// decodes only the columns asked for, page by page, and only as far as
// rows are asked for: a reader that stops early never decodes the later
// row groups.
type parquetRecords struct {
	path   string
	f      *os.File
	groups []parquet.RowGroup // row groups not yet started
	cols   []string
	index  []int          // leaf column index of each asked column
	cursor []columnCursor // one per asked column, over the current row group
	left   int64          // rows left in the current row group
	vals   []parquet.Value
	row    int
	e      error
}

// columnCursor reads one column chunk's values a page at a time.
type columnCursor struct {
	pages parquet.Pages
	page  parquet.Page
	vr    parquet.ValueReader
	buf   []parquet.Value
	at, n int
}

// parquetBatch is how many values of a column are decoded at a time.
const parquetBatch = 4096

func openParquet(path string, cols []string) (*parquetRecords, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &InputError{File: path, Err: err}
	}
	pf, err := openParquetFile(f, info.Size())
	if err != nil {
		f.Close()
		return nil, &InputError{File: path, Err: fmt.Errorf("not a readable Parquet file: %w", err)}
	}
	index := make([]int, len(cols))
	for i, c := range cols {
		leaf, ok := pf.Schema().Lookup(c)
		if !ok {
			f.Close()
			return nil, &InputError{File: path, Column: c, Err: fmt.Errorf("%w of that name (expected %v)", errNoColumn, cols)}
		}
		if leaf.MaxRepetitionLevel > 0 {
			f.Close()
			return nil, &InputError{File: path, Column: c, Err: errors.New("a repeated column (expected one value per row)")}
		}
		index[i] = leaf.ColumnIndex
	}
	p := &parquetRecords{path: path, f: f, groups: pf.RowGroups(), cols: cols, index: index,
		cursor: make([]columnCursor, len(cols)), vals: make([]parquet.Value, len(cols))}
	for i := range p.cursor {
		p.cursor[i].buf = make([]parquet.Value, parquetBatch)
	}
	return p, nil
}

func (p *parquetRecords) next() bool {
	if p.e != nil {
		return false
	}
	for p.left == 0 {
		if !p.startGroup() {
			return false
		}
	}
	p.row++
	for i := range p.cursor {
		v, err := p.cursor[i].next()
		if err != nil {
			if err == io.EOF {
				err = fmt.Errorf("column %q ends before the row group's %d rows", p.cols[i], p.row)
			}
			p.e = &InputError{File: p.path, Row: p.row, Err: err}
			return false
		}
		p.vals[i] = v
	}
	p.left--
	return true
}

// startGroup opens the asked columns of the next row group; false at the
// end of the file.
func (p *parquetRecords) startGroup() bool {
	p.closeCursors()
	if len(p.groups) == 0 {
		return false
	}
	rg := p.groups[0]
	p.groups = p.groups[1:]
	chunks := rg.ColumnChunks()
	for i, c := range p.index {
		if c >= len(chunks) {
			p.e = &InputError{File: p.path, Column: p.cols[i], Err: errors.New("column chunk missing from a row group")}
			return false
		}
		p.cursor[i].pages = chunks[c].Pages()
	}
	p.left = rg.NumRows()
	return true
}

// closeCursors releases the current row group's page readers.
func (p *parquetRecords) closeCursors() {
	for i := range p.cursor {
		p.cursor[i].close()
	}
}

// next returns the column's next value, reading pages as needed; io.EOF
// when the chunk has no more. A panic of the decoder on a corrupt page is
// returned as an error.
func (c *columnCursor) next() (v parquet.Value, err error) {
	defer recoverCorrupt(&err)
	for c.at >= c.n {
		if c.vr != nil {
			n, err := c.vr.ReadValues(c.buf)
			c.at, c.n = 0, n
			if n > 0 {
				break
			}
			if err != nil && err != io.EOF {
				return parquet.Value{}, err
			}
			parquet.Release(c.page)
			c.page, c.vr = nil, nil
		}
		page, err := c.pages.ReadPage()
		if err != nil {
			return parquet.Value{}, err
		}
		c.page, c.vr = page, page.Values()
	}
	v = c.buf[c.at]
	c.at++
	return v, nil
}

// close releases the cursor's page and page reader.
func (c *columnCursor) close() {
	if c.page != nil {
		parquet.Release(c.page)
	}
	if c.pages != nil {
		c.pages.Close()
	}
	*c = columnCursor{buf: c.buf}
}

// openParquetFile opens a Parquet file for reading its columns: without its
// page index and bloom filters, which column scans do not use (parquet-go
// panics on some corrupt page indexes), and with any panic of the decoder
// on a corrupt file returned as an error.
func openParquetFile(r io.ReaderAt, size int64) (pf *parquet.File, err error) {
	if err := checkFooterLength(r, size); err != nil {
		return nil, err
	}
	defer recoverCorrupt(&err)
	return parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
}

// checkFooterLength refuses a file whose footer (the metadata before the
// last 8 bytes: its 4-byte length and "PAR1") claims more bytes than the
// file holds after its 4-byte header: parquet-go allocates the claimed
// length, up to 4 GiB, before reading it. Files too short to have a footer
// are left to parquet-go's own errors.
func checkFooterLength(r io.ReaderAt, size int64) error {
	const magic, tail = 4, 8 // "PAR1" at the start; footer length + "PAR1" at the end
	if size < magic+tail {
		return nil
	}
	var b [tail]byte
	if _, err := r.ReadAt(b[:], size-tail); err != nil {
		return err
	}
	if n := int64(binary.LittleEndian.Uint32(b[:4])); n > size-magic-tail {
		return fmt.Errorf("corrupt Parquet footer: %d bytes of metadata claimed in a file of %d bytes", n, size)
	}
	return nil
}

// recoverCorrupt turns a panic of parquet-go, which does not check every
// length and offset a corrupt file holds, into *err.
func recoverCorrupt(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("corrupt Parquet data (%v)", p)
	}
}

func (p *parquetRecords) err() error { return p.e }

func (p *parquetRecords) close() error {
	p.closeCursors()
	return p.f.Close()
}
func (p *parquetRecords) fieldError(i int, err error) error {
	return &InputError{File: p.path, Row: p.row, Column: p.cols[i], Err: err}
}

func (p *parquetRecords) fail(i int, format string, args ...any) error {
	return p.fieldError(i, fmt.Errorf(format, args...))
}

func (p *parquetRecords) str(i int) string {
	v := p.vals[i]
	if v.Kind() == parquet.ByteArray || v.Kind() == parquet.FixedLenByteArray {
		return string(v.ByteArray())
	}
	return v.String()
}

func (p *parquetRecords) integer(i int) (int64, error) {
	v := p.vals[i]
	switch {
	case v.IsNull():
		return 0, p.fail(i, "null (expected an integer)")
	case v.Kind() == parquet.Int32:
		return int64(v.Int32()), nil
	case v.Kind() == parquet.Int64:
		return v.Int64(), nil
	}
	return 0, p.fail(i, "%s value (expected an integer)", v.Kind())
}

func (p *parquetRecords) float(i int) (float64, error) {
	v := p.vals[i]
	switch {
	case v.IsNull():
		return 0, p.fail(i, "null (expected a number)")
	case v.Kind() == parquet.Double || v.Kind() == parquet.Float:
		f := v.Double()
		if v.Kind() == parquet.Float {
			f = float64(v.Float())
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, p.fail(i, "%g is not a finite number", f)
		}
		return f, nil
	case v.Kind() == parquet.Int32:
		return float64(v.Int32()), nil
	case v.Kind() == parquet.Int64:
		return float64(v.Int64()), nil
	}
	return 0, p.fail(i, "%s value (expected a number)", v.Kind())
}

// date reads a DATE (INT32 days since 1970-01-01) or a YYYY-MM-DD string.
func (p *parquetRecords) date(i int) (time.Time, error) {
	v := p.vals[i]
	switch {
	case v.IsNull():
		return time.Time{}, p.fail(i, "null (expected a date)")
	case v.Kind() == parquet.Int32:
		return time.Unix(int64(v.Int32())*86400, 0).UTC(), nil
	case v.Kind() == parquet.ByteArray:
		s := string(v.ByteArray())
		t, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return time.Time{}, p.fail(i, "%q is not a date YYYY-MM-DD", s)
		}
		return t, nil
	}
	return time.Time{}, p.fail(i, "%s value (expected a DATE)", v.Kind())
}
