package view

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// DefaultMaxValues is how many per-patch values (places × periods ×
// series) a page holds at most: 6 million float32s, about 24 MB before
// compression, so that a page stays well under 50 MB. England and Wales
// (954 towns × 1 042 weeks × S, E, I, R and cases: 4.97 million) fits at
// weekly resolution; a larger run has its periods merged (and above
// mapdata.GridThreshold patches, its patches summed into grid cells).
const DefaultMaxValues = 6_000_000

// mapPayload turns a run's map data into the page's map, the all-place
// totals and the dates; notes say what was aggregated. Periods are merged
// k at a time (compartments averaged, cases summed) when places × periods
// × series pass maxValues.
func mapPayload(d *mapdata.Data, maxValues int) (*MapData, *Totals, []string, string, []string) {
	n, periods := d.Places.Len(), d.Periods()
	var comps []string
	for _, s := range d.States {
		if s != mapdata.Cases {
			comps = append(comps, s)
		}
	}
	inc, hasInc := d.Incidence()
	hasInc = hasInc && inc.Incidence
	series := len(comps)
	if hasInc {
		series++
	}
	merge := max(1, (n*periods*series+maxValues-1)/maxValues)
	out := (periods + merge - 1) / merge
	word := periodWord(d.PeriodDays() * merge)
	var notes []string
	if d.Grid != nil {
		notes = append(notes, fmt.Sprintf("The map shows %d grid cells, not the %d patches: %s (above %d patches the map sums them).",
			n, d.NumPatches, d.Grid, mapdata.GridThreshold))
	}
	if merge > 1 {
		notes = append(notes, fmt.Sprintf("Periods are %s (%d of the run's %s periods each) so that the page holds at most %d values.",
			word, merge, periodWord(d.PeriodDays()), maxValues))
	}
	if d.DroppedTicks > 0 {
		notes = append(notes, fmt.Sprintf("The last %d ticks, short of a whole period, are left out.", d.DroppedTicks))
	}
	// merged returns state's values per output period: the mean (states)
	// or the sum (cases) of the merged periods, times scale.
	merged := func(state string, mean bool, scale float64, round bool) ([]float64, []float64) {
		v := make([]float64, out*n)
		tot := make([]float64, out)
		for k := range periods {
			f := d.Frame(state, k)
			o := k / merge
			for i, x := range f {
				v[o*n+i] += float64(x) * scale
			}
		}
		for o := range out {
			cnt := float64(min(merge, periods-o*merge))
			for i := range n {
				x := v[o*n+i]
				if mean {
					x /= cnt
				}
				if round {
					x = math.Round(x)
				}
				v[o*n+i] = x
				tot[o] += x
			}
		}
		return v, tot
	}
	m := &MapData{N: n, IDs: d.Places.IDs, X: EncodeFloats(d.Places.X), Y: EncodeFloats(d.Places.Y),
		Pop: EncodeFloats(d.Places.Pop), Projection: d.Projection.Name(), Compartments: comps,
		States: map[string]Floats{}, Unit: "patches"}
	if d.Grid != nil {
		m.Unit, m.Aggregation = "grid cells", notes[0]
	}
	tot := &Totals{Compartments: comps, States: map[string][]JSONNumber{}}
	for _, c := range comps {
		// Means of a period's days, rounded to whole people.
		v, t := merged(c, true, 1, true)
		m.States[c] = EncodeFloats(v)
		tot.States[c] = numbers(t)
	}
	if hasInc {
		v, t := merged(inc.State, false, inc.Scale, false)
		f := EncodeFloats(v)
		m.Cases = &f
		m.CasesLabel, _, _ = strings.Cut(inc.Label, " per ")
		tot.Cases = numbers(t)
	}
	dates := make([]string, out)
	for o := range out {
		dates[o] = d.Dates[o*merge].Format(time.DateOnly)
	}
	return m, tot, dates, word, notes
}

// periodWord names a period of days: "day", "week", "biweek", "N weeks",
// "N days".
func periodWord(days int) string {
	switch {
	case days == 1:
		return "day"
	case days == 7:
		return "week"
	case days == 14:
		return "biweek"
	case days%7 == 0:
		return fmt.Sprintf("%d weeks", days/7)
	}
	return fmt.Sprintf("%d days", days)
}
