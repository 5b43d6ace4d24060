package model

import (
	"github.com/rubeola/rubeola/metrics"
)

// registerTrackers registers the trackers and writers of package metrics.
// Their keys, aliases and docs are the tags of their params.
func registerTrackers() {
	MustRegister(NewComponentType(ComponentSpec[*metrics.StateTracker, metrics.StateTrackerParams]{
		Name: metrics.StateTrackerName, Kind: KindPhase,
		Summary:  "Records every compartment (S, I, R and any declared) summed per group at its position in the tick (SPEC §8.2).",
		Defaults: metrics.DefaultStateTrackerParams, Decode: metrics.DecodeStateTrackerParams,
		New: metrics.NewStateTracker, Params: (*metrics.StateTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.PopulationTracker, metrics.PopulationTrackerParams]{
		Name: metrics.PopulationTrackerName, Kind: KindPhase,
		Summary:  "Records every patch's population, the sum of its compartments (S+I+R and any declared), at its position in the tick (SPEC §8.3).",
		Defaults: metrics.DefaultPopulationTrackerParams, Decode: metrics.DecodePopulationTrackerParams,
		New: metrics.NewPopulationTracker, Params: (*metrics.PopulationTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.FadeOutTracker, metrics.FadeOutTrackerParams]{
		Name: metrics.FadeOutTrackerName, Kind: KindPhase,
		Summary:  "Counts the patches with I = 0 at its position in the tick (SPEC §8.3).",
		Defaults: metrics.DefaultFadeOutTrackerParams, Decode: metrics.DecodeFadeOutTrackerParams,
		New: metrics.NewFadeOutTracker, Params: (*metrics.FadeOutTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.CaseSurveillanceTracker, metrics.CaseSurveillanceTrackerParams]{
		Name: metrics.CaseSurveillanceTrackerName, Kind: KindPhase,
		Summary:  "Records reported cases per group: Binomial(C_j, detection_rate) per patch, or overdispersed (reporting = \"negative_binomial\", psi), summed per group; C is I or the incidence (count), per tick or per aggregate_days window (SPEC §8.4).",
		Defaults: metrics.DefaultCaseSurveillanceTrackerParams, Decode: metrics.DecodeCaseSurveillanceTrackerParams,
		New: metrics.NewCaseSurveillanceTracker, Params: (*metrics.CaseSurveillanceTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.ResultsWriter, metrics.ResultsWriterParams]{
		Name: metrics.ResultsWriterName, Kind: KindFinaliser,
		Summary:  "Writes the JSON results summary of the most granular StateTracker when the run ends; needs a StateTracker before it (SPEC §8.7).",
		Defaults: metrics.DefaultResultsWriterParams, Decode: metrics.DecodeResultsWriterParams,
		New: metrics.NewResultsWriter, Params: (*metrics.ResultsWriter).Params,
	}))
}
