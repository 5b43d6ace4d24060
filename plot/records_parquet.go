package plot

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/parquet-go/parquet-go"
)

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
			return nil, &InputError{File: path, Column: c, Err: fmt.Errorf("no such column (expected %v)", cols)}
		}
		index[i] = leaf.ColumnIndex
	}
	return &parquetRecords{path: path, f: f, next_: pf.RowGroups(), cols: cols, index: index,
		buf: make([]parquet.Row, 0, parquetBatch), vals: make([]parquet.Value, len(cols))}, nil
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

// batchSize is how many rows are read at a time from a row group of rows
// rows: at most limit (parquetBatch), at least 1. parquet-go's ReadRows
// prepares values for every row of the batch it is given, so a full batch
// for a small table cost 14 MB and 24 ms for 12 rows.
func batchSize(rows int64, limit int) int {
	return int(max(1, min(rows, int64(limit))))
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
			p.buf = p.buf[:batchSize(p.next_[0].NumRows(), cap(p.buf))]
			p.next_ = p.next_[1:]
		}
		n, err := readRows(p.rows, p.buf)
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

// openParquetFile opens a Parquet file for reading its rows: without its
// page index and bloom filters, which row scans do not use (parquet-go
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

// readRows is rows.ReadRows with a panic of the decoder on a corrupt page
// returned as an error.
func readRows(rows parquet.Rows, buf []parquet.Row) (n int, err error) {
	defer recoverCorrupt(&err)
	return rows.ReadRows(buf)
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
