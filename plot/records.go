package plot

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"
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
