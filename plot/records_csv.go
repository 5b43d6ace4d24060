package plot

import (
	"fmt"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/plot/internal/tidycsv"
)

// csvRecords reads a CSV file with a header through tidycsv: fields are
// byte slices, converted on access; no string is made per row unless str
// is called.
type csvRecords struct {
	path string
	r    *tidycsv.Reader
	cols []string
	e    error
}

func openCSV(path string, cols []string) (*csvRecords, error) {
	r, err := tidycsv.Open(path, cols...)
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	return &csvRecords{path: path, r: r, cols: cols}, nil
}

// errNoColumn is a table without a column asked for (CSV: its header;
// Parquet: its schema).
var errNoColumn = tidycsv.ErrNoColumn

func (c *csvRecords) next() bool {
	if c.r.Next() {
		return true
	}
	if err := c.r.Err(); err != nil {
		c.e = &InputError{File: c.path, Row: c.r.Row(), Err: err}
	}
	return false
}

func (c *csvRecords) err() error   { return c.e }
func (c *csvRecords) close() error { return c.r.Close() }

func (c *csvRecords) str(i int) string   { return string(c.r.Field(i)) }
func (c *csvRecords) bytes(i int) []byte { return c.r.Field(i) }
func (c *csvRecords) rowNum() int        { return c.r.Row() }

func (c *csvRecords) fieldError(i int, err error) error {
	return &InputError{File: c.path, Row: c.r.Row(), Column: c.cols[i], Err: err}
}

func (c *csvRecords) fail(i int, format string, args ...any) error {
	return c.fieldError(i, fmt.Errorf(format, args...))
}

func (c *csvRecords) integer(i int) (int64, error) {
	b := c.r.Field(i)
	if v, ok := tidycsv.ParseInt(b); ok {
		return v, nil
	}
	// 19 digits and more: strconv says whether it fits.
	v, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return 0, c.fail(i, "%q is not an integer", b)
	}
	return v, nil
}

func (c *csvRecords) float(i int) (float64, error) {
	b := c.r.Field(i)
	v, ok := tidycsv.ParseFloat(b)
	if !ok {
		return 0, c.fail(i, "%q is not a finite number", b)
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
