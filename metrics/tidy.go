package metrics

import (
	"fmt"
	"iter"
	"math"
	"time"
)

// Block is one tick's counts of one state: Counts[k] is the count of the
// group or patch IDs[k] — or, in the blocks of a [FloatTracker], Values[k]
// its value (Counts is then nil). It is the unit in which trackers stream their
// records (a tidy row per element, see [Rows]). IDs and Counts are views
// into the tracker's storage, valid only during the yield call that
// receives the block: a consumer reads them and must neither modify nor
// retain them.
type Block struct {
	Tick   int       // tick index
	Date   time.Time // the model's TickDate(Tick)
	State  string    // state name, "N", "cases" or "fadeouts"
	IDs    []string  // group or patch ids, len(IDs) == len(Counts) (or len(Values))
	Counts []int64
	Values []float64 // a FloatTracker's values instead of Counts
}

// Len is the number of values the block carries: len(Values) for a
// float-valued block, else len(Counts).
func (b Block) Len() int {
	if b.Values != nil {
		return len(b.Values)
	}
	return len(b.Counts)
}

// Row is one line of a tracker's tidy long export.
type Row struct {
	Tick    int    // tick index
	Date    string // TickDate(tick) as YYYY-MM-DD
	PatchID string // group or patch id
	State   string // state name, "N", "cases" or "fadeouts"
	Count   int64
	Value   float64 // a FloatTracker's value (Count is then 0)
}

// Tracker is a component whose records export as a tidy long table
// (SPEC §8.5). Blocks is a sequence (iter.Seq[Block]: range over
// t.Blocks) of the recorded ticks in export order: tick-major, then state,
// each block's ids in group order. It allocates nothing per block, so
// writers stream any table in O(buffer) memory.
//
// Every tracker's Blocks may run on another goroutine while the model runs
// (the CLI streams every tracker's table during the run, user trackers'
// too): it then yields the ticks recorded when it is called, and the blocks
// of ticks the caller knows to be complete — synchronised with the model's
// goroutine after them, e.g. after RunTicks returned — are safe to read.
// Ticks past that point are not. A tracker must therefore publish how far
// it has recorded with an atomic (as the built-in trackers and [Kit] do),
// never with a plain field that Step writes; docs/trackers.md.
type Tracker interface {
	Name() string
	Blocks(yield func(Block) bool)
}

// TickRanger is a [Tracker] whose blocks can be read a stretch of ticks at
// a time, as the built-in trackers' can: a writer that follows a running
// model reads each stretch of newly completed ticks without walking the
// ticks before it.
type TickRanger interface {
	Tracker
	// BlocksBetween yields the blocks whose tick is from ≤ Block.Tick < to
	// (those recorded), in export order: that part of Blocks' sequence.
	BlocksBetween(from, to int) iter.Seq[Block]
}

// The built-in trackers are TickRangers.
var (
	_ TickRanger = (*StateTracker)(nil)
	_ TickRanger = (*PopulationTracker)(nil)
	_ TickRanger = (*FadeOutTracker)(nil)
	_ TickRanger = (*CaseSurveillanceTracker)(nil)
)

// allTicks is the end of a tick range that reaches past every recorded
// tick.
const allTicks = math.MaxInt

// Rows yields t's tidy rows one at a time, in export order; each block's
// date is formatted once.
func Rows(t Tracker) iter.Seq[Row] {
	return func(yield func(Row) bool) {
		for b := range t.Blocks {
			date := b.Date.Format(time.DateOnly)
			for k, id := range b.IDs {
				r := Row{Tick: b.Tick, Date: date, PatchID: id, State: b.State}
				if b.Values != nil {
					r.Value = b.Values[k]
				} else {
					r.Count = b.Counts[k]
				}
				if !yield(r) {
					return
				}
			}
		}
	}
}

// Tidy returns t's whole table as rows. It holds the table in memory, so it
// is meant for tests and small tables; the writers ([WriteTidyCSV]) stream
// [Tracker.Blocks] instead.
func Tidy(t Tracker) []Row {
	var rows []Row
	for r := range Rows(t) {
		rows = append(rows, r)
	}
	return rows
}

// FloatTracker is a [Tracker] whose blocks carry float64 values
// (Block.Values) instead of counts: its tidy table's last column is
// "value" instead of "count" (CSV: the shortest decimal that reads back to
// the same float64; Parquet: DOUBLE). A [Kit] of float64 values is one.
type FloatTracker interface {
	Tracker
	// FloatValues reports whether the blocks carry Values (true) or
	// Counts.
	FloatValues() bool
}

// IsFloat reports whether t's blocks carry float64 values ([FloatTracker]).
func IsFloat(t Tracker) bool {
	f, ok := t.(FloatTracker)
	return ok && f.FloatValues()
}

// ValueColumn is the name of the last column of t's tidy table: "value"
// for a [FloatTracker], else "count".
func ValueColumn(t Tracker) string {
	if IsFloat(t) {
		return "value"
	}
	return "count"
}

// valueKind returns the value column shared by trackers written into one
// file, or an error when they differ (counts and floats cannot share a
// column).
func valueKind(trackers []Tracker) (string, error) {
	if len(trackers) == 0 {
		return "count", nil
	}
	col := ValueColumn(trackers[0])
	for _, t := range trackers[1:] {
		if c := ValueColumn(t); c != col {
			return "", fmt.Errorf("%s has a %q column and %s a %q column: trackers of counts and of float values go in separate files", trackers[0].Name(), col, t.Name(), c)
		}
	}
	return col, nil
}

// FileNamer is a [Tracker] that names its tidy table's file (without
// extension; a [Kit] does, from its spec's File). The CLI names other
// trackers' files after Name(), in lower case with spaces as "_".
type FileNamer interface {
	Tracker
	FileBase() string
}
