package scenario

import (
	"fmt"
	"slices"
)

// Required column names, in the order WriteCSV writes them (SPEC §3.1).
const (
	ColID   = "id"   // patch name
	ColPop  = "pop"  // population at start
	ColLat  = "lat"  // latitude, degrees
	ColLon  = "lon"  // longitude, degrees
	ColMCV1 = "mcv1" // routine first-dose coverage, fraction
)

// requiredColumns lists the required columns in canonical order.
var requiredColumns = [...]string{ColID, ColPop, ColLat, ColLon, ColMCV1}

// isRequired reports whether name is one of the five required columns.
func isRequired(name string) bool {
	return slices.Contains(requiredColumns[:], name)
}

// Table is a scenario: one row per patch. Row order defines the patch index
// 0…N−1 everywhere (states, matrices, trackers, outputs).
//
// The five columns are plain slices of equal length that callers may read and
// modify; after modifying them, call [Table.Validate]. Extra columns (any
// column of a loaded file other than the five) are kept as raw text and are
// reached through [Table.Extra], [Table.ExtraNames] and [Table.SetExtra].
type Table struct {
	ID   []string  // patch name; colon-separated hierarchy allowed ("ng:kano:dala")
	Pop  []int64   // population at start
	Lat  []float64 // latitude, degrees
	Lon  []float64 // longitude, degrees
	MCV1 []float64 // routine first-dose coverage, fraction 0–1

	extraNames []string            // extra column names in file order
	extra      map[string][]string // extra column raw text by name
}

// Len returns the number of patches (rows).
func (t *Table) Len() int { return len(t.ID) }

// Index returns the row of the patch with the given id and whether it exists
// (the reference's find_row_number). Ids are unique in a valid table; in an
// invalid one the first match is returned. The search is linear in Len.
func (t *Table) Index(id string) (int, bool) {
	i := slices.Index(t.ID, id)
	return i, i >= 0
}

// TotalPop returns the sum of the pop column.
func (t *Table) TotalPop() int64 {
	var s int64
	for _, p := range t.Pop {
		s += p
	}
	return s
}

// Clone returns a deep copy of t, extra columns included. Clone of nil is nil.
func (t *Table) Clone() *Table {
	if t == nil {
		return nil
	}
	c := &Table{
		ID:         slices.Clone(t.ID),
		Pop:        slices.Clone(t.Pop),
		Lat:        slices.Clone(t.Lat),
		Lon:        slices.Clone(t.Lon),
		MCV1:       slices.Clone(t.MCV1),
		extraNames: slices.Clone(t.extraNames),
	}
	if t.extra != nil {
		c.extra = make(map[string][]string, len(t.extra))
		for name, col := range t.extra {
			c.extra[name] = slices.Clone(col)
		}
	}
	return c
}

// Extra returns a copy of the raw text of the extra column name, one value per
// row, and whether the column exists. The five required columns are not extra
// columns.
func (t *Table) Extra(name string) ([]string, bool) {
	col, ok := t.extra[name]
	if !ok {
		return nil, false
	}
	return slices.Clone(col), true
}

// ExtraNames returns the names of the extra columns in their original order
// (file order for a loaded table, then the order of [Table.SetExtra] calls).
func (t *Table) ExtraNames() []string {
	return slices.Clone(t.extraNames)
}

// SetExtra adds the extra column name with a copy of values, or replaces it
// (keeping its position) if it exists. values must have one entry per row;
// name must be non-empty and not one of the five required columns. On error
// the table is unchanged.
func (t *Table) SetExtra(name string, values []string) error {
	switch {
	case name == "":
		return fmt.Errorf("scenario: extra column name is empty")
	case isRequired(name):
		return fmt.Errorf("scenario: %q is a required column, not an extra column", name)
	case len(values) != t.Len():
		return fmt.Errorf("scenario: extra column %q has %d values, the table has %d rows", name, len(values), t.Len())
	}
	if t.extra == nil {
		t.extra = make(map[string][]string)
	}
	if _, ok := t.extra[name]; !ok {
		t.extraNames = append(t.extraNames, name)
	}
	t.extra[name] = slices.Clone(values)
	return nil
}

// FromColumns builds a table from copies of the given columns and validates it
// ([Table.Validate]). Columns of different lengths are an error.
func FromColumns(id []string, pop []int64, lat, lon, mcv1 []float64) (*Table, error) {
	return validated(&Table{
		ID:   slices.Clone(id),
		Pop:  slices.Clone(pop),
		Lat:  slices.Clone(lat),
		Lon:  slices.Clone(lon),
		MCV1: slices.Clone(mcv1),
	})
}
