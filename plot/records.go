package plot

import (
	"errors"
	"path/filepath"
	"time"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// InputError is a problem with one of the run's files: its path, the data
// row (1-based, counting from the first row after a CSV header; 0 when the
// problem is the file as a whole) and column ("" when none). It is
// [mapdata.InputError], so the map data's errors are InputErrors too.
type InputError = mapdata.InputError

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
	// bytes is column i of the current row as bytes, valid until next
	// (no string made: the per-row reads of large tables use it).
	bytes(i int) []byte
	// rowNum is the current row's number (1 for the first data row).
	rowNum() int
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
