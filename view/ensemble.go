package view

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/plot/mapdata"
)

// ensembleDir is where an ensemble run writes its quantile tables.
const ensembleDir = "ensemble"

// quantiles are an ensemble table's value columns after tick, date,
// patch_id, state (docs/ensembles.md), from q05 on the ones read.
var quantiles = []string{"mean", "q05", "q25", "q50", "q75", "q95"}

// tidyRow is one row of a tidy table; v holds its value columns.
type tidyRow struct {
	tick  int
	date  string
	id    string
	state string
	v     []float64
	num   int // data row, from 1 after the header
}

// scanTidy streams the tidy CSV table at path, whose columns must be tick,
// date, patch_id, state and values, into fn, which returns false to stop.
func scanTidy(path string, values []string, fn func(*tidyRow) (bool, error)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cols := append([]string{"tick", "date", "patch_id", "state"}, values...)
	r := csvin.NewReader(f)
	header, err := r.Header()
	if err != nil {
		return &InputError{File: path, Err: fmt.Errorf("expected a header %v: %w", cols, err)}
	}
	if !slices.Equal(header, cols) {
		return &InputError{File: path, Err: fmt.Errorf("header %v, expected %v", header, cols)}
	}
	row := &tidyRow{v: make([]float64, len(values))}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		row.num++
		if err != nil {
			return &InputError{File: path, Row: row.num, Err: err}
		}
		if len(rec) != len(cols) {
			return &InputError{File: path, Row: row.num, Err: fmt.Errorf("%d fields, expected %d", len(rec), len(cols))}
		}
		if row.tick, err = strconv.Atoi(rec[0]); err != nil || row.tick < 0 {
			return &InputError{File: path, Row: row.num, Column: "tick", Err: fmt.Errorf("%q is not a tick (an integer ≥ 0)", rec[0])}
		}
		row.date, row.id, row.state = rec[1], rec[2], rec[3]
		for k := range values {
			if row.v[k], err = strconv.ParseFloat(rec[4+k], 64); err != nil || math.IsNaN(row.v[k]) {
				return &InputError{File: path, Row: row.num, Column: values[k], Err: fmt.Errorf("%q is not a number", rec[4+k])}
			}
		}
		more, err := fn(row)
		if err != nil || !more {
			return err
		}
	}
}

// dateSeries collects a table's dates, one per tick, checking each.
type dateSeries struct {
	path  string
	dates []string
}

// add appends row's date when its tick is a new one.
func (s *dateSeries) add(row *tidyRow) error {
	if len(s.dates) > 0 && s.dates[len(s.dates)-1] == row.date {
		return nil
	}
	if _, err := time.Parse(time.DateOnly, row.date); err != nil {
		return &InputError{File: s.path, Row: row.num, Column: "date", Err: fmt.Errorf("%q is not a date YYYY-MM-DD", row.date)}
	}
	s.dates = append(s.dates, row.date)
	return nil
}

// period names the time between the first two dates ("tick" with one).
func (s *dateSeries) period() string {
	if len(s.dates) < 2 {
		return "tick"
	}
	d0, _ := time.Parse(time.DateOnly, s.dates[0]) // checked by add
	d1, _ := time.Parse(time.DateOnly, s.dates[1])
	return periodWord(int(d1.Sub(d0).Hours() / 24))
}

// loadEnsemble reads an ensemble: bands of every all-patch table of
// DIR/ensemble, and a map of the per-patch medians (q50) when its states
// table is per patch.
func loadEnsemble(dir, ens string, opts Options) (*Payload, int, int, error) {
	p := &Payload{Kind: "ensemble", Title: "rubeola ensemble: " + filepath.Base(absOr(dir)), Subtitle: dir}
	reps := replicates(ens)
	bands, err := readBands(ens, reps)
	if err != nil {
		return nil, 0, 0, err
	}
	p.Ensemble = bands
	d, err := medianMap(ens, opts)
	switch {
	case errors.Is(err, mapdata.ErrNoPerPatch):
		p.Notes = append(p.Notes, "No map: "+err.Error()+".")
	case err != nil:
		return nil, 0, 0, err
	default:
		if err := p.setMap(d, opts); err != nil {
			return nil, 0, 0, err
		}
		// The map's circles are medians; the bands are the all-patch
		// quantiles, not sums of the patches' medians.
		p.Totals = nil
		p.Notes = append(p.Notes, fmt.Sprintf("The map shows each patch's median (q50) over the %d replicates.", reps))
	}
	if len(bands) == 0 && p.Map == nil {
		return nil, 0, 0, &InputError{File: ens, Err: errors.New("no all-patch quantile table and no per-patch states table: nothing to show")}
	}
	if p.Map == nil {
		p.Dates, p.Period = bands[0].Dates, bands[0].Period
	}
	if p.Map != nil {
		return p, d.Places.Len(), d.NumPatches, nil
	}
	return p, 0, 0, nil
}

// replicates reads the number of replicates from DIR/ensemble/summary.json
// (0 when it cannot).
func replicates(ens string) int {
	var s struct {
		Replicates int `json:"replicates"`
	}
	data, err := os.ReadFile(filepath.Join(ens, "summary.json"))
	if err == nil {
		_ = json.Unmarshal(data, &s) // 0 replicates: the page says so
	}
	return s.Replicates
}

// medianMap reads the per-patch ensemble states table's medians into map
// data, as mapdata.Load reads a run's counts.
func medianMap(ens string, opts Options) (*mapdata.Data, error) {
	b, err := mapdata.NewBuilder(ens, mapdata.Options{Scenario: opts.Scenario})
	if err != nil {
		return nil, err
	}
	path := mapdata.StatesTable(ens, b.Summary())
	if path == "" {
		return nil, fmt.Errorf("%w in %s: no per-patch states.csv (run the ensemble with --per-patch)", mapdata.ErrNoPerPatch, ens)
	}
	b.StartStates(path)
	row := &mapdata.Row{Tick: -1}
	const q50 = 3 // in quantiles
	err = scanTidy(path, quantiles, func(q *tidyRow) (bool, error) {
		if q.tick != row.Tick {
			d, err := time.Parse(time.DateOnly, q.date)
			if err != nil {
				return false, &InputError{File: path, Row: q.num, Column: "date", Err: fmt.Errorf("%q is not a date YYYY-MM-DD", q.date)}
			}
			row.Tick, row.Date = q.tick, d
		}
		row.ID, row.State, row.Count, row.Num = []byte(q.id), []byte(q.state), q.v[q50], q.num
		return true, b.AddState(row)
	})
	if err != nil {
		return nil, err
	}
	return b.Finish()
}

// readBands reads every ensemble table with a single group (all patches)
// into bands, one per state (cases tables: "cases"). Tables of several
// groups are skipped after their second group's first row.
func readBands(ens string, reps int) ([]Band, error) {
	files, _ := filepath.Glob(filepath.Join(ens, "*.csv")) // the pattern is valid
	var bands []Band
	for _, path := range files {
		base := filepath.Base(path)
		isCases := strings.HasPrefix(base, "cases")
		if !isCases && !strings.HasPrefix(base, "states") {
			continue
		}
		got, err := readBandTable(path, isCases, reps)
		if err != nil {
			return nil, err
		}
		for _, b := range got {
			if !slices.ContainsFunc(bands, func(x Band) bool { return x.Name == b.Name }) {
				bands = append(bands, b)
			}
		}
	}
	// Cases first, then the states in the tables' order.
	notCases := func(b Band) int {
		if b.Name == "cases" {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(bands, func(a, b Band) int { return cmp.Compare(notCases(a), notCases(b)) })
	return bands, nil
}

// readBandTable reads one ensemble table's bands; nil when it has several
// groups.
func readBandTable(path string, isCases bool, reps int) ([]Band, error) {
	var group string
	var bands []Band
	at := map[string]int{}
	dates := &dateSeries{path: path}
	several := false
	err := scanTidy(path, quantiles, func(q *tidyRow) (bool, error) {
		if group == "" {
			group = q.id
		}
		if q.id != group {
			several = true
			return false, nil
		}
		if err := dates.add(q); err != nil {
			return false, err
		}
		name, what := q.state, "people"
		if isCases {
			name, what = "cases", "reported cases"
		}
		k, ok := at[name]
		if !ok {
			k = len(bands)
			at[name] = k
			bands = append(bands, Band{Name: name, What: what, Replicates: reps})
		}
		b := &bands[k]
		for j, dst := range []*[]JSONNumber{&b.Q05, &b.Q25, &b.Q50, &b.Q75, &b.Q95} {
			*dst = append(*dst, JSONNumber(q.v[1+j]))
		}
		return true, nil
	})
	if err != nil || several {
		return nil, err
	}
	for k := range bands {
		if len(bands[k].Q50) != len(dates.dates) {
			return nil, &InputError{File: path, Err: fmt.Errorf("state %s has %d rows for %d dates (expected one per date)", bands[k].Name, len(bands[k].Q50), len(dates.dates))}
		}
		bands[k].Dates, bands[k].Period = dates.dates, dates.period()
	}
	return bands, nil
}
