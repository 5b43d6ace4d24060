package plot

import (
	"errors"
	"fmt"
	"time"
)

// Table is a tidy table read whole (tick, date, patch_id, state and a
// value column, "count" or "value": docs/outputs.md), as a binary's own
// pictures ([RegisterPicture]) and the pictures of user tables read it.
// Its ticks need not be consecutive (a tracker kit's every-k sampling
// records ticks 0, k, 2k, …) but must increase; a group without a row at
// some tick has the value 0 there.
type Table struct {
	// Path is the file read.
	Path string
	// Column is the value column: "count" or "value".
	Column string
	// States and Groups are in first-appearance order.
	States []string
	Groups []string
	// Ticks and Dates are each recorded tick and its date, in order.
	Ticks []int
	Dates []time.Time

	values  map[string][][]float64 // [state][group][tick index]
	stateAt map[string]int
	groupAt map[string]int
	rows    tickRows
}

// valueColumns are the value columns a tidy table may have, tried in
// order.
var valueColumns = []string{"count", "value"}

// ReadTable reads the tidy table at path (.csv or .parquet). Bad input is
// an [*InputError] naming the file, row and column; a last tick with fewer
// rows than the first (a file cut while it was written) is one too.
func ReadTable(path string) (*Table, error) {
	rec, col, err := openTable(path)
	if err != nil {
		return nil, err
	}
	defer rec.close()
	t := &Table{Path: path, Column: col, values: map[string][][]float64{}, stateAt: map[string]int{}, groupAt: map[string]int{}}
	for rec.next() {
		if err := t.add(rec); err != nil {
			return nil, err
		}
	}
	if err := rec.err(); err != nil {
		return nil, err
	}
	if len(t.Ticks) == 0 {
		return nil, &InputError{File: path, Err: errors.New("no rows")}
	}
	last := tidyTable{path: path, rows: t.rows}
	return t, last.checkLast()
}

// openTable opens a tidy table with either value column.
func openTable(path string) (records, string, error) {
	var first error
	for _, col := range valueColumns {
		rec, err := openRecords(path, append(tidyColumns[:4:4], col))
		if err == nil {
			return rec, col, nil
		}
		if !errors.Is(err, errNoColumn) {
			return nil, "", err
		}
		if first == nil {
			first = err
		}
	}
	return nil, "", &InputError{File: path, Err: fmt.Errorf("no value column (expected %q or %q after tick, date, patch_id, state): %w", valueColumns[0], valueColumns[1], errors.Unwrap(first))}
}

// add adds the current row.
func (t *Table) add(rec records) error {
	tick, date, err := tickAndDate(rec)
	if err != nil {
		return err
	}
	i := len(t.Ticks) - 1
	switch {
	case i < 0 || tick > t.Ticks[i]:
		t.Ticks, t.Dates = append(t.Ticks, tick), append(t.Dates, date)
		i++
	case tick < t.Ticks[i]:
		return rec.fieldError(0, fmt.Errorf("tick %d after tick %d (ticks must increase)", tick, t.Ticks[i]))
	case !date.Equal(t.Dates[i]):
		return rec.fieldError(1, fmt.Errorf("date %s differs from %s in an earlier row of tick %d", date.Format(time.DateOnly), t.Dates[i].Format(time.DateOnly), tick))
	}
	id, state := rec.str(2), rec.str(3)
	if state == "" {
		return rec.fieldError(3, errors.New("empty state"))
	}
	v, err := rec.float(4)
	if err != nil {
		return err
	}
	if _, ok := t.stateAt[state]; !ok {
		t.stateAt[state] = len(t.States)
		t.States = append(t.States, state)
	}
	g, ok := t.groupAt[id]
	if !ok {
		g = len(t.Groups)
		t.groupAt[id] = g
		t.Groups = append(t.Groups, id)
	}
	if len(t.States)*len(t.Groups)*len(t.Ticks) > maxCells {
		return rec.fieldError(2, fmt.Errorf("%d states × %d groups × %d ticks: more than %d values to hold", len(t.States), len(t.Groups), len(t.Ticks), maxCells))
	}
	cells := t.values[state]
	for len(cells) <= g {
		cells = append(cells, nil)
	}
	cells[g] = addAt(cells[g], i, v)
	t.values[state] = cells
	t.rows.add(i, tick, state)
	return nil
}

// Series returns the values of state for group at every tick of the table
// (0 where the group has no row), or nil when the table has no such state
// or group.
func (t *Table) Series(state, group string) []float64 {
	g, ok := t.groupAt[group]
	if _, known := t.stateAt[state]; !ok || !known {
		return nil
	}
	out := make([]float64, len(t.Ticks))
	if cells := t.values[state]; g < len(cells) {
		copy(out, cells[g])
	}
	return out
}
