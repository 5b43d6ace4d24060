package tidytest

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/rubeola/rubeola/metrics"
)

// Table is a tracker whose records are Counts: Counts[t] is tick t's row,
// state-major, then one value per id. Tick t is dated Start + 14·t days
// (the biweekly tick).
type Table struct {
	TrackerName string
	Start       time.Time
	IDs         []string
	States      []string
	Counts      [][]int64
	// CountsPerBlock, when positive, makes every block carry that many
	// counts whatever len(IDs) is (a malformed tracker).
	CountsPerBlock int
}

// Name returns TrackerName.
func (t *Table) Name() string { return t.TrackerName }

// Blocks yields one block per tick and state.
func (t *Table) Blocks(yield func(metrics.Block) bool) {
	g := len(t.IDs)
	for tick, row := range t.Counts {
		date := t.Start.AddDate(0, 0, 14*tick)
		for k, state := range t.States {
			counts := row[k*g : (k+1)*g]
			if t.CountsPerBlock > 0 {
				counts = row[:t.CountsPerBlock]
			}
			if !yield(metrics.Block{Tick: tick, Date: date, State: state, IDs: t.IDs, Counts: counts}) {
				return
			}
		}
	}
}

// Synthetic returns a table of n ids "patch_0" … "patch_<n−1>" (the
// baseline scenario's ids), one state and ticks ticks from 2000-01-01, with
// counts drawn uniformly from [0, 10⁶) (population-sized numbers) by a
// PCG seeded with seed.
func Synthetic(name, state string, n, ticks int, seed uint64) *Table {
	r := rand.New(rand.NewPCG(seed, 0))
	t := &Table{TrackerName: name, Start: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), States: []string{state}}
	for j := range n {
		t.IDs = append(t.IDs, fmt.Sprintf("patch_%d", j))
	}
	for range ticks {
		row := make([]int64, n)
		for j := range row {
			row[j] = r.Int64N(1_000_000)
		}
		t.Counts = append(t.Counts, row)
	}
	return t
}

// Replicates returns R [Synthetic] tables of the same shape, replicate r
// drawn with seed r: the trackers of R replicates for ensemble tables.
func Replicates(name, state string, n, ticks, R int) []metrics.Tracker {
	out := make([]metrics.Tracker, R)
	for r := range R {
		out[r] = Synthetic(name, state, n, ticks, uint64(r))
	}
	return out
}
