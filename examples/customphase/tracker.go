package main

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
)

// Component names of the two user trackers.
const (
	SusceptibleTrackerName = "SusceptibleTracker"
	SusceptibleShareName   = "SusceptibleShare"
)

// Compile-time checks: the waning phase has an Initialize and a Step. The
// trackers get everything else from the tracker kit (metrics.Kit): storage,
// grouping, sampling, snapshot state, memory estimate, tidy export and
// safe live reading.
var (
	_ phases.Initializer = (*WaningImmunity)(nil)
	_ phases.Stepper     = (*WaningImmunity)(nil)
)

// SusceptibleTracker records, every tick, the model-wide number of
// susceptibles S and the population N = S + I + R at its position in the
// schedule: a declaration (its states, grouping and file) and a per-tick
// function, on the tracker kit. Embedding *metrics.Kit gives it the
// tracker's methods and a type of its own for model.InstancesOf.
type SusceptibleTracker struct{ *metrics.Kit[int64] }

// susceptibleSpec declares the tracker: one group, every tick, file
// susceptibles.csv (or .parquet).
var susceptibleSpec = metrics.TrackerSpec[int64]{
	Name:    SusceptibleTrackerName,
	File:    "susceptibles",
	States:  []string{"S", "N"},
	Params:  metrics.DefaultKitParams(),
	Measure: measureSusceptibles,
}

// measureSusceptibles is the per-tick function: Σ S and Σ (S + I + R) of
// each group.
func measureSusceptibles(s *metrics.Sample[int64]) error {
	w := s.Model.World()
	sCol, iCol, rCol := w.S(), w.I(), w.R()
	for g := range s.Groups() {
		susceptible := s.Sum(g, sCol)
		s.Set(0, g, susceptible)
		s.Set(1, g, susceptible+s.Sum(g, iCol)+s.Sum(g, rCol))
	}
	return nil
}

// NewSusceptibleTracker returns the tracker's factory.
func NewSusceptibleTracker() phases.Factory {
	return metrics.KitFactory(susceptibleSpec, func(k *metrics.Kit[int64]) *SusceptibleTracker { return &SusceptibleTracker{k} })
}

// Final returns the last recorded S (0 before the first tick).
func (c *SusceptibleTracker) Final() int64 {
	v, _ := c.Last("S", 0)
	return v
}

// Series returns the recorded S per tick.
func (c *SusceptibleTracker) Series() []int64 {
	s, _ := c.Kit.Series("S") // "S" is one of the spec's states
	return s
}

// shareEvery is the share tracker's sampling step: every other tick.
const shareEvery = 2

// SusceptibleShare records each grid row's share of susceptibles every other tick.
type SusceptibleShare struct{ *metrics.Kit[float64] }

var shareSpec = metrics.TrackerSpec[float64]{
	Name:   SusceptibleShareName,
	File:   "shares", // shares.csv or shares.parquet
	States: []string{"S_share"},
	Params: metrics.KitParams{AggregationLevel: 0, Every: shareEvery},
	Measure: func(s *metrics.Sample[float64]) error {
		w := s.Model.World()
		for g := range s.Groups() {
			susceptible := s.Sum(g, w.S())
			if n := susceptible + s.Sum(g, w.I()) + s.Sum(g, w.R()); n > 0 {
				s.Set(0, g, float64(susceptible)/float64(n))
			}
		}
		return nil
	},
}

// NewSusceptibleShare returns the share tracker's factory: a float-valued
// tracker grouped by the first part of the patch ids (aggregation level
// 0: the grid's rows "0", "1", …), written as shares.csv with a "value"
// column; a group nobody lives in keeps the share 0.
func NewSusceptibleShare() phases.Factory {
	return metrics.KitFactory(shareSpec, func(k *metrics.Kit[float64]) *SusceptibleShare { return &SusceptibleShare{k} })
}
