package plot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// The tables of the agent-based model's trackers of people
// (docs/outputs.md): each gets its own picture, not a user table's.
const (
	pyramidTable   = "age_pyramid"
	infectionTable = "age_at_infection"
	immunityTable  = "immunity_by_age"
)

// peopleTables are the tables of the trackers of people a run has (nil:
// absent).
type peopleTables struct {
	pyramid, infection, immunity *Table
}

// readPeopleTables reads the tables of the trackers of people that exist;
// a bad one (its age bins included) is an [*InputError].
func (d *runData) readPeopleTables() error {
	for _, r := range []struct {
		base, prefix string // prefix: of the states that are bins
		dst          **Table
	}{{pyramidTable, "", &d.people.pyramid}, {infectionTable, "", &d.people.infection}, {immunityTable, immunityPrefix, &d.people.immunity}} {
		path := findTable(d.dir, r.base)
		if path == "" {
			continue
		}
		t, err := ReadTable(path)
		if err != nil {
			return err
		}
		if _, _, err := binStates(t, r.prefix); err != nil {
			return err
		}
		*r.dst = t
	}
	return nil
}

// immunityPrefix starts the immunity profile's states of its first class,
// whose bins are every class's.
const immunityPrefix = "S/"

// ageBin is an age bin of a tracker of people: ages lo to hi−1 days, hi
// −1 for the open last bin.
type ageBin struct{ lo, hi int }

// parseAgeBin reads a bin label "a-b" or "a+" (days).
func parseAgeBin(label string) (ageBin, error) {
	if lo, ok := strings.CutSuffix(label, "+"); ok {
		a, err := strconv.Atoi(lo)
		return ageBin{a, -1}, err
	}
	lo, hi, ok := strings.Cut(label, "-")
	if !ok {
		return ageBin{}, fmt.Errorf("age bin %q: want \"a-b\" or \"a+\" (days)", label)
	}
	a, err := strconv.Atoi(lo)
	if err != nil {
		return ageBin{}, fmt.Errorf("age bin %q: %w", label, err)
	}
	b, err := strconv.Atoi(hi)
	if err != nil || b <= a {
		return ageBin{}, fmt.Errorf("age bin %q: want a < b days", label)
	}
	return ageBin{a, b}, nil
}

// ageLabel writes an age in days as months under two years ("9m"), else
// years ("5y").
func ageLabel(days int) string {
	if days == 0 {
		return "0"
	}
	if days < 730 {
		return fmt.Sprintf("%gm", math.Round(float64(days)/(365.25/12)))
	}
	y := float64(days) / 365.25
	if math.Abs(y-math.Round(y)) < 0.1 { // 1830 days (the WPP bands' edges) is 5y
		y = math.Round(y)
	}
	return fmt.Sprintf("%gy", math.Round(y*10)/10)
}

// label is the bin's axis label: its lower age, "+" for the open bin.
func (b ageBin) label() string {
	if b.hi < 0 {
		return ageLabel(b.lo) + "+"
	}
	return ageLabel(b.lo)
}

// position maps an age in days to the bins' axis, bin k spanning
// [k, k+1): linear within a bin, the middle of the open last bin.
func position(bins []ageBin, days float64) float64 {
	for k, b := range bins {
		if b.hi < 0 {
			return float64(k) + 0.5
		}
		if days < float64(b.hi) {
			return float64(k) + max(0, (days-float64(b.lo))/float64(b.hi-b.lo))
		}
	}
	return float64(len(bins))
}

// totals returns state's values summed over the table's groups, per
// recorded tick.
func totals(t *Table, state string) []float64 {
	out := make([]float64, len(t.Ticks))
	for _, g := range t.Groups {
		for i, v := range t.Series(state, g) {
			out[i] += v
		}
	}
	return out
}

// binStates splits a table's states "prefix+bin" into their bins, in
// order, keeping those with the prefix (prefix "" and no other state
// shapes: the age pyramid's). States that are not bins (the age at
// infection's age_days_sum) are left out.
func binStates(t *Table, prefix string) ([]string, []ageBin, error) {
	var states []string
	var bins []ageBin
	for _, s := range t.States {
		label, ok := strings.CutPrefix(s, prefix)
		if !ok || (label != "" && (label[0] < '0' || label[0] > '9')) {
			continue
		}
		b, err := parseAgeBin(label)
		if err != nil {
			return nil, nil, &InputError{File: t.Path, Err: err}
		}
		states, bins = append(states, s), append(bins, b)
	}
	if len(bins) == 0 {
		return nil, nil, &InputError{File: t.Path, Err: fmt.Errorf("no age bin states (%q then \"a-b\" or \"a+\")", prefix)}
	}
	return states, bins, nil
}

// binTicks labels about n of the bins on an axis (bin k spans [k, k+1)).
func binTicks(bins []ageBin, n int) plot.ConstantTicks {
	step := max(1, (len(bins)+n-1)/n)
	var out plot.ConstantTicks
	for k := 0; k < len(bins); k += step {
		out = append(out, plot.Tick{Value: float64(k) + 0.5, Label: bins[k].label()})
	}
	return out
}
