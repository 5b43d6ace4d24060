package scenario

// Table is a scenario: one row per patch. Row order defines the patch index
// 0…N−1 everywhere (states, matrices, trackers, outputs).
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
