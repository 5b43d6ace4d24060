package mapdata

import (
	"slices"
	"strconv"
	"time"
)

// Cases is the name [Data] gives the reported cases of the per-patch cases
// table (CaseSurveillanceTracker at aggregation level −2).
const Cases = "cases"

// Data is what a map needs from a run: the places, and per reporting
// period and place the mean of each compartment over the period's ticks
// and the reported cases summed over it.
type Data struct {
	// Dir is the run directory.
	Dir string
	// ScenarioFrom says where the coordinates came from (a path or a
	// rebuilt builder's origin).
	ScenarioFrom string
	// StatesFile and CasesFile are the per-patch tables read ("" none).
	StatesFile, CasesFile string
	// Projection projects the places; its Name is for labels.
	Projection Projection
	// Places are the patches, or the grid cells of Grid.
	Places *Places
	// Grid is non-nil when patches were summed into grid cells.
	Grid *Grid
	// NumPatches is the number of scenario patches.
	NumPatches int
	// StepDays is the tick length in days.
	StepDays int
	// PeriodTicks is the number of ticks in a reporting period.
	PeriodTicks int
	// Dates is the first day of each period.
	Dates []time.Time
	// States are the compartments of the states table in file order
	// (S, E, I, R, …), then Cases when the cases table was read.
	States []string
	// DroppedTicks is the number of ticks at the end of the states table
	// that did not fill a period and were left out.
	DroppedTicks int
	values       map[string][]float32 // [period*places + place]
}

// Periods is the number of reporting periods.
func (d *Data) Periods() int { return len(d.Dates) }

// PeriodDays is the length of a period in days.
func (d *Data) PeriodDays() int { return d.PeriodTicks * d.StepDays }

// Has reports whether the data has state (a compartment or Cases).
func (d *Data) Has(state string) bool { return slices.Contains(d.States, state) }

// Frame is every place's value of state in period k (nil when the data
// has no such state). The slice is the data's own: read, don't write.
func (d *Data) Frame(state string, k int) []float32 {
	v, ok := d.values[state]
	if !ok {
		return nil
	}
	n := d.Places.Len()
	return v[k*n : (k+1)*n : (k+1)*n]
}

// Series is place i's value of state in every period, appended to dst[:0]
// (nil when the data has no such state).
func (d *Data) Series(state string, i int, dst []float64) []float64 {
	v, ok := d.values[state]
	if !ok {
		return nil
	}
	n := d.Places.Len()
	dst = dst[:0]
	for k := range d.Periods() {
		dst = append(dst, float64(v[k*n+i]))
	}
	return dst
}

// Measure is a per-period quantity drawn on a map.
type Measure struct {
	// State is the state it is read from (Cases, I).
	State string
	// Label says what a value is, for titles and colour bars: "reported
	// cases per week", "infections per biweek", "infectious (mean of the
	// week)".
	Label string
	// Incidence is true for new cases in the period, false for the
	// infectious people at a time (prevalence).
	Incidence bool
	// Scale multiplies the stored values (the mean of a period's ticks)
	// into the measure: the period's ticks for the biweekly model's I (a
	// sum of incidences), else 1.
	Scale float64
}

// Incidence is the best measure of incidence the data has: reported cases;
// else the biweekly model's I (its I at the end of a tick is the tick's
// new infections, SPEC §5) summed over the period; else the I of the daily
// models (compartmental and agent-based), a prevalence (the mean of the
// period's days). ok is false when the
// data has neither cases nor I.
func (d *Data) Incidence() (Measure, bool) {
	per := "per " + periodWord(d.PeriodDays())
	switch {
	case d.Has(Cases):
		return Measure{State: Cases, Label: "reported cases " + per, Incidence: true, Scale: 1}, true
	case d.Has("I") && !d.Has("E"):
		return Measure{State: "I", Label: "infections " + per, Incidence: true, Scale: float64(d.PeriodTicks)}, true
	case d.Has("I"):
		return Measure{State: "I", Label: "infectious (mean of the " + periodWord(d.PeriodDays()) + ")", Scale: 1}, true
	}
	return Measure{}, false
}

// periodWord names a period of days: "day", "week", "biweek", "28 days".
func periodWord(days int) string {
	switch days {
	case 1:
		return "day"
	case 7:
		return "week"
	case 14:
		return "biweek"
	}
	return strconv.Itoa(days) + " days"
}
