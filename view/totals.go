package view

import (
	"errors"
	"fmt"
	"path/filepath"
)

// readTotals reads a run's states.csv summed over its groups: the totals
// of a run without per-patch tables.
func readTotals(dir string) (*Totals, []string, string, error) {
	path := filepath.Join(dir, "states.csv")
	dates := &dateSeries{path: path}
	tot := &Totals{States: map[string][]JSONNumber{}}
	err := scanTidy(path, []string{"count"}, func(r *tidyRow) (bool, error) {
		if err := dates.add(r); err != nil {
			return false, err
		}
		s, ok := tot.States[r.state]
		if !ok {
			tot.Compartments = append(tot.Compartments, r.state)
		}
		k := len(dates.dates) - 1
		for len(s) <= k {
			s = append(s, 0)
		}
		s[k] += JSONNumber(r.v[0])
		tot.States[r.state] = s
		return true, nil
	})
	if err != nil {
		return nil, nil, "", err
	}
	for _, c := range tot.Compartments {
		if len(tot.States[c]) != len(dates.dates) {
			return nil, nil, "", &InputError{File: path, Err: fmt.Errorf("state %s is missing at some ticks (expected every state at every tick)", c)}
		}
	}
	if len(dates.dates) == 0 {
		return nil, nil, "", &InputError{File: path, Err: errors.New("no rows")}
	}
	return tot, dates.dates, dates.period(), nil
}
