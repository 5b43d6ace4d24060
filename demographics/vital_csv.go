package demographics

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/csvin"
)

// vitalCSV is a small CSV table of the ABM's demographic inputs (pyramid,
// mortality, fertility): the named columns of every data row, read with the
// bounds of [csvin].
type vitalCSV struct {
	file     string         // the name errors give ("" for a reader)
	sentinel error          // the table kind's sentinel
	cols     map[string]int // column → field index
	rows     [][]string     // data rows; blank lines skipped
}

// readVitalCSV reads r (header first; names trimmed, case-sensitive) and
// requires the columns want; other columns are ignored. A file with no data
// row, a missing column or a row with too few fields is an error wrapping
// sentinel.
func readVitalCSV(r io.Reader, file string, sentinel error, want []string) (*vitalCSV, error) {
	t := &vitalCSV{file: file, sentinel: sentinel, cols: map[string]int{}}
	cr := csvin.NewReader(r)
	header, err := cr.Header()
	if err == io.EOF {
		return nil, t.errorf(0, "", "the file is empty, expected a header with the columns %s", strings.Join(want, ","))
	}
	if err != nil {
		return nil, t.wrap(err)
	}
	for i, h := range header {
		if _, dup := t.cols[h]; !dup {
			t.cols[h] = i
		}
	}
	for _, w := range want {
		if _, ok := t.cols[w]; !ok {
			return nil, t.errorf(0, "", "missing column %q (the header is %q; expected the columns %s)",
				w, strings.Join(header, ","), strings.Join(want, ","))
		}
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, t.wrap(err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		if len(rec) < len(header) {
			return nil, t.errorf(len(t.rows)+1, "", "%d fields, the header has %d", len(rec), len(header))
		}
		t.rows = append(t.rows, append([]string(nil), rec...))
	}
	if len(t.rows) == 0 {
		return nil, t.errorf(0, "", "no data rows")
	}
	return t, nil
}

// readVital reads a vital CSV of one kind (its sentinel and required
// columns) and converts its rows with conv.
func readVital[T any](r io.Reader, file string, sentinel error, want []string, conv func(*vitalCSV) (T, error)) (T, error) {
	t, err := readVitalCSV(r, file, sentinel, want)
	if err != nil {
		var zero T
		return zero, err
	}
	return conv(t)
}

// loadVital opens path and reads it with readVital; errors name the file.
func loadVital[T any](path string, sentinel error, want []string, conv func(*vitalCSV) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return readVital(f, path, sentinel, want, conv)
}

// number returns the finite number in column col of data row i (0-based).
func (t *vitalCSV) number(i int, col string) (float64, error) {
	text := strings.TrimSpace(t.rows[i][t.cols[col]])
	v, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, t.errorf(i+1, col, "%q is not a number", text)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, t.errorf(i+1, col, "%q is not finite, expected a finite number", text)
	}
	return v, nil
}

// errorf returns an error wrapping the table's sentinel: "<file>: row R,
// column "c": <message>" (row 0: no row; col "": no column).
func (t *vitalCSV) errorf(row int, col, format string, args ...any) error {
	return vitalError(t.file, row, col, t.sentinel, fmt.Sprintf(format, args...))
}

// wrap names the file in a read error and adds the sentinel.
func (t *vitalCSV) wrap(err error) error {
	return vitalError(t.file, 0, "", t.sentinel, err.Error())
}

// vitalError formats "<file>: row R, column "c": <sentinel>: <msg>" with the
// empty parts left out, wrapping sentinel.
func vitalError(file string, row int, col string, sentinel error, msg string) error {
	where := []string{"demographics"}
	if file != "" {
		where[0] = file
	}
	switch {
	case row > 0 && col != "":
		where = append(where, fmt.Sprintf("row %d, column %q", row, col))
	case row > 0:
		where = append(where, fmt.Sprintf("row %d", row))
	case col != "":
		where = append(where, fmt.Sprintf("column %q", col))
	}
	where = append(where, sentinel.Error())
	return messageError{strings.Join(where, ": ") + ": " + msg, sentinel}
}
