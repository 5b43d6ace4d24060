package mixing

import (
	"fmt"

	"github.com/rubeola/rubeola/scenario"
)

// checkScenario returns the number of patches of scn after checking what the
// kernel mixers read from it: at least one patch, id, pop, lat and lon
// columns of equal length, pops ≥ 0 and coordinates in range. A table that
// passed [scenario.Table.Validate] always passes.
func checkScenario(scn *scenario.Table) (int, error) {
	n, err := scenarioLen(scn)
	if err != nil {
		return 0, err
	}
	if len(scn.Pop) != n || len(scn.Lat) != n || len(scn.Lon) != n {
		return 0, fmt.Errorf("mixing: scenario column lengths differ: id %d, pop %d, lat %d, lon %d",
			n, len(scn.Pop), len(scn.Lat), len(scn.Lon))
	}
	for i, p := range scn.Pop {
		if p < 0 {
			return 0, fmt.Errorf("mixing: patch %s has pop %d < 0", patchName(scn, i), p)
		}
	}
	if err := checkCoords(scn.Lat, scn.Lon); err != nil {
		return 0, err
	}
	return n, nil
}

// scenarioLen returns the number of patches of scn (the length of its id
// column), which must be at least 1.
func scenarioLen(scn *scenario.Table) (int, error) {
	if scn == nil || scn.Len() == 0 {
		return 0, fmt.Errorf("mixing: scenario has no patches")
	}
	return scn.Len(), nil
}

// patchName formats patch i for messages: `3 ("lagos")`, or just the index
// when scn has no id for it.
func patchName(scn *scenario.Table, i int) string {
	if scn != nil {
		return idName(scn.ID, i)
	}
	return fmt.Sprint(i)
}

// idName formats patch i for messages from an id list (nil allowed).
func idName(ids []string, i int) string {
	if i < len(ids) {
		return fmt.Sprintf("%d (%q)", i, ids[i])
	}
	return fmt.Sprint(i)
}

// populations returns the scenario pops as float64.
func populations(scn *scenario.Table) []float64 {
	p := make([]float64, len(scn.Pop))
	for i, v := range scn.Pop {
		p[i] = float64(v)
	}
	return p
}
