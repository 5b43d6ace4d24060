package scenario

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Accepted ranges of the float columns (SPEC §3.2), closed intervals; the
// optional extra column mcv2 is checked by [Table.MCV2].
var floatRanges = map[string][2]float64{
	ColLat:  {-90, 90},
	ColLon:  {-180, 180},
	ColMCV1: {0, 1},
	ColMCV2: {0, 1},
}

// Validate checks the table against the rules of SPEC §3.2 and reports every
// problem at once as a [Problems] (nil if the table is valid):
//
//   - all columns (extra columns included) have the same length
//     ([ErrColumnLength]), and there is at least one row ([ErrNoPatches]);
//   - id is not missing, has no surrounding spaces, is valid UTF-8 and is
//     unique ("row 4, column "id": "lagos" duplicates row 2");
//   - pop in [0, MaxPop] (zero-population patches are valid), and the total
//     over patches ≤ MaxPop;
//   - lat finite in [−90, 90], lon finite in [−180, 180], mcv1 finite in [0, 1].
//
// An id that would read back from CSV as a missing value (empty after
// trimming, NA, NaN, null) is reported as "missing value"; a NaN float as
// `"NaN": not a number (NaN is a missing value)`.
// Rows are numbered from 1.
func (t *Table) Validate() error {
	p := &problems{}
	if t == nil {
		p.table(ErrNoPatches, "no patches")
		return p.err()
	}
	p.checkLengths(t)
	if len(p.list) > 0 {
		return p.err()
	}
	n := t.Len()
	if n == 0 {
		p.table(ErrNoPatches, "no patches")
		return p.err()
	}
	seen := make(map[string]int, n)
	for i := range n {
		row := i + 1
		p.checkID(row, t.ID[i], t.ID[i], seen)
		if v := t.Pop[i]; v < 0 || v > MaxPop { // the text only for a message
			p.checkPop(row, strconv.FormatInt(v, 10), v)
		}
		p.checkFloatValue(row, ColLat, t.Lat[i])
		p.checkFloatValue(row, ColLon, t.Lon[i])
		p.checkFloatValue(row, ColMCV1, t.MCV1[i])
	}
	p.checkTotal(t.Pop)
	return p.err()
}

// checkLengths records columns (extra columns included) whose length differs
// from the id column's.
func (p *problems) checkLengths(t *Table) {
	n := len(t.ID)
	if len(t.Pop) != n || len(t.Lat) != n || len(t.Lon) != n || len(t.MCV1) != n {
		p.table(ErrColumnLength, "column lengths differ: id %d, pop %d, lat %d, lon %d, mcv1 %d",
			n, len(t.Pop), len(t.Lat), len(t.Lon), len(t.MCV1))
	}
	for _, name := range t.extraNames {
		if got := len(t.extra[name]); got != n {
			p.table(ErrColumnLength, "extra column %q has %d values, the table has %d rows", name, got, n)
		}
	}
}

// isMissing reports whether a trimmed cell is a missing value: empty, NA, NaN
// or null, case-insensitively (SPEC §3.2).
func isMissing(s string) bool {
	return s == "" || strings.EqualFold(s, "NA") || strings.EqualFold(s, "NaN") || strings.EqualFold(s, "null")
}

// missingReason is the reason given for the missing value s (trimmed text):
// NaN says so, as a user who wrote or computed NaN looks for that word.
func missingReason(s string) string {
	if strings.EqualFold(s, "NaN") {
		return fmt.Sprintf("%q: not a number (NaN is a missing value)", s)
	}
	return "missing value"
}

// checkID records the problems of one id; typed is the id as the user typed
// it (the CSV cell before trimming; id itself for an in-memory table) and
// seen maps ids to their first row. It reports whether id duplicates an
// earlier row's.
func (p *problems) checkID(row int, id, typed string, seen map[string]int) (dup bool) {
	trimmed := strings.TrimSpace(id)
	switch {
	case isMissing(trimmed):
		p.cell(row, ColID, id, "missing value")
		return false
	case trimmed != id:
		p.cell(row, ColID, id, fmt.Sprintf("%q has leading or trailing spaces", id))
	case !utf8.ValidString(id):
		p.cell(row, ColID, id, fmt.Sprintf("%q is not valid UTF-8", id))
	}
	if first, dup := seen[id]; dup {
		if typed != id {
			p.cell(row, ColID, id, fmt.Sprintf("%q duplicates row %d once trimmed of surrounding spaces", typed, first))
			return true
		}
		p.cell(row, ColID, id, fmt.Sprintf("%q duplicates row %d", id, first))
		return true
	}
	seen[id] = row
	return false
}

// checkPop records a population outside [0, MaxPop]; text is the value as
// shown.
func (p *problems) checkPop(row int, text string, v int64) {
	switch {
	case v < 0:
		p.cell(row, ColPop, text, fmt.Sprintf("%q: must be >= 0", text))
	case v > MaxPop:
		p.cell(row, ColPop, text, fmt.Sprintf("%q: must be <= %d (2^53)", text, int64(MaxPop)))
	}
}

// checkTotal records a total population above MaxPop. Values outside
// [0, MaxPop] are skipped (they are reported by checkPop), so the running
// sum stays below 2^54 and never overflows.
func (p *problems) checkTotal(pop []int64) {
	var sum int64
	for i, v := range pop {
		if v >= 0 && v <= MaxPop {
			sum += v
		}
		if sum > MaxPop {
			p.table(nil, "column %q: total population passes %d (2^53) at row %d; the total over patches must stay <= 2^53 so that every count is exact in float64 and in the samplers",
				ColPop, int64(MaxPop), i+1)
			return
		}
	}
}

// checkFloat records a missing (NaN), infinite or out-of-range value of the
// float column col; text is the value as shown.
func (p *problems) checkFloat(row int, col, text string, v float64) {
	r := floatRanges[col]
	switch {
	case math.IsNaN(v):
		p.cell(row, col, text, missingReason(text))
	case math.IsInf(v, 0):
		p.cell(row, col, text, fmt.Sprintf("%q: must be finite", text))
	case v < r[0] || v > r[1]:
		p.cell(row, col, text, fmt.Sprintf("%q: must be in [%g, %g]", text, r[0], r[1]))
	}
}

// checkFloatValue is checkFloat for an in-memory value, formatted as
// WriteCSV does only when there is a problem to show.
func (p *problems) checkFloatValue(row int, col string, v float64) {
	if r := floatRanges[col]; !(v >= r[0] && v <= r[1]) { // NaN fails too
		p.checkFloat(row, col, formatFloat(v), v)
	}
}

// formatFloat formats v as WriteCSV does: shortest text that round-trips.
func formatFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}
