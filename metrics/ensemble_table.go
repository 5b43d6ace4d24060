package metrics

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"time"
)

// QuantileBlock is one tick's distribution across replicates of one state:
// for each group or patch IDs[k], Values[0][k] is the mean over the
// replicates and Values[1+q][k] the quantile [QuantileProbs][q]
// ([QuantilePercent]: type 7, exact to the last bit).
// IDs and Values are views valid only during the yield call that receives
// the block, like [Block]'s.
type QuantileBlock struct {
	Tick   int       // tick index
	Date   time.Time // the tick's date
	State  string    // the tracker's state name ("S", "N", "cases", …)
	IDs    []string  // group or patch ids, as in the replicates' tidy tables
	Values [1 + NumQuantiles][]float64
}

// EnsembleTable is the quantile table of one tracker across the replicates
// of an ensemble: the replicates' trackers at the same place in their
// component lists, whose tidy tables have the same blocks (ticks, states and
// ids) and differ only in the counts. Each row of the table summarises one
// row of the tidy table over the replicates (columns [QuantileColumns]).
// It holds no table: [EnsembleTable.Blocks] reads the replicates' blocks
// in lockstep and computes one block at a time.
type EnsembleTable struct {
	name       string
	replicates []Tracker
}

// NewEnsembleTable returns the quantile table of the trackers, one per
// replicate in replicate order. They must be at least one and share a
// name (the same component in every replicate).
func NewEnsembleTable(replicates ...Tracker) (*EnsembleTable, error) {
	if len(replicates) == 0 {
		return nil, errors.New("metrics: an ensemble table needs at least one replicate's tracker")
	}
	name := replicates[0].Name()
	for r, t := range replicates[1:] {
		if t.Name() != name {
			return nil, fmt.Errorf("metrics: ensemble table of %s: replicate %d's tracker is %s", name, r+1, t.Name())
		}
	}
	return &EnsembleTable{name: name, replicates: slices.Clone(replicates)}, nil
}

// Name returns the trackers' name.
func (t *EnsembleTable) Name() string { return t.name }

// Replicates returns the number of replicates.
func (t *EnsembleTable) Replicates() int { return len(t.replicates) }

// Blocks yields the table's blocks in the trackers' export order
// (tick-major, then state, then group), a sequence of pairs (range over
// t.Blocks): each block with a nil error, or, when the replicates' blocks
// disagree (a different tick, state or id, a block with fewer counts than
// ids, or one replicate ending before the others), a zero block and an error
// naming the tracker, replicate and tick, after which the sequence ends.
//
// The replicates' Blocks run in lockstep (iter.Pull): each block of the
// table is computed from the R blocks at the same position, so with trackers
// that follow a running ensemble (each yielding a tick once it is complete)
// a tick's rows come out as soon as every replicate has finished it. Memory
// is O(R + ids of one block).
func (t *EnsembleTable) Blocks(yield func(QuantileBlock, error) bool) {
	R := len(t.replicates)
	next := make([]func() (Block, bool), R)
	for r, tr := range t.replicates {
		var stop func()
		next[r], stop = iter.Pull(tr.Blocks)
		defer stop()
	}
	blocks := make([]Block, R)
	more := make([]bool, R) // replicate r yielded an n-th block
	vals := make([]int64, R)
	fvals := make([]float64, R)
	var out QuantileBlock
	for n := 0; ; n++ {
		for r := range R {
			blocks[r], more[r] = next[r]()
		}
		if !slices.Contains(more, true) {
			return
		}
		if err := t.check(n, blocks, more); err != nil {
			yield(QuantileBlock{}, err)
			return
		}
		b0 := blocks[0]
		g := len(b0.IDs)
		for c := range out.Values {
			out.Values[c] = slices.Grow(out.Values[c][:0], g)[:g]
		}
		if b0.Values != nil {
			floatQuantiles(&out, blocks, fvals)
		} else {
			for k := range g {
				var sum int64
				for r := range R {
					v := blocks[r].Counts[k]
					vals[r] = v
					sum += v
				}
				sortCounts(vals)
				out.Values[0][k] = float64(sum) / float64(R)
				for q, pct := range QuantilePercents {
					out.Values[1+q][k] = QuantilePercent(vals, pct)
				}
			}
		}
		out.Tick, out.Date, out.State, out.IDs = b0.Tick, b0.Date, b0.State, b0.IDs
		if !yield(out, nil) {
			return
		}
	}
}

// check reports whether the replicates' n-th blocks (0-based) agree with
// replicate 0's; more[r] is false when replicate r had no n-th block.
func (t *EnsembleTable) check(n int, blocks []Block, more []bool) error {
	if short := slices.Index(more, false); short >= 0 {
		return fmt.Errorf("%s: replicate %d has %d blocks, replicate %d has more (replicates must record the same ticks)",
			t.name, short, n, slices.Index(more, true))
	}
	b0 := blocks[0]
	for r, b := range blocks {
		if (b.Values != nil) != (b0.Values != nil) {
			return fmt.Errorf("%s: replicate %d: %s, replicate 0: %s (replicates must record the same kind of values)",
				t.name, r, valueKindOf(b), valueKindOf(b0))
		}
		if n := blockLen(b); n != len(b.IDs) {
			return fmt.Errorf("%s: replicate %d: block of tick %d, state %q has %d ids but %d %s", t.name, r, b.Tick, b.State, len(b.IDs), n, valueKindOf(b))
		}
		if r == 0 {
			continue
		}
		if b.Tick != b0.Tick || !b.Date.Equal(b0.Date) || b.State != b0.State || len(b.IDs) != len(b0.IDs) {
			return fmt.Errorf("%s: replicate %d's block %d is tick %d (%s), state %q, %d ids; replicate 0's is tick %d (%s), state %q, %d ids",
				t.name, r, n, b.Tick, b.Date.Format(time.DateOnly), b.State, len(b.IDs), b0.Tick, b0.Date.Format(time.DateOnly), b0.State, len(b0.IDs))
		}
		for k, id := range b.IDs {
			if id != b0.IDs[k] {
				return fmt.Errorf("%s: replicate %d, tick %d, state %q: id %d is %q, replicate 0 has %q", t.name, r, b.Tick, b.State, k, id, b0.IDs[k])
			}
		}
	}
	return nil
}

// floatQuantiles fills out's values from the replicates' blocks of a float
// tracker (a tracker kit's TrackerSpec[float64]): per id, the mean over the
// replicates and the type-7 [Quantile] at each of [QuantileProbs] (floats
// have no exact integer form, so the interpolation is [Quantile]'s); vals
// is scratch of one value per replicate.
func floatQuantiles(out *QuantileBlock, blocks []Block, vals []float64) {
	for k := range blocks[0].IDs {
		var sum float64
		for r, b := range blocks {
			vals[r] = b.Values[k]
			sum += b.Values[k]
		}
		slices.Sort(vals)
		out.Values[0][k] = sum / float64(len(blocks))
		for q, p := range QuantileProbs {
			out.Values[1+q][k] = Quantile(vals, p)
		}
	}
}

// valueKindOf names what b carries: "float values" or "counts".
func valueKindOf(b Block) string {
	if b.Values != nil {
		return "float values"
	}
	return "counts"
}

// blockLen is the number of values b carries.
func blockLen(b Block) int {
	if b.Values != nil {
		return len(b.Values)
	}
	return len(b.Counts)
}

// insertionSortMax is the most values [sortCounts] sorts by insertion: up
// to it insertion sort beats slices.Sort's pdqsort on random counts
// (BenchmarkSortCounts: 1.4–2× faster at 8, 16, 32 and 64 values), whose
// pivot choice and partitioning cost more than they save on a few values;
// counts with ties or already in order favour insertion even more.
const insertionSortMax = 64

// sortCounts sorts x in ascending order: by insertion for the few values
// of a typical ensemble, slices.Sort for more.
func sortCounts(x []int64) {
	if len(x) > insertionSortMax {
		slices.Sort(x)
		return
	}
	for i := 1; i < len(x); i++ {
		v, j := x[i], i
		for ; j > 0 && x[j-1] > v; j-- {
			x[j] = x[j-1]
		}
		x[j] = v
	}
}
