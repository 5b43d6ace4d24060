package plot

import (
	"errors"
	"fmt"
	"time"
)

// maxTicks bounds the tick index a table may hold: tables are indexed by
// tick, so a corrupt tick must not size an array (10⁶ biweekly ticks are
// 38 000 years).
const maxTicks = 1_000_000

// maxCells bounds the groups × ticks values held per kept state (8 bytes
// each: 1 GiB), so a corrupt or enormous table fails with an error
// instead of exhausting memory; 100 000 patches × 1 000 ticks fit.
const maxCells = 1 << 27

// tidyColumns are the columns a tidy table has (docs/outputs.md).
var tidyColumns = []string{"tick", "date", "patch_id", "state", "count"}

// tidyTable is a tidy table (tick, date, patch_id, state, count) read
// once and aggregated: per state the total over groups at each tick, and
// for the states asked for, every group's series.
type tidyTable struct {
	path   string
	dates  []time.Time // date of each tick
	groups []string    // group ids in first-appearance order
	index  map[string]int
	// totals[state][tick] is the sum over groups.
	totals map[string][]float64
	// cells[state][group][tick] for the kept states.
	cells map[string][][]float64
	// atStart[state][group] is the group's count at tick 0.
	atStart map[string][]float64
	// states in first-appearance order.
	states []string
}

// hasState reports whether the table has rows of state.
func (t *tidyTable) hasState(state string) bool {
	_, ok := t.totals[state]
	return ok
}

// ticks is the number of ticks the table covers.
func (t *tidyTable) ticks() int { return len(t.dates) }

// readTidy reads the tidy table at path, keeping every group's series of
// the states in keep (others only as totals).
func readTidy(path string, keep ...string) (*tidyTable, error) {
	rec, err := openRecords(path, tidyColumns)
	if err != nil {
		return nil, err
	}
	defer rec.close()
	t := &tidyTable{path: path, index: map[string]int{}, totals: map[string][]float64{}, cells: map[string][][]float64{}, atStart: map[string][]float64{}}
	for _, s := range keep {
		t.cells[s] = nil
	}
	for rec.next() {
		if err := t.add(rec); err != nil {
			return nil, err
		}
	}
	if err := rec.err(); err != nil {
		return nil, err
	}
	if len(t.dates) == 0 {
		return nil, &InputError{File: path, Err: errors.New("no rows")}
	}
	return t, nil
}

// add adds the current row.
func (t *tidyTable) add(rec records) error {
	tick, date, err := tickAndDate(rec)
	if err != nil {
		return err
	}
	if tick > len(t.dates) {
		return rec.fieldError(0, gapError(tick, len(t.dates)))
	}
	id, state := rec.str(2), rec.str(3)
	if state == "" {
		return rec.fieldError(3, errors.New("empty state"))
	}
	count, err := rec.integer(4)
	if err != nil {
		return err
	}
	if count < 0 {
		return rec.fieldError(4, fmt.Errorf("negative count %d", count))
	}
	for len(t.dates) <= tick {
		t.dates = append(t.dates, time.Time{})
	}
	switch d := t.dates[tick]; {
	case d.IsZero():
		t.dates[tick] = date
	case !d.Equal(date):
		return rec.fieldError(1, fmt.Errorf("date %s differs from %s in an earlier row of tick %d", date.Format(time.DateOnly), d.Format(time.DateOnly), tick))
	}
	g, ok := t.index[id]
	if !ok {
		g = len(t.groups)
		t.index[id] = g
		t.groups = append(t.groups, id)
	}
	tot, ok := t.totals[state]
	if !ok {
		t.states = append(t.states, state)
	}
	t.totals[state] = addAt(tot, tick, float64(count))
	if tick == 0 {
		t.atStart[state] = addAt(t.atStart[state], g, float64(count))
	}
	if cells, kept := t.cells[state]; kept {
		if len(cells) <= g && len(t.groups)*len(t.dates) > maxCells {
			return rec.fieldError(2, fmt.Errorf("%d groups × %d ticks: more than %d values to hold for the per-group pictures", len(t.groups), len(t.dates), maxCells))
		}
		for len(cells) <= g {
			cells = append(cells, nil)
		}
		cells[g] = addAt(cells[g], tick, float64(count))
		t.cells[state] = cells
	}
	return nil
}

// addAt adds v to s[i], growing s with zeros as needed.
func addAt(s []float64, i int, v float64) []float64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	s[i] += v
	return s
}

// series returns group g's series of a kept state, padded with zeros to
// the table's ticks (a group without rows at some tick counts 0 there).
func (t *tidyTable) series(state string, g int) []float64 {
	out := make([]float64, t.ticks())
	cells := t.cells[state]
	if g < len(cells) {
		copy(out, cells[g])
	}
	return out
}

// total returns the total of state at every tick, padded to the table's
// ticks.
func (t *tidyTable) total(state string) []float64 {
	out := make([]float64, t.ticks())
	copy(out, t.totals[state])
	return out
}

// startTotal is group g's sum over every state at tick 0 (S + I + R of a
// StateTracker's group: its population).
func (t *tidyTable) startTotal(g int) float64 {
	sum := 0.0
	for _, s := range t.states {
		if at := t.atStart[s]; g < len(at) {
			sum += at[g]
		}
	}
	return sum
}

// gapError says that a row's tick skips ticks: tables hold every tick
// from 0, in order (which also bounds what a corrupt tick can allocate).
func gapError(tick, next int) error {
	return fmt.Errorf("tick %d where tick %d was expected next (ticks run from 0 without gaps)", tick, next)
}

// tickAndDate reads the tick (column 0, in [0, maxTicks)) and date
// (column 1) of the current row.
func tickAndDate(rec records) (int, time.Time, error) {
	tick, err := rec.integer(0)
	if err != nil {
		return 0, time.Time{}, err
	}
	if tick < 0 || tick >= maxTicks {
		return 0, time.Time{}, rec.fieldError(0, fmt.Errorf("tick %d outside [0, %d)", tick, maxTicks))
	}
	date, err := rec.date(1)
	return int(tick), date, err
}
