package metrics

import (
	"iter"
	"math"
	"time"
)

// Block is one tick's counts of one state: Counts[k] is the count of the
// group or patch IDs[k]. It is the unit in which trackers stream their
// records (a tidy row per element, see [Rows]). IDs and Counts are views
// into the tracker's storage, valid only during the yield call that
// receives the block: a consumer reads them and must neither modify nor
// retain them.
type Block struct {
	Tick   int       // tick index
	Date   time.Time // the model's TickDate(Tick)
	State  string    // state name, "N", "cases" or "fadeouts"
	IDs    []string  // group or patch ids, len(IDs) == len(Counts)
	Counts []int64
}

// Row is one line of a tracker's tidy long export.
type Row struct {
	Tick    int    // tick index
	Date    string // TickDate(tick) as YYYY-MM-DD
	PatchID string // group or patch id
	State   string // state name, "N", "cases" or "fadeouts"
	Count   int64
}

// Tracker is a component whose records export as a tidy long table
// (SPEC §8.5). Blocks is a sequence (iter.Seq[Block]: range over
// t.Blocks) of the recorded ticks in export order: tick-major, then state,
// each block's ids in group order. It allocates nothing per block, so
// writers stream any table in O(buffer) memory.
//
// The built-in trackers' Blocks may also run on another goroutine while the
// model runs (the CLI streams outputs during the run): it then yields the
// ticks recorded when it is called, and the blocks of ticks the caller knows
// to be complete — synchronised with the model's goroutine after them, e.g.
// after RunTicks returned — are safe to read. Ticks past that point are not.
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
				if !yield(Row{Tick: b.Tick, Date: date, PatchID: id, State: b.State, Count: b.Counts[k]}) {
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
