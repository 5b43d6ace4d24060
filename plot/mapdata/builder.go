package mapdata

import (
	"errors"
	"fmt"
	"time"

	"github.com/rubeola/rubeola/scenario"
)

// maxStates bounds the compartments a states table may have (S, E, I, R and
// a few declared ones): each costs a value per place and period.
const maxStates = 16

// maxValues bounds the values held per state (4 bytes each: 1 GiB in all
// at the most states a run has), so a corrupt table fails with an error.
const maxValues = 1 << 28

// Row is one row of a tidy per-patch table: Date is only read (it may be
// the zero time) on the first row of a tick.
type Row struct {
	Tick  int
	Date  time.Time
	ID    []byte
	State []byte
	Count float64
	// Num is the row's number in its file (1 after the header), for errors.
	Num int
}

// Builder accumulates a run's per-patch tables into [Data] one row at a
// time, so that a caller reading the states table for other pictures can
// feed the map in the same pass ([Load] does it all).
type Builder struct {
	d         *Data
	sum       *Summary // nil without summary.json
	opts      Options
	ids       []string // scenario patch ids
	index     map[string]int32
	place     []int32 // place of each patch
	last      int     // previous row's patch
	stepDays  int
	file      string // the table being read
	tick      int    // the current tick (−1 before the first row)
	ticksIn   []int  // ticks seen per period
	names     []string
	vals      [][]float32
	cases     []float32
	casesEnd  int         // periods the cases table filled
	caseTick  int         // the cases table's current tick (−1 before its first row)
	caseDates []time.Time // first day of each period, from the cases table
}

// NewBuilder sets up a builder for the run in dir: reads summary.json and
// the scenario, projects the patches and, above the grid threshold, sums
// them into cells.
func NewBuilder(dir string, opts Options) (*Builder, error) {
	opts = opts.withDefaults()
	sum, err := ReadSummary(dir)
	if err != nil {
		return nil, err
	}
	scn, from, err := FindScenario(dir, opts.Scenario, sum)
	if err != nil {
		return nil, err
	}
	step := 14
	if sum != nil && sum.Metadata.TimeStepDays > 0 {
		step = sum.Metadata.TimeStepDays
	}
	b := NewBuilderFor(scn, from, step, opts)
	b.d.Dir, b.sum = dir, sum
	return b, nil
}

// NewBuilderFor sets up a builder for rows of the patches of scn (whose
// origin from is for labels) in ticks of stepDays days, without a run
// directory: for a program that has a run's counts in memory.
func NewBuilderFor(scn *scenario.Table, from string, stepDays int, opts Options) *Builder {
	opts = opts.withDefaults()
	step := max(1, stepDays)
	d := &Data{ScenarioFrom: from, NumPatches: scn.Len(), StepDays: step, values: map[string][]float32{}}
	d.PeriodTicks = max(1, (opts.PeriodDays+step-1)/step)
	b := &Builder{d: d, opts: opts, ids: scn.ID, stepDays: step, tick: -1, last: -1}
	b.setPlaces(scn)
	b.index = make(map[string]int32, len(scn.ID))
	for i, id := range scn.ID {
		b.index[id] = int32(i)
	}
	return b
}

// Summary is the run's summary.json (nil when it has none).
func (b *Builder) Summary() *Summary { return b.sum }

// setPlaces projects the patches and makes the places.
func (b *Builder) setPlaces(scn *scenario.Table) {
	n := scn.Len()
	pop := make([]float64, n)
	for i, p := range scn.Pop {
		pop[i] = float64(p)
	}
	d := b.d
	d.Projection = ProjectionFor(scn.Lat, scn.Lon)
	if b.opts.GridThreshold > 0 && n > b.opts.GridThreshold {
		d.Places, b.place, d.Grid = gridPlaces(scn.Lat, scn.Lon, pop, d.Projection, b.opts.GridCells)
		return
	}
	d.Places, b.place = patchPlaces(scn.ID, scn.Lat, scn.Lon, pop, d.Projection)
}

// StartStates starts the states table at path.
func (b *Builder) StartStates(path string) { b.file, b.d.StatesFile = path, path }

// AddState adds a row of the per-patch states table.
func (b *Builder) AddState(r *Row) error {
	if r.Tick != b.tick {
		if err := b.newTick(r); err != nil {
			return err
		}
	}
	p, err := b.patch(r)
	if err != nil {
		return err
	}
	s, err := b.state(r)
	if err != nil {
		return err
	}
	v := b.vals[s]
	n := b.d.Places.Len()
	k := r.Tick / b.d.PeriodTicks
	for len(v) < (k+1)*n {
		if len(v)+n > maxValues {
			return b.rowError(r, "", fmt.Errorf("%d places × %d periods: more than %d values to hold for the map", n, k+1, maxValues))
		}
		v = append(v, make([]float32, n)...)
	}
	v[k*n+int(b.place[p])] += float32(r.Count)
	b.vals[s] = v
	return nil
}

// newTick starts tick r.Tick, which must follow the current one.
func (b *Builder) newTick(r *Row) error {
	if r.Tick != b.tick+1 {
		return b.rowError(r, "tick", fmt.Errorf("tick %d where tick %d was expected (ticks run from 0 without gaps, in order)", r.Tick, b.tick+1))
	}
	b.tick = r.Tick
	k := r.Tick / b.d.PeriodTicks
	if k == len(b.ticksIn) {
		b.ticksIn = append(b.ticksIn, 0)
		b.d.Dates = append(b.d.Dates, r.Date)
	}
	b.ticksIn[k]++
	return nil
}

// patch is the patch of r.ID.
func (b *Builder) patch(r *Row) (int, error) {
	if next := b.last + 1; next < len(b.ids) && b.ids[next] == string(r.ID) {
		b.last = next
		return next, nil
	}
	if len(b.ids) > 0 && b.ids[0] == string(r.ID) {
		b.last = 0
		return 0, nil
	}
	p, ok := b.index[string(r.ID)]
	if !ok {
		return 0, b.rowError(r, "patch_id", fmt.Errorf("patch %q is not in the scenario %s (a map needs the run's per-patch table and its scenario)", r.ID, b.d.ScenarioFrom))
	}
	b.last = int(p)
	return int(p), nil
}

// state is the index of r.State among the states seen.
func (b *Builder) state(r *Row) (int, error) {
	for i, s := range b.names {
		if s == string(r.State) {
			return i, nil
		}
	}
	if len(r.State) == 0 {
		return 0, b.rowError(r, "state", errors.New("empty state"))
	}
	if len(b.names) == maxStates {
		return 0, b.rowError(r, "state", fmt.Errorf("more than %d states", maxStates))
	}
	b.names = append(b.names, string(r.State))
	b.vals = append(b.vals, nil)
	return len(b.names) - 1, nil
}

// AddCase adds a row of the per-patch cases table (its tick is the last
// of the window it counts).
func (b *Builder) AddCase(r *Row) error {
	p, err := b.patch(r)
	if err != nil {
		return err
	}
	n := b.d.Places.Len()
	if r.Tick < b.caseTick {
		return b.rowError(r, "tick", fmt.Errorf("tick %d after tick %d (rows are in tick order)", r.Tick, b.caseTick))
	}
	if r.Tick != b.caseTick {
		b.caseTick = r.Tick
		b.setCaseDate(r)
	}
	k := r.Tick / b.d.PeriodTicks
	for len(b.cases) < (k+1)*n {
		if len(b.cases)+n > maxValues {
			return b.rowError(r, "", fmt.Errorf("%d places × %d periods: more than %d values to hold for the map", n, k+1, maxValues))
		}
		b.cases = append(b.cases, make([]float32, n)...)
	}
	// A period is filled when its last tick's window has ended in it.
	if (r.Tick+1)%b.d.PeriodTicks == 0 {
		b.casesEnd = max(b.casesEnd, k+1)
	}
	b.cases[k*n+int(b.place[p])] += float32(r.Count)
	return nil
}

// StartCases starts the cases table at path (for rows from memory, a name
// for labels).
func (b *Builder) StartCases(path string) {
	b.file, b.d.CasesFile = path, path
	b.last, b.caseTick = -1, -1
}

func (b *Builder) rowError(r *Row, col string, err error) error {
	return &InputError{File: b.file, Row: r.Num, Column: col, Err: err}
}

// Finish returns the data: each compartment's mean over the ticks of each
// complete period (a last period with fewer ticks is left out, unless it
// is the only one) and the cases of the periods both tables cover.
func (b *Builder) Finish() (*Data, error) {
	d := b.d
	n := d.Places.Len()
	periods := len(b.ticksIn)
	if periods > 1 && b.ticksIn[periods-1] < d.PeriodTicks {
		d.DroppedTicks = b.ticksIn[periods-1]
		periods--
	}
	if d.CasesFile != "" {
		if d.StatesFile == "" {
			periods = min(b.casesEnd, len(b.caseDates))
			d.Dates = b.caseDates
		} else {
			periods = min(periods, b.casesEnd)
		}
	}
	if periods == 0 {
		return nil, &InputError{File: firstNonEmpty(d.StatesFile, d.CasesFile, d.Dir), Err: errors.New("no complete reporting period")}
	}
	d.Dates = d.Dates[:periods]
	for s, name := range b.names {
		v := b.vals[s][:periods*n]
		for k := range periods {
			inv := float32(1 / float64(b.ticksIn[k]))
			for i := range v[k*n : (k+1)*n] {
				v[k*n+i] *= inv
			}
		}
		d.States = append(d.States, name)
		d.values[name] = v
	}
	if d.CasesFile != "" {
		d.States = append(d.States, Cases)
		d.values[Cases] = b.cases[:periods*n]
	}
	return d, nil
}

// setCaseDate dates period k from the cases table's first row in it when
// there is no states table: the row's date less the days before it in the
// period.
func (b *Builder) setCaseDate(r *Row) {
	if b.d.StatesFile != "" {
		return
	}
	k := r.Tick / b.d.PeriodTicks
	for len(b.caseDates) <= k {
		b.caseDates = append(b.caseDates, time.Time{})
	}
	if b.caseDates[k].IsZero() && !r.Date.IsZero() {
		b.caseDates[k] = r.Date.AddDate(0, 0, -(r.Tick%b.d.PeriodTicks)*b.stepDays)
	}
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
