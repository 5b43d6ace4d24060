package model

import (
	"github.com/rubeola/rubeola/metrics"
)

// aggregationDoc documents aggregation_level (SPEC §8.1), the same for every
// component that groups patches.
const aggregationDoc = "grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"

// trackerTypes are the trackers and writers of package metrics.
var trackerTypes = []ComponentType{
	builtin("StateTracker", metrics.StateTrackerName, "metrics", "phase",
		"Records S, I and R summed per group at its position in the tick (SPEC §8.2).",
		[]KeyDoc{{"aggregation_level", nil, aggregationDoc}},
		metrics.DefaultStateTrackerParams, metrics.DecodeStateTrackerParams, metrics.NewStateTracker,
		(*metrics.StateTracker).Params),
}
