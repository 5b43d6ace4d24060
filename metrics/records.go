package metrics

import (
	"fmt"
	"iter"
	"sync/atomic"
	"time"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/phases"
)

// Value is the type of a tracker's stored values: int64 counts (every
// built-in tracker) or float64 (a share, a rate: a [Kit] may hold either).
type Value interface{ int64 | float64 }

// store is a tracker's storage: one row of width values per tick,
// tick-major (row t is data[t·width : (t+1)·width]), sized for num_ticks
// ticks (a [Kit] sampling every k ticks: one row per sampled tick).
// Tick-major rows make growing the run (a snapshot loaded with more
// ticks) an append and keep each Step's writes contiguous.
type store[V Value] struct {
	width    int          // values per tick
	ticks    int          // capacity in ticks (num_ticks)
	recorded atomic.Int64 // ticks recorded so far (highest recorded tick + 1)
	data     []V          // ticks·width values
	signed   bool         // negative values are allowed (restore checks them otherwise)
	every    int          // row i holds tick i·every (0 or 1: every tick)
	spill    *spillFile   // non-nil: rows live in this file, data is the row being recorded (spill.go)
}

// records is the built-in trackers' storage of int64 counts.
type records = store[int64]

// size allocates zeroed storage for ticks ticks, backed by huge pages
// where the kernel allows and faulted in now, so that no tick pays for
// first touch (internal/hugepage).
func (r *store[V]) size(width, ticks int) {
	r.width, r.ticks, r.spill = width, ticks, nil
	r.recorded.Store(0)
	r.data = hugepage.MakeFaulted[V](width * ticks)
}

// count returns the number of ticks recorded so far. It may be called from
// another goroutine while the model runs (an export that follows the run,
// see [Tracker]); rows of ticks the caller knows to be complete are then
// safe to read.
func (r *store[V]) count() int { return int(r.recorded.Load()) }

// row returns tick t's values (a view into data).
func (r *store[V]) row(t int) []V { return r.data[t*r.width : (t+1)*r.width] }

// record returns tick t's row for writing, cleared, and marks t recorded
// (a spilled store: at [store.commit], once the row is on disk). A tick
// outside the sized range is an error naming the tracker.
func (r *store[V]) record(name string, t int) ([]V, error) {
	if t < 0 || t >= r.ticks {
		return nil, fmt.Errorf("%s: tick %d outside the %d ticks it was sized for", name, t, r.ticks)
	}
	if r.spill != nil {
		clear(r.data)
		return r.data, nil
	}
	row := r.row(t)
	clear(row)
	if int64(t) >= r.recorded.Load() {
		r.recorded.Store(int64(t) + 1) // after the row is handed out: see [records.count]
	}
	return row, nil
}

// byColumn returns the storage transposed, [column][tick] for the columns
// columns (the tracker's groups or patches, known before storage is sized)
// and every tick sized for (ticks not yet recorded are 0), in one
// allocation.
func (r *store[V]) byColumn(columns int) [][]V {
	out := make([][]V, columns)
	flat := make([]V, columns*r.ticks)
	for k := range out {
		out[k] = flat[k*r.ticks : (k+1)*r.ticks : (k+1)*r.ticks]
	}
	for t := range r.ticks {
		for k, v := range r.row(t) {
			out[k][t] = v
		}
	}
	return out
}

// rows returns the recorded rows (a snapshot's content) as views into the
// storage, not copies: a snapshot encodes them at once, at a tick boundary
// (a copy doubled a 10⁶-patch tracker's memory while it was saved). An
// empty row is nil, as a copy of it was, so it encodes as null.
func (r *store[V]) rows() [][]V {
	out := make([][]V, r.count())
	for t := range out {
		if row := r.row(t); len(row) > 0 {
			out[t] = row[:len(row):len(row)]
		}
	}
	return out
}

// restore sizes storage for ticks ticks and copies saved rows into it. Rows
// must have width values each, none negative unless the store is signed
// (every built-in tracker stores counts), and fit into ticks; errors name
// the tracker.
func (r *store[V]) restore(name string, width, ticks int, saved [][]V) error {
	return r.restoreTo(name, width, ticks, saved, nil)
}

// restoreTo is [store.restore] into a spill file (spill non-nil: in
// spill.Dir) or into memory (nil).
func (r *store[V]) restoreTo(name string, width, ticks int, saved [][]V, spill *SpillPolicy) error {
	if len(saved) > ticks {
		return fmt.Errorf("%s: snapshot holds %d recorded ticks, more than num_ticks %d", name, len(saved), ticks)
	}
	for t, row := range saved {
		if err := r.checkSaved(name, t, width, row); err != nil {
			return err
		}
	}
	if spill == nil {
		r.size(width, ticks)
		for t, row := range saved {
			copy(r.row(t), row)
		}
		r.recorded.Store(int64(len(saved)))
		return nil
	}
	if err := r.sizeSpilled(width, ticks, spill.Dir); err != nil {
		return err
	}
	for t, row := range saved {
		copy(r.data, row)
		if err := r.commit(name, t); err != nil {
			return err
		}
	}
	return nil
}

// checkSaved checks the saved row of tick t: width values, none negative
// unless the store is signed.
func (r *store[V]) checkSaved(name string, t, width int, row []V) error {
	if len(row) != width {
		return fmt.Errorf("%s: snapshot row for tick %d has %d values, want %d", name, t, len(row), width)
	}
	for k, v := range row {
		if v < 0 && !r.signed {
			return fmt.Errorf("%s: snapshot row for tick %d, value %d is %v: counts must be >= 0", name, t, k, v)
		}
	}
	return nil
}

// stateColumns returns the column views of every state of m's world, in
// state order.
func stateColumns(m phases.Model) ([][]int64, error) {
	w := m.World()
	names := w.StateNames()
	cols := make([][]int64, len(names))
	for k, name := range names {
		col, err := w.State(name)
		if err != nil {
			return nil, err
		}
		cols[k] = col
	}
	return cols, nil
}

// blocks yields the recorded rows of ticks from ≤ t < to as export blocks
// (see [Block]): tick-major, then one block per state, labelled ids and
// dated by dates. Row i holds tick i·every (every tick unless the store
// samples), the states one after the other, len(ids) values each.
func (r *store[V]) blocks(from, to int, dates func(t int) time.Time, ids []string, states []string) iter.Seq[Block] {
	step := max(r.every, 1)
	rows := func() (int, int) { return ceilDiv(max(from, 0), step), min(ceilDiv(to, step), r.count()) }
	return r.rowBlocks(rows, func(i int) int { return i * step }, dates, ids, states)
}

// rowBlocks yields the rows first ≤ i < end, (first, end) = rows() when
// iterated, as export blocks, row i dated tick tickOf(i) (see
// [store.blocks]).
func (r *store[V]) rowBlocks(rows func() (int, int), tickOf func(i int) int, dates func(t int) time.Time, ids []string, states []string) iter.Seq[Block] {
	return func(yield func(Block) bool) {
		g := len(ids)
		first, end := rows()
		var buf []V // a spilled store's rows are read into it, one at a time
		for i := first; i < end; i++ {
			t := tickOf(i)
			row, date := r.read(i, buf), dates(t)
			buf = row[:len(row):len(row)]
			for k, state := range states {
				if !yield(valueBlock(Block{Tick: t, Date: date, State: state, IDs: ids}, row[k*g:(k+1)*g:(k+1)*g])) {
					return
				}
			}
		}
	}
}

// ceilDiv is ⌈a/b⌉ for a ≥ 0, b > 0, without overflow at math.MaxInt.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// valueBlock returns b with its values: Counts for int64, Values for
// float64.
func valueBlock[V Value](b Block, values []V) Block {
	switch v := any(values).(type) {
	case []int64:
		b.Counts = v
	case []float64:
		b.Values = v
	}
	return b
}
