package plot

import (
	"errors"
	"fmt"
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
}

// errNoGlobal explains why an ensemble table gave no global series.
var errNoGlobal = errors.New("no global series")

// readEnsemble reads the rows of state from an ensemble table and returns
// the global series: the group all_patches, else the only group. A table
// with several groups and no all_patches row gives errNoGlobal wrapped with
// the count (quantiles of groups cannot be added up into a global band).
func readEnsemble(path, state string) (*ensembleSeries, error) {
	rec, err := openRecords(path, ensembleColumns)
	if err != nil {
		return nil, err
	}
	defer rec.close()
	var (
		groups = map[string]bool{}
		first  string
		byID   = map[string]*ensembleSeries{}
	)
	for rec.next() {
		if rec.str(3) != state {
			continue
		}
		id := rec.str(2)
		if !groups[id] {
			groups[id] = true
			if len(groups) == 1 {
				first = id
			}
		}
		if id != first && id != allPatchesID {
			continue
		}
		s := byID[id]
		if s == nil {
			s = &ensembleSeries{group: id}
			byID[id] = s
		}
		if err := s.add(rec); err != nil {
			return nil, err
		}
	}
	if err := rec.err(); err != nil {
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
	if tick > len(s.dates) {
		return rec.fieldError(0, gapError(tick, len(s.dates)))
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
