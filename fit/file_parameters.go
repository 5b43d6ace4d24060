package fit

import (
	"math"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/internal/csvin"
)

// ParameterTable is a fit file's [parameters]: per-place parameter values
// from a CSV table (one row per place), e.g. He et al.'s estimates per
// town.
type ParameterTable struct {
	// File is the table (resolved against the fit file's folder) and
	// IDColumn its column of place ids.
	File, IDColumn string
	// Columns maps a column of the table to the parameter it gives
	// ("R0" → "r0").
	Columns map[string]string
}

// parametersKeys are the keys of [parameters].
var parametersKeys = []string{"columns", "file", "id_column"}

// decodeParameters reads [parameters].
func (f *File) decodeParameters(t tomlTable, baseDir string) {
	t.checkKeys(parametersKeys)
	pt := &ParameterTable{IDColumn: "id", Columns: map[string]string{}}
	if file, ok := t.str("file"); ok {
		pt.File = resolve(baseDir, file)
	} else if !t.has("file") {
		t.errorf("file", "required: the CSV table of per-place values (one row per place)")
	}
	if c, ok := t.str("id_column"); ok {
		pt.IDColumn = c
	}
	if cols, ok := t.table("columns"); ok {
		for _, col := range slices.Sorted(func(yield func(string) bool) {
			for k := range cols.m {
				if !yield(k) {
					return
				}
			}
		}) {
			if name, ok := cols.str(col); ok {
				pt.Columns[col] = name
			}
		}
	}
	if len(pt.Columns) == 0 && !t.has("columns") {
		t.errorf("columns", "required: a table mapping the CSV's columns to parameters, e.g. columns = { R0 = \"r0\", rho = \"rho\" }")
	}
	f.Parameters = pt
}

// placeValues reads the table's values for places (in order): parameter
// name → one value per place.
func (pt *ParameterTable) placeValues(places []string, probs *fileProblems) map[string][]float64 {
	k, err := csvin.LoadKeyed(pt.File, pt.IDColumn)
	if err != nil {
		probs.add("parameters.file", "%v", err)
		return nil
	}
	out := map[string][]float64{}
	for _, col := range slices.Sorted(func(yield func(string) bool) {
		for c := range pt.Columns {
			if !yield(c) {
				return
			}
		}
	}) {
		c, err := k.Column(col)
		if err != nil {
			probs.add("parameters.columns."+col, "%v", err)
			continue
		}
		vals := make([]float64, len(places))
		for p, id := range places {
			row, ok := k.Rows[id]
			if !ok {
				probs.add("parameters.file", "%s has no row for the fitted place %q (column %q)", k.Name, id, pt.IDColumn)
				return nil
			}
			x, err := strconv.ParseFloat(row[c], 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				probs.add("parameters.columns."+col, "%s: row %d (%q), column %q: %q is not a finite number", k.Name, slices.Index(k.IDs, id)+1, id, col, row[c])
				continue
			}
			vals[p] = x
		}
		out[pt.Columns[col]] = vals
	}
	return out
}
