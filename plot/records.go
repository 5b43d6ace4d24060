package plot

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"
)

// InputError is a problem with one of the run's files: its path, the data
// row (1-based, counting from the first row after a CSV header; 0 when the
// problem is the file as a whole) and column ("" when none).
type InputError struct {
	File   string
	Row    int
	Column string
	Err    error
}

func (e *InputError) Error() string {
	switch {
	case e.Row > 0 && e.Column != "":
		return fmt.Sprintf("%s: row %d, column %q: %v", e.File, e.Row, e.Column, e.Err)
	case e.Row > 0:
		return fmt.Sprintf("%s: row %d: %v", e.File, e.Row, e.Err)
	case e.Column != "":
		return fmt.Sprintf("%s: column %q: %v", e.File, e.Column, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// records reads a table's rows one at a time, by column name, from a CSV
// file with a header or a Parquet file (chosen by the file's extension).
// Values are converted on access; a failed conversion is an *InputError
// naming the file, row and column.
type records interface {
	// next advances to the next row; false at the end (or on error, see err).
	next() bool
	// err is the error that stopped next, nil at a clean end.
	err() error
	// str, integer, float and date read column i of the current row (i
	// indexes the columns asked for when the reader was opened).
	str(i int) string
	integer(i int) (int64, error)
	float(i int) (float64, error)
	date(i int) (time.Time, error)
	// fieldError is an *InputError for column i of the current row.
	fieldError(i int, err error) error
	close() error
}

// openRecords opens path (.csv or .parquet) for reading the columns named
// cols, all required.
func openRecords(path string, cols []string) (records, error) {
	switch filepath.Ext(path) {
	case ".csv":
		return openCSV(path, cols)
	case ".parquet":
		return openParquet(path, cols)
	}
	return nil, &InputError{File: path, Err: errors.New("not a .csv or .parquet file")}
}

// csvRecords reads a CSV file with a header.
type csvRecords struct {
	path   string
	f      *os.File
	r      *csv.Reader
	cols   []string
	index  []int // field index of each asked column
	fields []string
	row    int
	e      error
}

func openCSV(path string, cols []string) (*csvRecords, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	r := csv.NewReader(f)
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		f.Close()
		if err == io.EOF {
			err = errors.New("empty file (expected a header line)")
		}
		return nil, &InputError{File: path, Err: fmt.Errorf("header: %w", err)}
	}
	index, err := columnIndex(header, cols)
	if err != nil {
		f.Close()
		return nil, &InputError{File: path, Err: err}
	}
	return &csvRecords{path: path, f: f, r: r, cols: cols, index: index}, nil
}

// columnIndex finds each of cols in header.
func columnIndex(header, cols []string) ([]int, error) {
	at := make(map[string]int, len(header))
	for i, h := range header {
		if _, dup := at[h]; !dup {
			at[h] = i
		}
	}
	index := make([]int, len(cols))
	for i, c := range cols {
		j, ok := at[c]
		if !ok {
			return nil, fmt.Errorf("no column %q (columns: %v, expected %v)", c, header, cols)
		}
		index[i] = j
	}
	return index, nil
}

func (c *csvRecords) next() bool {
	rec, err := c.r.Read()
	if err == io.EOF {
		return false
	}
	c.row++
	if err != nil {
		c.e = &InputError{File: c.path, Row: c.row, Err: err}
		return false
	}
	c.fields = rec
	return true
}

func (c *csvRecords) err() error   { return c.e }
func (c *csvRecords) close() error { return c.f.Close() }

func (c *csvRecords) str(i int) string { return c.fields[c.index[i]] }

func (c *csvRecords) fieldError(i int, err error) error {
	return &InputError{File: c.path, Row: c.row, Column: c.cols[i], Err: err}
}

func (c *csvRecords) fail(i int, format string, args ...any) error {
	return c.fieldError(i, fmt.Errorf(format, args...))
}

func (c *csvRecords) integer(i int) (int64, error) {
	s := c.str(i)
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, c.fail(i, "%q is not an integer", s)
	}
	return v, nil
}

func (c *csvRecords) float(i int) (float64, error) {
	s := c.str(i)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, c.fail(i, "%q is not a finite number", s)
	}
	return v, nil
}

func (c *csvRecords) date(i int) (time.Time, error) {
	s := c.str(i)
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, c.fail(i, "%q is not a date YYYY-MM-DD", s)
	}
	return t, nil
}

// parquetRecords reads a Parquet file row by row, whatever the physical
// types of its columns (integers of any width, floats, strings, DATE).
type parquetRecords struct {
	path  string
	f     *os.File
	rows  parquet.Rows
	next_ []parquet.RowGroup
	cols  []string
	index []int // leaf column index of each asked column
	buf   []parquet.Row
	at    int // position in buf
	n     int // rows in buf
	vals  []parquet.Value
	row   int
	e     error
}

// parquetBatch is how many rows are read from a row group at a time.
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
	pf, err := parquet.OpenFile(f, info.Size())
	if err != nil {
		f.Close()
		return nil, &InputError{File: path, Err: fmt.Errorf("not a readable Parquet file: %w", err)}
	}
	index := make([]int, len(cols))
	for i, c := range cols {
		leaf, ok := pf.Schema().Lookup(c)
		if !ok {
			f.Close()
			return nil, &InputError{File: path, Column: c, Err: fmt.Errorf("no such column (expected %v)", cols)}
		}
		index[i] = leaf.ColumnIndex
	}
	return &parquetRecords{path: path, f: f, next_: pf.RowGroups(), cols: cols, index: index,
		buf: make([]parquet.Row, parquetBatch), vals: make([]parquet.Value, len(cols))}, nil
}

func (p *parquetRecords) next() bool {
	for p.at >= p.n {
		if !p.fill() {
			return false
		}
	}
	p.row++
	row := p.buf[p.at]
	p.at++
	for i := range p.vals {
		p.vals[i] = parquet.Value{}
	}
	for _, v := range row {
		for i, c := range p.index {
			if v.Column() == c {
				p.vals[i] = v
			}
		}
	}
	return true
}

// fill reads the next batch of rows, moving to the next row group when the
// current one is done; false at the end of the file or on error.
func (p *parquetRecords) fill() bool {
	for {
		if p.rows == nil {
			if len(p.next_) == 0 {
				return false
			}
			p.rows = p.next_[0].Rows()
			p.next_ = p.next_[1:]
		}
		n, err := p.rows.ReadRows(p.buf)
		if n > 0 {
			p.at, p.n = 0, n
			return true
		}
		if err != nil && err != io.EOF {
			p.e = &InputError{File: p.path, Row: p.row + 1, Err: err}
			return false
		}
		p.rows.Close()
		p.rows = nil
	}
}

func (p *parquetRecords) err() error { return p.e }

func (p *parquetRecords) close() error {
	if p.rows != nil {
		p.rows.Close()
	}
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
