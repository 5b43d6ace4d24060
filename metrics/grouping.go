package metrics

import "github.com/rubeola/rubeola/scenario"

// Aggregation levels with special meanings (SPEC §8.1); aliases of the
// scenario package's constants, where the grouping lives so that systems can
// use it too.
const (
	// AllPatches groups every patch into one group "all_patches".
	AllPatches = scenario.AllPatches
	// PerPatch makes one group per patch, keyed by its id.
	PerPatch = scenario.PerPatch
)

// AllPatchesID is the group id of the single group at level [AllPatches].
const AllPatchesID = scenario.AllPatchesID

// GroupKey returns the group key of a patch id at an aggregation level; see
// [scenario.GroupKey].
func GroupKey(id string, level int) string { return scenario.GroupKey(id, level) }

// Groups groups the patches kept by filter by their key at level, in
// first-appearance order; see [scenario.Groups].
func Groups(ids []string, level int, filter func(id string) bool) ([]string, [][]int, error) {
	return scenario.Groups(ids, level, filter)
}
