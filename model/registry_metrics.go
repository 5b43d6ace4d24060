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
	builtin("PopulationTracker", metrics.PopulationTrackerName, "metrics", "phase",
		"Records every patch's population S+I+R at its position in the tick (SPEC §8.3).",
		nil,
		metrics.DefaultPopulationTrackerParams, metrics.DecodePopulationTrackerParams, metrics.NewPopulationTracker,
		(*metrics.PopulationTracker).Params),
	builtin("FadeOutTracker", metrics.FadeOutTrackerName, "metrics", "phase",
		"Counts the patches with I = 0 at its position in the tick (SPEC §8.3).",
		nil,
		metrics.DefaultFadeOutTrackerParams, metrics.DecodeFadeOutTrackerParams, metrics.NewFadeOutTracker,
		(*metrics.FadeOutTracker).Params),
	builtin("CaseSurveillanceTracker", metrics.CaseSurveillanceTrackerName, "metrics", "phase",
		"Records reported cases per group: Binomial(I_j, detection_rate) per patch, summed per group (SPEC §8.4).",
		[]KeyDoc{
			{"detection_rate", []string{"detection_probability", "reporting_prob", "reporting_probability",
				"notification_rate", "notification_probability"}, "probability that an infectious person is reported, in [0, 1]"},
			{"aggregation_level", nil, aggregationDoc},
		},
		metrics.DefaultCaseSurveillanceTrackerParams, metrics.DecodeCaseSurveillanceTrackerParams,
		metrics.NewCaseSurveillanceTracker, (*metrics.CaseSurveillanceTracker).Params),
	builtin("ResultsWriter", metrics.ResultsWriterName, "metrics", "finaliser",
		"Writes the JSON results summary of the most granular StateTracker when the run ends; needs a StateTracker before it (SPEC §8.7).",
		[]KeyDoc{{"path", []string{"output_file", "output_path"}, "output file, relative to the working directory"}},
		metrics.DefaultResultsWriterParams, metrics.DecodeResultsWriterParams, metrics.NewResultsWriter,
		(*metrics.ResultsWriter).Params),
}
