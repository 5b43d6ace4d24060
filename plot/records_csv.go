package plot

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/internal/csvin"
)

// csvRecords reads a CSV file with a header.
type csvRecords struct {
	path   string
	f      *os.File
	r      *csvin.Reader
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
	r := csvin.NewReader(f) // bounded records (docs/limits.md)
	r.FieldsPerRecord = 0   // every row as wide as the header, as rubeola writes them
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

// errNoColumn is a table without a column asked for (CSV: its header;
// Parquet: its schema).
var errNoColumn = errors.New("no column")

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
			return nil, fmt.Errorf("%w %q (columns: %v, expected %v)", errNoColumn, c, header, cols)
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
