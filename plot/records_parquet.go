package plot

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/rubeola/rubeola/internal/parquetin"
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
	index  []int              // leaf column index of each asked column
	cursor []parquetin.Cursor // one per asked column, over the current row group
	left   int64              // rows left in the current row group
	vals   []parquet.Value
	row    int
	e      error
}

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
	pf, err := parquetin.Open(f, info.Size())
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
		cursor: make([]parquetin.Cursor, len(cols)), vals: make([]parquet.Value, len(cols))}
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
		v, err := p.cursor[i].Next()
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
		p.cursor[i].Start(chunks[c])
	}
	p.left = rg.NumRows()
	return true
}

// closeCursors releases the current row group's page readers.
func (p *parquetRecords) closeCursors() {
	for i := range p.cursor {
		p.cursor[i].Close()
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

func (p *parquetRecords) bytes(i int) []byte {
	v := p.vals[i]
	if v.Kind() == parquet.ByteArray || v.Kind() == parquet.FixedLenByteArray {
		return v.ByteArray()
	}
	return []byte(v.String())
}

func (p *parquetRecords) rowNum() int { return p.row }

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
