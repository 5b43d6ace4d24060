package plot

import (
	"path/filepath"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// mapFeed passes the rows of the per-patch tables to the map's builder
// while the other pictures read them: each table is read once. A problem
// of the map's (a patch not in the scenario) stops the feed and becomes a
// note; the other pictures are drawn all the same.
type mapFeed struct {
	d        *runData
	b        *mapdata.Builder
	statesOK string // the per-patch states table the map reads ("" none)
	casesOK  bool   // cases.csv is per patch
	err      error  // the map's problem, if any
}

// startMaps sets up the map's builder when the run has per-patch tables
// and its scenario is found (nil and a note otherwise).
func (d *runData) startMaps() *mapFeed {
	sum, err := mapdata.ReadSummary(d.dir)
	if err != nil {
		return nil // readSummary reports it
	}
	// The per-patch states table the other pictures read, CSV or Parquet:
	// its rows reach the map through the same reader.
	states := ""
	if tables := stateTables(d.dir); len(tables) > 0 && sum != nil && sum.PerPatch() {
		states = tables[0]
	}
	casesPath := filepath.Join(d.dir, "cases.csv")
	if states == "" && !fileExists(casesPath) {
		return nil // the note of the heat-map says it
	}
	b, err := mapdata.NewBuilder(d.dir, mapdata.Options{Scenario: d.opts.Scenario})
	if err != nil {
		d.note("maps and waves skipped: %v", err)
		return nil
	}
	f := &mapFeed{d: d, b: b, statesOK: states}
	if f.casesOK, err = b.UseCases(casesPath); err != nil {
		d.note("maps and waves skipped: %v", err)
		return nil
	}
	if states == "" && !f.casesOK {
		d.note("%s: its groups are not the scenario's patches: maps and waves skipped", casesPath)
		return nil
	}
	return f
}

// states is the tap of the states table at path (nil when the map does
// not read it).
func (f *mapFeed) states(path string) func(*mapdata.Row) error {
	if f == nil || path != f.statesOK {
		return nil
	}
	f.b.StartStates(path)
	return f.tap(f.b.AddState)
}

// cases is the tap of the cases table at path.
func (f *mapFeed) cases(path string) func(*mapdata.Row) error {
	if f == nil || !f.casesOK || filepath.Clean(path) != filepath.Join(f.d.dir, "cases.csv") {
		return nil
	}
	f.b.StartCases(path)
	return f.tap(f.b.AddCase)
}

// tap wraps add: after the first error, rows are no longer added.
func (f *mapFeed) tap(add func(*mapdata.Row) error) func(*mapdata.Row) error {
	return func(r *mapdata.Row) error {
		if f.err == nil {
			f.err = add(r)
		}
		return nil
	}
}

// finishMaps takes the map data from the feed, or notes why there is none.
func (d *runData) finishMaps(f *mapFeed) {
	if f == nil {
		return
	}
	if f.err != nil {
		d.note("maps and waves skipped: %v", f.err)
		return
	}
	m, err := f.b.Finish()
	if err != nil {
		d.note("maps and waves skipped: %v", err)
		return
	}
	d.maps = m
}
