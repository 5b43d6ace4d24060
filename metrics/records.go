package metrics

import (
	"fmt"
	"iter"
	"sync/atomic"
	"time"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/phases"
)

// records is a tracker's storage: one row of width values per tick,
// tick-major (row t is data[t·width : (t+1)·width]), sized for num_ticks
// ticks. Tick-major rows make growing the run (a snapshot loaded with more
// ticks) an append and keep each Step's writes contiguous.
type records struct {
	width    int          // values per tick
	ticks    int          // capacity in ticks (num_ticks)
	recorded atomic.Int64 // ticks recorded so far (highest recorded tick + 1)
	data     []int64      // ticks·width values
}

// size allocates zeroed storage for ticks ticks, backed by huge pages
// where the kernel allows and faulted in now, so that no tick pays for
// first touch (internal/hugepage).
func (r *records) size(width, ticks int) {
	r.width, r.ticks = width, ticks
	r.recorded.Store(0)
	r.data = hugepage.MakeFaulted[int64](width * ticks)
}

// count returns the number of ticks recorded so far. It may be called from
// another goroutine while the model runs (an export that follows the run,
// see [Tracker]); rows of ticks the caller knows to be complete are then
// safe to read.
func (r *records) count() int { return int(r.recorded.Load()) }

// row returns tick t's values (a view into data).
func (r *records) row(t int) []int64 { return r.data[t*r.width : (t+1)*r.width] }

// record returns tick t's row for writing, cleared, and marks t recorded. A
// tick outside the sized range is an error naming the tracker.
func (r *records) record(name string, t int) ([]int64, error) {
	if t < 0 || t >= r.ticks {
		return nil, fmt.Errorf("%s: tick %d outside the %d ticks it was sized for", name, t, r.ticks)
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
func (r *records) byColumn(columns int) [][]int64 {
	out := make([][]int64, columns)
	flat := make([]int64, columns*r.ticks)
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

// rows returns copies of the recorded rows (a snapshot's content).
func (r *records) rows() [][]int64 {
	out := make([][]int64, r.count())
	for t := range out {
		out[t] = append([]int64(nil), r.row(t)...)
	}
	return out
}

// restore sizes storage for ticks ticks and copies saved rows into it. Rows
// must have width values each, none negative (every tracker stores counts),
// and fit into ticks; errors name the tracker.
func (r *records) restore(name string, width, ticks int, saved [][]int64) error {
	if len(saved) > ticks {
		return fmt.Errorf("%s: snapshot holds %d recorded ticks, more than num_ticks %d", name, len(saved), ticks)
	}
	for t, row := range saved {
		if len(row) != width {
			return fmt.Errorf("%s: snapshot row for tick %d has %d values, want %d", name, t, len(row), width)
		}
		for k, v := range row {
			if v < 0 {
				return fmt.Errorf("%s: snapshot row for tick %d, value %d is %d: counts must be >= 0", name, t, k, v)
			}
		}
	}
	r.size(width, ticks)
	for t, row := range saved {
		copy(r.row(t), row)
	}
	r.recorded.Store(int64(len(saved)))
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

// blocks yields the recorded rows from ≤ t < to as export blocks (see
// [Block]): tick-major, then one block per state, labelled ids and dated
// by dates. Row t holds the states one after the other, len(ids) values
// each.
func (r *records) blocks(from, to int, dates func(t int) time.Time, ids []string, states []string) iter.Seq[Block] {
	return func(yield func(Block) bool) {
		g := len(ids)
		for t := max(from, 0); t < min(to, r.count()); t++ {
			row, date := r.row(t), dates(t)
			for k, state := range states {
				if !yield(Block{Tick: t, Date: date, State: state, IDs: ids, Counts: row[k*g : (k+1)*g : (k+1)*g]}) {
					return
				}
			}
		}
	}
}
