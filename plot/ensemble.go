package plot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ensembleColumns are the columns of an ensemble quantile table (one per
// tracker in DIR/ensemble/).
var ensembleColumns = []string{"tick", "date", "patch_id", "state", "mean", "q05", "q25", "q50", "q75", "q95"}

// The quantiles of an ensemble table, in column order after mean.
const (
	q05 = iota
	q25
	q50
	q75
	q95
	numQuantiles
)

// ensembleSeries is one group's quantiles of one state over the ticks.
type ensembleSeries struct {
	group string
	dates []time.Time
	q     [numQuantiles][]float64 // q[quantile][tick]
	steps tickSteps               // ticks → indices (windows: the cases table)
	// seir: the table has rows of state E (an SEIR model's, whose I is a
	// prevalence; see isSEIR).
	seir bool
}

// errNoGlobal explains why an ensemble table gave no global series.
var errNoGlobal = errors.New("no global series")

// scanEnsemble reads the rows of state from an ensemble table. It keeps
// the series of the groups keep accepts (called once per row, in file
// order) — every tick, or with firstTick only tick 0 — and returns them with
// every group id of that state in first-appearance order; each series'
// seir says whether the table has rows of state E.
func scanEnsemble(path, state string, keep func(id string) bool, firstTick bool) (map[string]*ensembleSeries, []string, error) {
	rec, err := openRecords(path, ensembleColumns)
	if err != nil {
		return nil, nil, err
	}
	defer rec.close()
	var (
		seen   = map[string]bool{}
		groups []string
		byID   = map[string]*ensembleSeries{}
		seir   bool
	)
	for rec.next() {
		if rec.str(3) != state {
			seir = seir || rec.str(3) == "E"
			continue
		}
		id := rec.str(2)
		if !seen[id] {
			seen[id] = true
			groups = append(groups, id)
		}
		if !keep(id) {
			continue
		}
		s := byID[id]
		if s == nil {
			s = &ensembleSeries{group: id, steps: tickSteps{windows: state == casesState}}
			byID[id] = s
		}
		if firstTick && len(s.dates) > 0 {
			continue
		}
		if err := s.add(rec); err != nil {
			return nil, nil, err
		}
	}
	for _, s := range byID {
		s.seir = seir
	}
	return byID, groups, rec.err()
}

// readEnsemble reads the rows of state from an ensemble table and returns
// the global series: the group all_patches, else the only group. A table
// with several groups and no all_patches row gives errNoGlobal wrapped with
// the count (quantiles of groups cannot be added up into a global band).
func readEnsemble(path, state string) (*ensembleSeries, error) {
	first := ""
	byID, groups, err := scanEnsemble(path, state, func(id string) bool {
		if first == "" {
			first = id
		}
		return id == first || id == allPatchesID
	}, false)
	if err != nil {
		return nil, err
	}
	s := byID[allPatchesID]
	switch {
	case s != nil:
	case len(groups) == 1:
		s = byID[first]
	case len(groups) == 0:
		return nil, fmt.Errorf("%s has no rows of state %q: %w", path, state, errNoGlobal)
	default:
		return nil, fmt.Errorf("%s has %d groups and no %s rows (quantiles of groups do not add up to a global band): %w", path, len(groups), allPatchesID, errNoGlobal)
	}
	return s, nil
}

// ensembleGroups are the series of the largest patches of an ensemble
// table.
type ensembleGroups struct {
	file   string
	what   string            // what a value is ("reported cases")
	when   string            // its time: "per biweek", or "each day" for a prevalence
	series []*ensembleSeries // largest first
	pops   []float64         // their populations
	total  int               // patches in the population table
}

// readEnsembleGroups reads the series of state of the n largest patches of
// an ensemble table by population: the median N at tick 0 in pops (an
// ensemble population table). It returns the series, largest first, and
// their populations.
func readEnsembleGroups(path, state, pops string, n int) (*ensembleGroups, error) {
	popByID, ids, err := scanEnsemble(pops, "N", func(string) bool { return true }, true)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(ids, func(a, b string) int { return cmp.Compare(popByID[b].q[q50][0], popByID[a].q[q50][0]) })
	top := map[string]bool{}
	for _, id := range ids[:min(n, len(ids))] {
		top[id] = true
	}
	byID, _, err := scanEnsemble(path, state, func(id string) bool { return top[id] }, false)
	if err != nil {
		return nil, err
	}
	g := &ensembleGroups{file: path, total: len(ids)}
	for _, id := range ids {
		if s := byID[id]; top[id] && s != nil {
			g.series = append(g.series, s)
			g.pops = append(g.pops, popByID[id].q[q50][0])
		}
	}
	if len(g.series) == 0 {
		return nil, fmt.Errorf("%s has no rows of state %q for the patches of %s", path, state, pops)
	}
	return g, nil
}

// add stores the current row's quantiles.
func (s *ensembleSeries) add(rec records) error {
	tick, date, err := tickAndDate(rec)
	if err != nil {
		return err
	}
	var q [numQuantiles]float64
	for i := range q {
		if q[i], err = rec.float(5 + i); err != nil {
			return err
		}
		if i > 0 && q[i] < q[i-1] {
			return rec.fieldError(5+i, fmt.Errorf("%g is below %s = %g (quantiles must not decrease)", q[i], ensembleColumns[4+i], q[i-1]))
		}
	}
	if tick, err = s.steps.index(tick, len(s.dates)); err != nil {
		return rec.fieldError(0, err)
	}
	for len(s.dates) <= tick {
		s.dates = append(s.dates, time.Time{})
		for i := range s.q {
			s.q[i] = append(s.q[i], 0)
		}
	}
	s.dates[tick] = date
	for i := range q {
		s.q[i][tick] = q[i]
	}
	return nil
}
