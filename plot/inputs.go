package plot

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/metrics"
)

// allPatchesID is the group id of the all-patches group (SPEC §8.1).
const allPatchesID = metrics.AllPatchesID

// findTable returns DIR/base.csv or DIR/base.parquet, whichever exists
// (CSV first), or "" when neither does.
func findTable(dir, base string) string {
	for _, ext := range []string{metrics.CSV.Ext(), metrics.Parquet.Ext()} {
		path := filepath.Join(dir, base+ext)
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			return path
		}
	}
	return ""
}

// stateTables lists DIR's StateTracker tables: states, states-2, … (the
// most granular first, docs/outputs.md).
func stateTables(dir string) []string {
	var paths []string
	if p := findTable(dir, "states"); p != "" {
		paths = append(paths, p)
	}
	for k := 2; ; k++ {
		p := findTable(dir, fmt.Sprintf("states-%d", k))
		if p == "" {
			return paths
		}
		paths = append(paths, p)
	}
}

// groupSeries is one count per group and tick with each group's
// population: the input of the heat-map, the largest groups' curves and
// the fade-out curve.
type groupSeries struct {
	file    string      // the table it came from
	what    string      // what a value is, for axis labels ("reported cases")
	short   string      // the same in a few words, for titles
	unit    string      // "patches" when groups are scenario patches, else "groups"
	groups  []string    // group ids
	pops    []float64   // population of each group at tick 0 (NaN unknown)
	popFrom string      // the table the populations came from ("" unknown)
	values  [][]float64 // values[group][tick]
	dates   []time.Time // date of each tick
	days    int         // tick length in days
	// endDated: each value covers a window of ticks and carries its last
	// tick's date (a cases table written with aggregate_days), instead of
	// covering one tick from its date.
	endDated bool
	// prevalence: a value is a state's count at the tick (the daily
	// model's I), not a count of events during the tick (cases, the
	// biweekly model's I).
	prevalence bool
}

// when words the time of a value: "per biweek" for events during a tick,
// "each day" for a count at each tick.
func (s *groupSeries) when() string {
	if s.prevalence {
		return eachTick(s.days)
	}
	return perTick(s.days)
}

// populations is the population of each scenario patch at tick 0 from
// population.csv/.parquet.
type populations struct {
	file string
	ids  []string
	pop  map[string]float64
}

// readPopulations reads the population table (state N) at tick 0, and
// nothing after it.
func readPopulations(path string) (*populations, error) {
	t, err := readTidyTicks(path, 0)
	if err != nil {
		return nil, err
	}
	if !t.hasState("N") {
		return nil, &InputError{File: path, Column: "state", Err: errors.New(`no rows of state "N"`)}
	}
	p := &populations{file: path, ids: t.groups, pop: make(map[string]float64, len(t.groups))}
	atStart := t.atStart["N"]
	for g, id := range t.groups {
		if g < len(atStart) {
			p.pop[id] = atStart[g]
		}
	}
	return p, nil
}

// groupPopulation is the population of group id: the patch itself, the
// sum over the patches whose key at the group's level is id (SPEC §8.1:
// the first k+1 colon-separated parts), or every patch for all_patches;
// NaN when no patch matches.
func (p *populations) groupPopulation(id string) float64 {
	if v, ok := p.pop[id]; ok {
		return v
	}
	level := strings.Count(id, ":")
	sum, found := 0.0, false
	for _, pid := range p.ids {
		if id == allPatchesID || metrics.GroupKey(pid, level) == id {
			sum += p.pop[pid]
			found = true
		}
	}
	if !found {
		return math.NaN()
	}
	return sum
}

// arePatches reports whether every group is a scenario patch.
func (p *populations) arePatches(groups []string) bool {
	for _, g := range groups {
		if _, ok := p.pop[g]; !ok {
			return false
		}
	}
	return true
}

// popsKnown reports whether any group's population is known.
func (s *groupSeries) popsKnown() bool {
	return slices.ContainsFunc(s.pops, func(p float64) bool { return !math.IsNaN(p) })
}
