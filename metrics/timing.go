package metrics

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"time"
)

// Timing is the per-phase wall-clock table of a run (SPEC §8.6).
type Timing struct {
	// Phases are the phase names in schedule order.
	Phases []string
	// Rows hold one row per tick: [tick, µs phase 1, …, µs phase P].
	Rows [][]int64
	// Init and Finalize hold µs per component for initialisation and
	// finalisation.
	Init     map[string]int64
	Finalize map[string]int64

	current []int64
	slab    []int64 // preallocated storage for upcoming rows
}

// NewTiming returns an empty table for the given phases.
func NewTiming(phases []string) *Timing {
	return &Timing{Phases: append([]string(nil), phases...), Init: map[string]int64{}, Finalize: map[string]int64{}}
}

// Reserve makes sure storage for ticks more rows (and the row list) is
// preallocated, so that recording them allocates nothing.
func (t *Timing) Reserve(ticks int) {
	width := len(t.Phases) + 1
	if len(t.slab) < ticks*width {
		t.slab = make([]int64, ticks*width)
	}
	t.Rows = slices.Grow(t.Rows, ticks)
}

// BeginTick starts the row of tick.
func (t *Timing) BeginTick(tick int) {
	width := len(t.Phases) + 1
	if len(t.slab) >= width {
		t.current = t.slab[:1:width]
		t.slab = t.slab[width:]
	} else {
		t.current = make([]int64, 1, width)
	}
	t.current[0] = int64(tick)
}

// Record appends one phase's duration to the current row (a
// phases.TimingFunc).
func (t *Timing) Record(_ string, d time.Duration) {
	t.current = append(t.current, d.Microseconds())
}

// EndTick stores the current row.
func (t *Timing) EndTick() {
	if t.current != nil {
		t.Rows = append(t.Rows, t.current)
		t.current = nil
	}
}

// Totals returns the total µs of each phase over all rows, in phase order.
func (t *Timing) Totals() []int64 {
	out := make([]int64, len(t.Phases))
	for _, row := range t.Rows {
		for k := range out {
			if k+1 < len(row) {
				out[k] += row[k+1]
			}
		}
	}
	return out
}

// TotalsByName returns the total µs per phase name over all rows (a name
// that appears more than once in the schedule is summed), with the names in
// first-appearance order.
func (t *Timing) TotalsByName() (names []string, totals map[string]int64) {
	totals = map[string]int64{}
	for k, total := range t.Totals() {
		name := t.Phases[k]
		if _, ok := totals[name]; !ok {
			names = append(names, name)
		}
		totals[name] += total
	}
	return names, totals
}

// WriteCSV writes the rows with header tick,<phase names…>.
func (t *Timing) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(append([]string{"tick"}, t.Phases...)); err != nil {
		return err
	}
	rec := make([]string, len(t.Phases)+1)
	for _, row := range t.Rows {
		for k := range rec {
			rec[k] = ""
			if k < len(row) {
				rec[k] = strconv.FormatInt(row[k], 10)
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
