package main

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// components returns the program's schedule: the standard one without
// vital dynamics (so S + I + R + W stays each patch's population), with
// ImmunityLoss right after Infection and a StateTracker per grid row
// (aggregation level 0: ids "{row}:{col}" grouped by row) at the end.
func components() []phases.Factory {
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(nil),
		NewImmunityLoss(nil),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: 0}),
	}
}
