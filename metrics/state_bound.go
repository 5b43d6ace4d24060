package metrics

import (
	"fmt"
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

// checkTotal returns a *TotalError when the counts just recorded in rec
// (one row per state, one value per group) add up past maxTotal; over
// reports that one group's sum already did (it may then have wrapped).
// Groups never share a patch, so the sum over groups and states is the
// tracked patches' total population.
func (c *StateTracker) checkTotal(rec []int64, over bool) error {
	g := len(c.groupIDs)
	var all int64
	for _, v := range rec[:len(c.columns)*g] {
		all += v // each v ≤ maxTotal unless over: no wrap before the check
		if all > maxTotal {
			over = true
		}
	}
	if !over {
		return nil
	}
	e := &TotalError{States: c.States()}
	all = 0
	for k := range c.columns {
		var sum int64
		for _, v := range rec[k*g : (k+1)*g] {
			if v < 0 || sum+v < sum || all+v < all {
				return e // a sum wrapped: no totals to show
			}
			sum += v
			all += v
		}
		e.Totals = append(e.Totals, sum)
	}
	return e
}
