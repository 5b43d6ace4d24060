package metrics

import (
	"github.com/rubeola/rubeola/phases"
)

// Metadata is the results summary's "metadata" object (a rubeola
// extension, SPEC §8.7).
type Metadata struct {
	// Generator is "rubeola <version>", or a binary's own name with the
	// version it was built on ([Generator]).
	Generator string `json:"generator"`
	// Seed is the run's seed.
	Seed uint64 `json:"seed"`
	// StartTime is the run's start_time ("YYYY-MM").
	StartTime string `json:"start_time"`
	// TimeStepDays is the length of a tick in days (14 biweekly, 1
	// compartmental).
	TimeStepDays int `json:"time_step_days"`
}

// NewMetadata returns the metadata of a run of model m.
func NewMetadata(m phases.Model) Metadata {
	p := m.Params()
	return Metadata{Generator: Generator(""), Seed: p.Seed, StartTime: p.StartTime, TimeStepDays: m.TimeStepDays()}
}

// Results is the content of the results JSON file written by
// [ResultsWriter]: the §8.7 summary of a StateTracker and the run's
// metadata.
type Results struct {
	Summary
	Metadata Metadata `json:"metadata"`
}

// NewResults summarises t ([Summarize]) and adds the metadata of a run of
// model m.
func NewResults(t *StateTracker, m phases.Model) Results {
	return Results{Summary: Summarize(t), Metadata: NewMetadata(m)}
}

// granularity ranks aggregation levels from coarse to fine: −1 (all
// patches) < 0 < 1 < … < −2 (per patch).
func granularity(level int) int {
	switch level {
	case AllPatches:
		return -1
	case PerPatch:
		return int(^uint(0) >> 1)
	}
	return level
}

// MostGranular returns the tracker with the finest grouping (aggregation
// level −1 < 0 < 1 < … < −2); ties go to the first in the list. It returns
// nil for an empty list.
func MostGranular(trackers []*StateTracker) *StateTracker {
	var best *StateTracker
	for _, t := range trackers {
		if best == nil || granularity(t.AggregationLevel()) > granularity(best.AggregationLevel()) {
			best = t
		}
	}
	return best
}
