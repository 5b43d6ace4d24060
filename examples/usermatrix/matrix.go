package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/internal/csvin"
)

// readMatrix reads a square mixing matrix with labelled rows and columns
// (header: a corner cell, then destination ids; each row: a source id,
// then one share per destination) and returns it in the order of ids.
// Every id must appear once as a row and once as a column; values must be
// finite numbers ≥ 0. Errors name the file, the row (the header is row 1)
// and the column.
func readMatrix(name string, r io.Reader, ids []string) ([][]float64, error) {
	// A row holds a label and one share per patch: the reader's bounds are
	// set by the scenario's size (256 bytes a cell is ample for a float and
	// any id), not by the defaults.
	rd := csvin.NewReaderLimits(r, csvin.Limits{Fields: len(ids) + 1, RecordBytes: 256 * (len(ids) + 1)})
	rd.FieldsPerRecord = len(ids) + 1
	rows, err := rd.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w (expected %d columns: a label and one per patch)", name, err, len(ids)+1)
	}
	if len(rows) != len(ids)+1 {
		return nil, fmt.Errorf("%s: %d rows of values, expected %d (one per patch)", name, len(rows)-1, len(ids))
	}
	index := func(label, what string, line int) (int, error) {
		k := slices.Index(ids, label)
		if k < 0 {
			return 0, fmt.Errorf("%s: row %d: %s %q is not a patch of the scenario", name, line, what, label)
		}
		return k, nil
	}
	cols := make([]int, len(ids)) // scenario index of each column
	seen := make([]bool, len(ids))
	for c, label := range rows[0][1:] {
		k, err := index(label, "column", 1)
		if err != nil {
			return nil, err
		}
		if seen[k] {
			return nil, fmt.Errorf("%s: row 1: column %q appears twice", name, label)
		}
		cols[c], seen[k] = k, true
	}
	m := make([][]float64, len(ids))
	var errs []error
	for i, row := range rows[1:] {
		line := i + 2
		k, err := index(row[0], "row", line)
		if err != nil {
			return nil, err
		}
		if m[k] != nil {
			return nil, fmt.Errorf("%s: row %d: row %q appears twice", name, line, row[0])
		}
		m[k] = make([]float64, len(ids))
		for c, cell := range row[1:] {
			v, err := strconv.ParseFloat(cell, 64)
			if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				errs = append(errs, fmt.Errorf("%s: row %d, column %q: %q is not a finite number >= 0", name, line, rows[0][c+1], cell))
				continue
			}
			m[k][cols[c]] = v
		}
	}
	return m, errors.Join(errs...)
}
