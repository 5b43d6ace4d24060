package plot

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/rubeola/rubeola/plot/mapdata"
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
	// lastGroup is the previous row's group index ([tidyTable.groupIndex]).
	lastGroup int
	// steps maps ticks to series indices (windows: the cases table).
	steps tickSteps
	// rows counts the rows of each state at the first and at the current
	// (latest) tick, to find a last tick cut short ([tidyTable.checkLast]).
	rows tickRows
	// lastDate is the previous row's date text ([tidyTable.date]).
	lastDate []byte
	// row is the row passed to a tap, reused.
	row mapdata.Row
}

// hasState reports whether the table has rows of state.
func (t *tidyTable) hasState(state string) bool {
	_, ok := t.totals[state]
	return ok
}

// ticks is the number of ticks the table covers.
func (t *tidyTable) ticks() int { return len(t.dates) }

// readTidy reads the whole tidy table at path, keeping every group's
// series of the states in keep (others only as totals). A last tick with
// fewer rows than the first (a file cut while it was written) is an error.
func readTidy(path string, keep ...string) (*tidyTable, error) {
	return readTidyTicks(path, allTicks, keep...)
}

// allTicks is a last tick past every table's end: read the whole table.
const allTicks = maxTicks

// readTidyTicks reads the tidy table at path up to series index last
// (tick last in a table of every tick), as [readTidy] does: the rows are
// tick-major, so reading stops at the first row past it — the population
// table's tick 0 is read without streaming the rest of the file (CSV: the
// bytes after it are never read; Parquet: the row groups after it are
// never decoded, and only the tidy columns are).
func readTidyTicks(path string, last int, keep ...string) (*tidyTable, error) {
	return readTidyTap(path, last, nil, keep...)
}

// readTidyTap is [readTidyTicks] passing every row read to tap (when not
// nil), so that a map's builder reads the same pass.
func readTidyTap(path string, last int, tap func(*mapdata.Row) error, keep ...string) (*tidyTable, error) {
	rec, err := openRecords(path, tidyColumns)
	if err != nil {
		return nil, err
	}
	defer rec.close()
	t := &tidyTable{path: path, index: map[string]int{}, totals: map[string][]float64{}, cells: map[string][][]float64{}, atStart: map[string][]float64{}}
	t.steps.windows = slices.Contains(keep, casesState)
	for _, s := range keep {
		t.cells[s] = nil
	}
	for rec.next() {
		past, err := t.add(rec, last, tap)
		if err != nil {
			return nil, err
		}
		if past {
			return t, nil
		}
	}
	if err := rec.err(); err != nil {
		return nil, err
	}
	if len(t.dates) == 0 {
		return nil, &InputError{File: path, Err: errors.New("no rows")}
	}
	return t, t.checkLast()
}

// add adds the current row, unless its series index is past last: it
// then reports true and adds nothing. The row is also passed to tap when
// not nil (the map's builder reading the same pass).
func (t *tidyTable) add(rec records, last int, tap func(*mapdata.Row) error) (bool, error) {
	raw, err := tickOf(rec)
	if err != nil {
		return false, err
	}
	tick, err := t.steps.index(raw, len(t.dates))
	if err != nil {
		return false, rec.fieldError(0, err)
	}
	if tick > last {
		return true, nil
	}
	date, err := t.date(rec, tick)
	if err != nil {
		return false, err
	}
	id, stateBytes := rec.bytes(2), rec.bytes(3)
	if len(stateBytes) == 0 {
		return false, rec.fieldError(3, errors.New("empty state"))
	}
	count, err := rec.integer(4)
	if err != nil {
		return false, err
	}
	if count < 0 {
		return false, rec.fieldError(4, fmt.Errorf("negative count %d", count))
	}
	state := t.intern(stateBytes)
	t.rows.add(tick, raw, state)
	if err := t.addCount(rec, tick, id, state, count); err != nil {
		return false, err
	}
	if tap == nil {
		return false, nil
	}
	t.row = mapdata.Row{Tick: raw, Date: date, ID: id, State: stateBytes, Count: float64(count), Num: rec.rowNum()}
	return false, tap(&t.row)
}

// date reads the current row's date, which must be the date of series
// index tick's earlier rows: the text is compared with the previous row's
// and parsed only when it differs (a tick's first row).
func (t *tidyTable) date(rec records, tick int) (time.Time, error) {
	b := rec.bytes(1)
	if tick < len(t.dates) && string(b) == string(t.lastDate) {
		return t.dates[tick], nil
	}
	date, err := rec.date(1)
	if err != nil {
		return time.Time{}, err
	}
	t.lastDate = append(t.lastDate[:0], b...)
	for len(t.dates) <= tick {
		t.dates = append(t.dates, time.Time{})
	}
	switch d := t.dates[tick]; {
	case d.IsZero():
		t.dates[tick] = date
	case !d.Equal(date):
		return time.Time{}, rec.fieldError(1, fmt.Errorf("date %s differs from %s in an earlier row of tick %d", date.Format(time.DateOnly), d.Format(time.DateOnly), tick))
	}
	return date, nil
}

// intern returns the table's string of state (making it on the state's
// first row only).
func (t *tidyTable) intern(state []byte) string {
	for _, s := range t.states {
		if s == string(state) {
			return s
		}
	}
	return string(state)
}

// addCount adds a row's count of state for group id at series index tick.
func (t *tidyTable) addCount(rec records, tick int, id []byte, state string, count int64) error {
	g := t.groupIndex(id)
	v := float64(count)
	// The maps are written only when a slice grows: a map write per row
	// was a sixth of the reading time of a large table.
	switch tot, ok := t.totals[state]; {
	case !ok:
		t.states = append(t.states, state)
		t.totals[state] = addAt(tot, tick, v)
	case tick < len(tot):
		tot[tick] += v
	default:
		t.totals[state] = addAt(tot, tick, v)
	}
	if tick == 0 {
		t.atStart[state] = addAt(t.atStart[state], g, v)
	}
	if cells, kept := t.cells[state]; kept {
		if g < len(cells) && tick < len(cells[g]) {
			cells[g][tick] += v
			return nil
		}
		if len(cells) <= g && len(t.groups)*len(t.dates) > maxCells {
			return rec.fieldError(2, fmt.Errorf("%d groups × %d ticks: more than %d values to hold for the per-group pictures", len(t.groups), len(t.dates), maxCells))
		}
		for len(cells) <= g {
			cells = append(cells, nil)
		}
		cells[g] = addAt(cells[g], tick, v)
		t.cells[state] = cells
	}
	return nil
}

// groupIndex returns id's group index, adding id as a new group when it is
// new. Tables list the same groups in the same order in every tick and
// state, so the group after the previous row's is tried first: a string
// comparison instead of a map lookup per row (at 10⁶ patches the lookups,
// each a cache miss, were most of the reading time).
func (t *tidyTable) groupIndex(id []byte) int {
	if next := t.lastGroup + 1; next < len(t.groups) && t.groups[next] == string(id) {
		t.lastGroup = next
		return next
	}
	if len(t.groups) > 0 && t.groups[0] == string(id) {
		t.lastGroup = 0
		return 0
	}
	g, ok := t.index[string(id)]
	if !ok {
		g = len(t.groups)
		t.index[string(id)] = g
		t.groups = append(t.groups, string(id))
	}
	t.lastGroup = g
	return g
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
// the table's ticks (a group without rows at some tick counts 0 there). A
// series that covers every tick is returned without a copy (at 10⁶ patches
// the copies were as large as the table's cells): the pictures only read
// it.
func (t *tidyTable) series(state string, g int) []float64 {
	cells := t.cells[state]
	if g < len(cells) && len(cells[g]) == t.ticks() {
		return cells[g][:t.ticks():t.ticks()]
	}
	out := make([]float64, t.ticks())
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

// casesState is the state of the CaseSurveillanceTracker's table, the one
// table whose rows may cover windows of several ticks.
const casesState = "cases"

// maxWindowTicks bounds the ticks of one window of a cases table (a year
// of daily ticks): a first row at a later tick is a gap, as in any table.
const maxWindowTicks = 366

// tickSteps maps a table's ticks to series indices. A cases table written
// with aggregate_days holds one row per window of s ticks labelled with the
// window's last tick (s − 1, 2s − 1, …, docs/outputs.md): with windows set,
// s is one more than the first row's tick (at most maxWindowTicks) and each
// row's tick must be the current or the next window's. Other tables hold
// every tick from 0 (s = 1).
type tickSteps struct {
	windows bool
	step    int // 0 until known
}

// index returns the series index of tick, next being the number of indices
// seen so far; a tick that skips one is an error.
func (s *tickSteps) index(tick, next int) (int, error) {
	if s.windows && s.step == 0 && next == 0 && tick < maxWindowTicks {
		s.step = tick + 1
	}
	step := max(s.step, 1)
	if (tick+1)%step != 0 || (tick+1)/step-1 > next {
		return 0, gapError(tick, (next+1)*step-1)
	}
	return (tick+1)/step - 1, nil
}

// gapError says that a row's tick skips ticks: tables hold every tick
// from 0, in order (which also bounds what a corrupt tick can allocate).
func gapError(tick, next int) error {
	return fmt.Errorf("tick %d where tick %d was expected next (ticks run from 0 without gaps)", tick, next)
}

// tickAndDate reads the tick (column 0, in [0, maxTicks)) and date
// (column 1) of the current row.
func tickAndDate(rec records) (int, time.Time, error) {
	tick, err := tickOf(rec)
	if err != nil {
		return 0, time.Time{}, err
	}
	date, err := rec.date(1)
	return tick, date, err
}

// tickOf reads the tick (column 0, in [0, maxTicks)) of the current row.
func tickOf(rec records) (int, error) {
	tick, err := rec.integer(0)
	if err != nil {
		return 0, err
	}
	if tick < 0 || tick >= maxTicks {
		return 0, rec.fieldError(0, fmt.Errorf("tick %d outside [0, %d)", tick, maxTicks))
	}
	return int(tick), nil
}
