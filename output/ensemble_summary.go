package output

import (
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// EnsembleSummary is ensemble/summary.json: [metrics.SummarizeEnsemble] of
// the replicates' most granular StateTrackers (and FadeOutTrackers) plus
// the inputs (params with the base seed), wall times and metadata.
type EnsembleSummary struct {
	metrics.EnsembleSummary
	Inputs SummaryInputs `json:"inputs"`
	// wallClock is the whole run's (all replicates) wall time and its part
	// spent initialising components (the mixing matrix, built once); nil
	// leaves it out (the points of a sweep, compared byte for byte).
	*wallClock
	Metadata metrics.Metadata `json:"metadata"`

	// TicksRun is the number of ticks this process ran (fewer than
	// num_ticks when resumed); not in the file.
	TicksRun int `json:"-"`
}

// Wall returns the run's wall time and its setup part in seconds (zero
// when the summary was written without its wall-clock fields).
func (s *EnsembleSummary) Wall() (wall, setup float64) {
	if s.wallClock == nil {
		return 0, 0
	}
	return s.WallTime, s.SetupTime
}

// NewEnsembleSummary summarises the ensemble's replicates from their
// chosen StateTrackers and first FadeOutTrackers (when the list has one).
// ticksRun is the number of ticks this process ran; wall and setup the
// run's wall time and its part spent initialising.
func NewEnsembleSummary(in Inputs, e *model.Ensemble, chosen []*metrics.StateTracker, ticksRun int, wall, setup time.Duration) (*EnsembleSummary, error) {
	R := e.Replicates()
	seeds := make([]uint64, R)
	var fadeouts []*metrics.FadeOutTracker
	for r := range R {
		m := e.Replicate(r)
		seeds[r] = m.Params().Seed
		if f := model.InstancesOf[*metrics.FadeOutTracker](m); len(f) > 0 {
			fadeouts = append(fadeouts, f[0])
		}
	}
	s, err := metrics.SummarizeEnsemble(chosen, fadeouts, seeds)
	if err != nil {
		return nil, err
	}
	if _, ok := countedInfections(e.Replicate(0)); ok {
		counts := make([]*int64, R)
		for r := range R {
			counts[r], _ = countedInfections(e.Replicate(r))
		}
		if err := s.SetInfections(counts); err != nil {
			return nil, err
		}
	}
	return &EnsembleSummary{EnsembleSummary: s, Inputs: newSummaryInputs(in, e.Replicate(0)),
		wallClock: &wallClock{wall.Seconds(), setup.Seconds()}, Metadata: metrics.NewMetadata(e.Replicate(0)), TicksRun: ticksRun}, nil
}
