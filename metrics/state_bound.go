package metrics

import (
	"fmt"
	"math"
	"strings"

	"github.com/rubeola/rubeola/scenario"
)

// maxTotal is the largest total a StateTracker records: 2^53
// ([scenario.MaxPop]), the bound of every patch's counts. The tracker's
// rows, the totals and attack rates of the results summary and the
// ensemble's statistics are sums of these counts; up to 2^53 each is exact
// in float64 (in summary.json, in Parquet and CSV readers, in the
// ensemble's quantiles).
const maxTotal = scenario.MaxPop

// TotalError is a tick at which the tracked patches' counts add up past
// 2^53 (SPEC §3.2): the run stops, as it does when one patch's count would
// pass it, and the schedule adds the tick and the phase.
type TotalError struct {
	States []string // the tracked states
	Totals []int64  // their totals over the tracked patches; nil when a sum passed the int64 range (then so did their sum)
}

// Error implements error.
func (e *TotalError) Error() string {
	var b strings.Builder
	b.WriteString("the counts of the tracked patches add up past ")
	fmt.Fprintf(&b, "%d (2^53)", int64(maxTotal))
	if e.Totals != nil {
		parts := make([]string, len(e.States))
		var sum int64
		for k, name := range e.States {
			parts[k] = fmt.Sprintf("%s = %d", name, e.Totals[k])
			sum += e.Totals[k]
		}
		fmt.Fprintf(&b, ": %s, together %d", strings.Join(parts, ", "), sum)
	}
	b.WriteString("; totals beyond 2^53 are not exact in float64, so the run stops (SPEC §3.2: the total over patches stays <= 2^53)")
	return b.String()
}

// sumChunk is how many counts are added between two checks of a running
// sum. Every count is in [0, 2^53] (the model's per-patch bound), so a
// chunk adds less than 1022·2^53, and a running sum at most wrapGuard
// before it stays below 2^63 after: the sums never wrap, and the inner
// loops stay as simple as plain sums (a check per count made a tracker's
// tick 2.5 times slower).
const sumChunk = 1022

// wrapGuard is the largest running sum to which one more chunk may be added.
const wrapGuard = math.MaxInt64 - sumChunk*maxTotal

// boundedSums adds counts for a StateTracker tick and records whether a
// sum passed maxTotal (over) and whether one stopped short to avoid
// wrapping (partial: its value is then a lower bound).
type boundedSums struct {
	over, partial bool
}

// all returns the sum of col.
func (b *boundedSums) all(col []int64) int64 {
	var total int64
	for lo := 0; lo < len(col); lo += sumChunk {
		var s int64
		for _, v := range col[lo:min(lo+sumChunk, len(col))] {
			s += v
		}
		if total = b.add(total, s); b.partial {
			break
		}
	}
	return total
}

// at returns the sum of col over the patches idx.
func (b *boundedSums) at(col []int64, idx []int) int64 {
	var total int64
	for lo := 0; lo < len(idx); lo += sumChunk {
		var s int64
		for _, j := range idx[lo:min(lo+sumChunk, len(idx))] {
			s += col[j]
		}
		if total = b.add(total, s); b.partial {
			break
		}
	}
	return total
}

// add returns total + s (s a chunk's sum), recording a total past maxTotal
// and one too large for another chunk.
func (b *boundedSums) add(total, s int64) int64 {
	total += s
	if total > maxTotal {
		b.over = true
		if total > wrapGuard {
			b.partial = true
		}
	}
	return total
}

// checkTotal returns a *TotalError when the counts just recorded in rec
// (one row per state, one value per group) add up past maxTotal. Groups
// never share a patch, so the sum over groups and states is the tracked
// patches' total population.
func (c *StateTracker) checkTotal(rec []int64, sums boundedSums) error {
	g := len(c.groupIDs)
	over := sums.over
	var all int64
	for _, v := range rec[:len(c.columns)*g] {
		all += v // each v ≤ maxTotal unless over: no wrap before the check
		if all > maxTotal {
			over = true
			break
		}
	}
	if !over {
		return nil
	}
	e := &TotalError{States: c.States()}
	if sums.partial {
		return e // a sum stopped short: no totals to show
	}
	all = 0
	for k := range c.columns {
		var sum int64
		for _, v := range rec[k*g : (k+1)*g] {
			if sum+v < sum || all+v < all {
				return e // the totals would wrap: none to show
			}
			sum += v
			all += v
		}
		e.Totals = append(e.Totals, sum)
	}
	return e
}
