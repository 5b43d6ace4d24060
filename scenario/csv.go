package scenario

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/internal/csvin"
)

// ReadCSV reads a scenario from CSV text (RFC 4180, comma-separated, first
// record the header) and validates it (SPEC §3.2).
//
// Columns are found by header name, in any order: id, pop, lat, lon and mcv1
// are required (exact, case-sensitive names); a leading UTF-8 BOM is dropped;
// header names and cells are trimmed of surrounding white space, ids
// included (SPEC §12 AT-2 reads " onitsha " as "onitsha"), so " a" and "a"
// are the same id: a second one is a duplicate, and the message says the
// ids were trimmed (`" a" duplicates row 1 once trimmed of surrounding
// spaces`). Any other
// column is an extra column, kept with its name, position and raw (untrimmed)
// text ([Table.Extra]). Blank lines are skipped; rows are numbered from 1, the
// first data record.
//
// Cells: pop is a decimal integer, or a float literal with an exact integer
// value up to 2^53 ("1000.0", "1e5"); lat, lon and mcv1 are decimal numbers
// (integer text such as "40" is fine). An empty cell, NA, NaN and null (any
// case) are missing values, which are errors ("missing value"; for NaN
// "\"NaN\": not a number (NaN is a missing value)").
//
// The input is read with the bounds of [csvin]: at most 1024 columns and
// 1 MiB per row (docs/limits.md); a file passing them is refused at the
// offending line without reading the rest.
//
// Every problem of the header is reported; if the header is sound, every
// problem of every row and column is reported. The result is a [Problems]
// listing them in row order, with messages such as
//
//	row 17, column "pop": "12a" is not an integer
//	scenario: missing required column "pop" (found "population": did you mean "pop"?)
func ReadCSV(r io.Reader) (*Table, error) {
	return readCSV(r, "", 0)
}

// LoadCSV reads the scenario CSV file at path, as [ReadCSV] does. Every
// message names the file:
//
//	scenario.csv: row 17, column "pop": "12a" is not an integer
//	scenario.csv: missing required column "pop"
//	open scenario.csv: no such file or directory
//
// (the last is the [*os.PathError] itself, so a caller naming its own
// context, "scenario: …" in a run file, does not repeat a prefix).
func LoadCSV(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return readCSV(f, path, size)
}

// Pre-sizing of a loaded table (readCSV): after sizeSampleRows rows, the
// columns and the id map are grown to the number of rows the input's size
// predicts at the sample's bytes per row, at most maxSizeHint rows (about
// 200 MB), so a million-row file is not copied and rehashed twenty times on
// the way; a file whose first rows are short and the rest long wastes at most
// that.
const (
	sizeSampleRows = 256
	maxSizeHint    = 1 << 21
)

// readCSV implements ReadCSV and LoadCSV; file prefixes the messages and
// size, if > 0, is the input's size in bytes (a hint).
func readCSV(r io.Reader, file string, size int64) (*Table, error) {
	p := &problems{file: file}
	cr := csvin.NewReader(r)

	header, err := cr.Read()
	if err != nil {
		if err == io.EOF {
			p.table(ErrMissingColumn, "empty input: expected a header with columns %s", strings.Join(requiredColumns[:], ","))
		} else {
			p.readError(err)
		}
		return nil, p.err()
	}
	names, pos := p.checkHeader(header)
	if len(p.list) > 0 {
		return nil, p.err()
	}

	t, extraIdx := newLoadedTable(names)
	iID, iPop, iLat, iLon, iMCV1 := pos[ColID], pos[ColPop], pos[ColLat], pos[ColLon], pos[ColMCV1]

	seen := make(map[string]int)
	row := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			p.readError(err)
			break
		}
		row++
		if row == sizeSampleRows && size > 0 {
			n := predictRows(size, row, cr.InputOffset())
			t.reserve(n, extraIdx)
			grown := make(map[string]int, n)
			maps.Copy(grown, seen)
			seen = grown
		}
		if len(rec) != len(names) {
			p.cell(row, "", "", fmt.Sprintf("has %d fields, the header has %d", len(rec), len(names)))
			continue
		}

		id := strings.TrimSpace(rec[iID])
		p.checkID(row, id, rec[iID], seen)
		t.ID = append(t.ID, id)
		t.Pop = append(t.Pop, p.popCell(row, rec[iPop]))
		t.Lat = append(t.Lat, p.floatCell(row, ColLat, rec[iLat]))
		t.Lon = append(t.Lon, p.floatCell(row, ColLon, rec[iLon]))
		t.MCV1 = append(t.MCV1, p.floatCell(row, ColMCV1, rec[iMCV1]))
		for k, i := range extraIdx {
			name := t.extraNames[k]
			t.extra[name] = append(t.extra[name], rec[i])
		}
	}
	return p.finish(t, row)
}

// newLoadedTable returns an empty table for a file whose columns are
// names, with the extra columns (all but the required ones) in their
// order, and their positions in names.
func newLoadedTable(names []string) (*Table, []int) {
	var extraIdx []int
	t := &Table{}
	for i, name := range names {
		if !isRequired(name) {
			extraIdx = append(extraIdx, i)
			t.extraNames = append(t.extraNames, name)
		}
	}
	if len(extraIdx) > 0 {
		t.extra = make(map[string][]string, len(extraIdx))
	}
	return t, extraIdx
}

// finish ends a load of rows rows into t: a file without rows (and no
// other problem) has no patches, the total population is checked, and the
// problems found are the error.
func (p *problems) finish(t *Table, rows int) (*Table, error) {
	if rows == 0 && len(p.list) == 0 {
		p.table(ErrNoPatches, "no patches")
	}
	p.checkTotal(t.Pop)
	if err := p.err(); err != nil {
		return nil, err
	}
	return t, nil
}

// predictRows is the number of rows an input of size bytes holds if the rest
// has the bytes per row of the first rows, read in offset bytes; at most
// maxSizeHint.
func predictRows(size int64, rows int, offset int64) int {
	if offset <= 0 {
		return 0
	}
	return int(min(size/max(offset/int64(rows), 1)+1, maxSizeHint))
}

// reserve grows the columns (extra columns too) to capacity n.
func (t *Table) reserve(n int, extraIdx []int) {
	if n <= len(t.ID) {
		return
	}
	t.ID = slices.Grow(t.ID, n-len(t.ID))
	t.Pop = slices.Grow(t.Pop, n-len(t.Pop))
	t.Lat = slices.Grow(t.Lat, n-len(t.Lat))
	t.Lon = slices.Grow(t.Lon, n-len(t.Lon))
	t.MCV1 = slices.Grow(t.MCV1, n-len(t.MCV1))
	for k := range extraIdx {
		name := t.extraNames[k]
		t.extra[name] = slices.Grow(t.extra[name], n-len(t.extra[name]))
	}
}

// checkHeader trims the header names and records empty and duplicate names and
// missing required columns. It returns the names and the position of each.
func (p *problems) checkHeader(header []string) ([]string, map[string]int) {
	names := make([]string, len(header))
	pos := make(map[string]int, len(header))
	for i, h := range header {
		name := strings.TrimSpace(h)
		names[i] = name
		if name == "" {
			p.table(nil, "header column %d has no name", i+1)
			continue
		}
		if j, dup := pos[name]; dup {
			p.table(ErrDuplicateColumn, "duplicate column %q (columns %d and %d)", name, j+1, i+1)
			continue
		}
		pos[name] = i
	}
	for _, want := range requiredColumns {
		if _, ok := pos[want]; ok {
			continue
		}
		if hint := suggestColumn(want, names); hint != "" {
			p.table(ErrMissingColumn, "missing required column %q (found %q: did you mean %q?)", want, hint, want)
		} else {
			p.table(ErrMissingColumn, "missing required column %q", want)
		}
	}
	return names, pos
}

// readError records a CSV syntax, size or I/O error.
func (p *problems) readError(err error) {
	var perr *csv.ParseError
	var lerr *csvin.LimitError
	if errors.As(err, &lerr) {
		p.table(err, "%v", err)
		return
	}
	if errors.As(err, &perr) {
		p.table(err, "CSV syntax error on line %d, column %d: %v", perr.Line, perr.Column, perr.Err)
		return
	}
	p.table(err, "reading CSV: %v", err)
}

// popCell parses and checks one pop cell, recording its problems.
func (p *problems) popCell(row int, cell string) int64 {
	s := strings.TrimSpace(cell)
	if isMissing(s) {
		p.cell(row, ColPop, s, missingReason(s))
		return 0
	}
	v, reason := parsePop(s)
	if reason != "" {
		p.cell(row, ColPop, s, reason)
		return 0
	}
	p.checkPop(row, s, v)
	return v
}

// floatCell parses and checks one cell of the float column col, recording its
// problems.
func (p *problems) floatCell(row int, col, cell string) float64 {
	s := strings.TrimSpace(cell)
	if isMissing(s) {
		p.cell(row, col, s, missingReason(s))
		return 0
	}
	v, reason := parseFloat(s)
	if reason != "" {
		p.cell(row, col, s, reason)
		return 0
	}
	p.checkFloat(row, col, s, v)
	return v
}

// WriteCSV writes the table as CSV: the header id,pop,lat,lon,mcv1 followed by
// the extra columns in their original order, then one record per row. pop is
// written as a decimal integer, floats in the shortest form that round-trips
// (strconv 'g', −1), extra cells as their raw text; fields are quoted only
// where CSV needs it. [ReadCSV] reads the output back to an equal table.
//
// The table is not validated (an invalid table is written as it is), but
// columns of different lengths are an error, reported before anything is
// written.
func (t *Table) WriteCSV(w io.Writer) error {
	if err := t.checkShape(); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	header := append(requiredColumns[:len(requiredColumns):len(requiredColumns)], t.extraNames...)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("scenario: writing CSV: %w", err)
	}
	rec := make([]string, len(header))
	for i := range t.Len() {
		rec[0] = t.ID[i]
		rec[1] = strconv.FormatInt(t.Pop[i], 10)
		rec[2] = formatFloat(t.Lat[i])
		rec[3] = formatFloat(t.Lon[i])
		rec[4] = formatFloat(t.MCV1[i])
		for k, name := range t.extraNames {
			rec[len(requiredColumns)+k] = t.extra[name][i]
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("scenario: writing CSV: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("scenario: writing CSV: %w", err)
	}
	return nil
}

// SaveCSV writes the table to the file at path as [Table.WriteCSV] does. The
// file is written under a temporary name in the same directory and renamed
// into place, so path is either left untouched or holds the complete table.
func (t *Table) SaveCSV(path string) error { return t.saveWith(path, t.WriteCSV) }

// saveWith writes the table to path atomically with write (WriteCSV or
// WriteParquet, whose own errors are already prefixed "scenario: ").
func (t *Table) saveWith(path string, write func(io.Writer) error) error {
	if err := t.checkShape(); err != nil {
		return err
	}
	var writeErr error
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		writeErr = write(w)
		return writeErr
	})
	switch {
	case err == nil:
		return nil
	case err == writeErr:
		return err
	default:
		return fmt.Errorf("scenario: %w", err)
	}
}

// checkShape reports a nil table or columns of different lengths.
func (t *Table) checkShape() error {
	p := &problems{}
	if t == nil {
		p.table(ErrNoPatches, "nil table")
		return p.err()
	}
	p.checkLengths(t)
	return p.err()
}
