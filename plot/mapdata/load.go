package mapdata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/rubeola/rubeola/plot/internal/tidycsv"
)

// ErrNoPerPatch is returned (wrapped, naming the directory) when a run has
// neither per-patch states (`run --per-patch`) nor a per-patch cases table.
var ErrNoPerPatch = errors.New("no per-patch outputs")

// tidyColumns are the columns read from a tidy table (docs/outputs.md).
var tidyColumns = []string{"tick", "date", "patch_id", "state", "count"}

// Load reads what a map needs from the run in dir: its scenario (the
// patches' ids, coordinates and populations; see [FindScenario]), and
// streamed once each, the per-patch states table (states.csv when
// summary.json says it is per patch) and the per-patch cases table
// (cases.csv when its groups are the scenario's patches). Memory is the
// scenario plus a value per place, period and state, whatever the size
// of the tables. Errors in a table are [*InputError]s naming the row.
func Load(dir string, opts Options) (*Data, error) {
	b, err := NewBuilder(dir, opts)
	if err != nil {
		return nil, err
	}
	cases, err := b.UseCases(filepath.Join(dir, "cases.csv"))
	if err != nil {
		return nil, err
	}
	states := StatesTable(dir, b.Summary())
	if states == "" && !cases {
		return nil, noPerPatch(dir)
	}
	if states != "" {
		b.StartStates(states)
		if err := ScanTable(states, b.AddState); err != nil {
			return nil, err
		}
	}
	if cases {
		b.StartCases(filepath.Join(dir, "cases.csv"))
		if err := ScanTable(filepath.Join(dir, "cases.csv"), b.AddCase); err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

// StatesTable is DIR/states.csv when sum says it is per patch, else "".
func StatesTable(dir string, sum *Summary) string {
	if p := filepath.Join(dir, "states.csv"); fileExists(p) && sum != nil && sum.PerPatch() {
		return p
	}
	return ""
}

// noPerPatch is the error of a run without per-patch tables.
func noPerPatch(dir string) error {
	if fileExists(filepath.Join(dir, "states.parquet")) || fileExists(filepath.Join(dir, "cases.parquet")) {
		return fmt.Errorf("%w in %s: Load reads states.csv and cases.csv, and this run wrote Parquet tables (rubeola plot reads per-patch states.parquet too)", ErrNoPerPatch, dir)
	}
	return fmt.Errorf("%w in %s: no per-patch states.csv (run --per-patch) and no cases.csv of patches (CaseSurveillanceTracker with aggregation_level = -2)", ErrNoPerPatch, dir)
}

// UseCases reads the first row of the cases table at path (which need
// not exist): when its group is a scenario patch, the table will be read
// ([Builder.StartCases]) and its window (the first tick + 1) sets the
// period if longer. It must be called before the first row is added.
func (b *Builder) UseCases(path string) (bool, error) {
	if !fileExists(path) {
		return false, nil
	}
	r, err := tidycsv.Open(path, tidyColumns...)
	if err != nil {
		return false, &InputError{File: path, Err: err}
	}
	defer r.Close()
	if !r.Next() {
		if err := r.Err(); err != nil {
			return false, &InputError{File: path, Row: r.Row(), Err: err}
		}
		return false, nil
	}
	tick, ok := tidycsv.ParseInt(r.Field(0))
	if !ok || tick < 0 || tick >= maxWindowTicks {
		return false, &InputError{File: path, Row: 1, Column: "tick", Err: fmt.Errorf("%q is not the tick of a first window (0 to %d)", r.Field(0), maxWindowTicks-1)}
	}
	if _, ok := b.index[string(r.Field(2))]; !ok {
		return false, nil
	}
	b.d.PeriodTicks = max(b.d.PeriodTicks, int(tick)+1)
	return true, nil
}

// maxWindowTicks bounds the window of a cases table (a year of days).
const maxWindowTicks = 366

func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

// ScanTable streams the tidy CSV table at path into add, one row at a
// time; the row's Date is parsed on the first row of each tick only.
func ScanTable(path string, add func(*Row) error) error {
	r, err := tidycsv.Open(path, tidyColumns...)
	if err != nil {
		return &InputError{File: path, Err: err}
	}
	defer r.Close()
	row := &Row{Tick: -1}
	for r.Next() {
		row.Num = r.Row()
		tick, ok := tidycsv.ParseInt(r.Field(0))
		if !ok || tick < 0 || tick >= maxTicks {
			return &InputError{File: path, Row: row.Num, Column: "tick", Err: fmt.Errorf("%q is not a tick (an integer in [0, %d))", r.Field(0), maxTicks)}
		}
		if int(tick) != row.Tick {
			d, err := time.Parse(time.DateOnly, string(r.Field(1)))
			if err != nil {
				return &InputError{File: path, Row: row.Num, Column: "date", Err: fmt.Errorf("%q is not a date YYYY-MM-DD", r.Field(1))}
			}
			row.Tick, row.Date = int(tick), d
		}
		row.ID, row.State = r.Field(2), r.Field(3)
		if row.Count, ok = tidycsv.ParseFloat(r.Field(4)); !ok || row.Count < 0 {
			return &InputError{File: path, Row: row.Num, Column: "count", Err: fmt.Errorf("%q is not a count (a number ≥ 0)", r.Field(4))}
		}
		if err := add(row); err != nil {
			return err
		}
	}
	if err := r.Err(); err != nil {
		return &InputError{File: path, Row: r.Row(), Err: err}
	}
	return nil
}

// maxTicks bounds a tick (10⁶ biweekly ticks are 38 000 years).
const maxTicks = 1_000_000
