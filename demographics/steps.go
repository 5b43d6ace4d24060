package demographics

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
)

// Step functions over ages and years: edges e_0 < e_1 < … < e_n bound the
// n intervals [e_i, e_{i+1}) of a table (age bands of a pyramid or a
// mortality table, periods of a mortality or fertility table).

// checkEdges requires at least two finite, strictly increasing edges; what
// names them in the error ("age edges (days)", "year edges").
func checkEdges(what string, edges []float64, sentinel error) error {
	if len(edges) < 2 {
		return vitalError("", 0, "", sentinel, fmt.Sprintf("%d %s, expected at least 2", len(edges), what))
	}
	for i, e := range edges {
		switch {
		case math.IsNaN(e) || math.IsInf(e, 0):
			return vitalError("", 0, "", sentinel, fmt.Sprintf("%s[%d] = %g, expected a finite number", what, i, e))
		case i > 0 && !(e > edges[i-1]):
			return vitalError("", 0, "", sentinel, fmt.Sprintf("%s[%d] = %g is not above %s[%d] = %g, expected increasing edges",
				what, i, e, what, i-1, edges[i-1]))
		}
	}
	return nil
}

// stepIndex returns i with edges[i] ≤ x < edges[i+1], clamped to the first
// and last interval (x below e_0 → 0, x ≥ e_n → n−1).
func stepIndex(edges []float64, x float64) int {
	i := sort.SearchFloat64s(edges, x) // first edge ≥ x
	if i < len(edges) && edges[i] == x {
		i++
	}
	return max(0, min(i-1, len(edges)-2))
}

// csvInterval is the interval [lo, hi) of one CSV data row (1-based row).
type csvInterval struct {
	lo, hi float64
	row    int
}

// intervalOf reads the interval in columns loCol and hiCol of data row i
// (0-based), requiring lo < hi.
func (t *vitalCSV) intervalOf(i int, loCol, hiCol string) (csvInterval, error) {
	lo, err := t.number(i, loCol)
	if err != nil {
		return csvInterval{}, err
	}
	hi, err := t.number(i, hiCol)
	if err != nil {
		return csvInterval{}, err
	}
	if !(hi > lo) {
		return csvInterval{}, t.errorf(i+1, hiCol, "%g is not above %s %g, expected %s > %s", hi, loCol, lo, hiCol, loCol)
	}
	return csvInterval{lo: lo, hi: hi, row: i + 1}, nil
}

// tile returns the edges of the distinct intervals ivs, which must tile
// [e_0, e_n) without gap or overlap. With repeats, rows with the same
// interval share it (a mortality table's rows of one age band); without,
// a repeated interval is a duplicate row. Errors name the rows involved.
func (t *vitalCSV) tile(ivs []csvInterval, loCol, hiCol string, repeats bool) ([]float64, error) {
	sorted := slices.Clone(ivs)
	slices.SortStableFunc(sorted, func(a, b csvInterval) int {
		return cmp.Or(cmp.Compare(a.lo, b.lo), cmp.Compare(a.hi, b.hi))
	})
	edges := []float64{sorted[0].lo, sorted[0].hi}
	prev := sorted[0]
	for _, iv := range sorted[1:] {
		switch {
		case iv.lo == prev.lo && iv.hi == prev.hi:
			if !repeats {
				return nil, t.errorf(iv.row, loCol, "%s %g to %s %g duplicates row %d", loCol, iv.lo, hiCol, iv.hi, prev.row)
			}
			continue
		case iv.lo > prev.hi:
			return nil, t.errorf(iv.row, loCol, "gap: %g to %g is covered by no row (row %d ends at %g, the next %s is %g)",
				prev.hi, iv.lo, prev.row, prev.hi, loCol, iv.lo)
		case iv.lo < prev.hi:
			return nil, t.errorf(iv.row, loCol, "%g to %g overlaps row %d (%g to %g)", iv.lo, iv.hi, prev.row, prev.lo, prev.hi)
		}
		edges = append(edges, iv.hi)
		prev = iv
	}
	return edges, nil
}

// bands reads a table of one interval and one value per row (a pyramid's
// ages and counts, a fertility table's periods and birth rates): interval
// reads row i's interval, valCol holds a number ≥ 0 (expected describes it
// in errors). The intervals must tile without gap, overlap or duplicate;
// the result is the edges and the value of each band in order.
func (t *vitalCSV) bands(interval func(i int) (csvInterval, error), loCol, hiCol, valCol, expected string) (edges, values []float64, err error) {
	ivs := make([]csvInterval, len(t.rows))
	byStart := make(map[float64]float64, len(t.rows))
	for i := range t.rows {
		if ivs[i], err = interval(i); err != nil {
			return nil, nil, err
		}
		v, err := t.number(i, valCol)
		if err != nil {
			return nil, nil, err
		}
		if v < 0 {
			return nil, nil, t.errorf(i+1, valCol, "%g is negative, expected %s ≥ 0", v, expected)
		}
		byStart[ivs[i].lo] = v
	}
	if edges, err = t.tile(ivs, loCol, hiCol, false); err != nil {
		return nil, nil, err
	}
	values = make([]float64, len(edges)-1)
	for i := range values {
		values[i] = byStart[edges[i]]
	}
	return edges, values, nil
}

// yearsToDays returns edges in years converted to days ([DaysPerYear]).
func yearsToDays(years []float64) []float64 {
	days := make([]float64, len(years))
	for i, y := range years {
		days[i] = y * DaysPerYear
	}
	return days
}
