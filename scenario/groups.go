package scenario

import (
	"fmt"
	"strings"
)

// Aggregation levels with special meanings (SPEC §8.1).
const (
	// AllPatches groups every patch into one group "all_patches".
	AllPatches = -1
	// PerPatch makes one group per patch, keyed by its id.
	PerPatch = -2
)

// AllPatchesID is the group id of the single group at level [AllPatches].
const AllPatchesID = "all_patches"

// GroupKey returns the group key of a patch id at an aggregation level (SPEC
// §8.1): "all_patches" for [AllPatches], the full id for [PerPatch], and the
// first level+1 colon-separated parts for level ≥ 0 (all parts if fewer).
func GroupKey(id string, level int) string {
	switch {
	case level == AllPatches:
		return AllPatchesID
	case level < 0:
		return id
	}
	parts := strings.SplitN(id, ":", level+2)
	if len(parts) > level+1 {
		parts = parts[:level+1]
	}
	return strings.Join(parts, ":")
}

// CheckAggregationLevel returns an error for a level below −2 (SPEC §8.1:
// "aggregation_level must be >= -2, got L"); every grouping component's
// Validate uses it.
func CheckAggregationLevel(level int) error {
	if level < PerPatch {
		return fmt.Errorf("aggregation_level must be >= -2, got %d", level)
	}
	return nil
}

// Groups groups the patches kept by filter (nil keeps all) by their key at
// level, in first-appearance order (SPEC §8.1). It returns the group ids and,
// per group, the patch indices in increasing order. A level below −2 or a
// filter that keeps no patch is an error.
func Groups(ids []string, level int, filter func(id string) bool) ([]string, [][]int, error) {
	if err := CheckAggregationLevel(level); err != nil {
		return nil, nil, err
	}
	var keys []string
	var members [][]int
	pos := map[string]int{}
	for j, id := range ids {
		if filter != nil && !filter(id) {
			continue
		}
		key := GroupKey(id, level)
		g, ok := pos[key]
		if !ok {
			g = len(keys)
			pos[key] = g
			keys = append(keys, key)
			members = append(members, nil)
		}
		members[g] = append(members[g], j)
	}
	if len(keys) == 0 {
		return nil, nil, fmt.Errorf("the filter keeps no patch")
	}
	return keys, members, nil
}
