package main

import (
	"fmt"
	"io"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
)

// runSummary is summary.json: the §8.7 results summary of the most granular
// StateTracker plus inputs, seed, totals and per-phase timing totals.
type runSummary struct {
	metrics.Summary
	Inputs   summaryInputs    `json:"inputs"`
	Seed     uint64           `json:"seed"`
	Totals   summaryTotals    `json:"totals"`
	TimingUS map[string]int64 `json:"timing_us"`
	WallTime float64          `json:"wall_time_seconds"`
	// SetupTime is the part of WallTime spent initialising components
	// (building the mixing matrix); the rest is the ticks.
	SetupTime float64         `json:"setup_seconds"`
	Metadata  summaryMetadata `json:"metadata"`
}

type summaryInputs struct {
	Scenario        string                `json:"scenario"`
	ParamsFile      string                `json:"params_file,omitempty"`
	Params          params.BiweeklyParams `json:"params"`
	NumPatches      int                   `json:"num_patches"`
	TotalPopulation int64                 `json:"total_population"`
	Components      []string              `json:"components"`
}

type summaryTotals struct {
	// Infections is Σ over ticks of the tracked I: I at the end of a tick is
	// that tick's incidence when the tracker runs after Infection.
	Infections      int64            `json:"infections"`
	PeakTick        *int             `json:"peak_tick"`
	PeakInfectious  *int64           `json:"peak_infectious"`
	FinalState      map[string]int64 `json:"final_state"`
	FinalPopulation int64            `json:"final_population"`
}

type summaryMetadata struct {
	Generator    string `json:"generator"`
	Seed         uint64 `json:"seed"`
	StartTime    string `json:"start_time"`
	TimeStepDays int    `json:"time_step_days"`
}

// mostGranular returns the most granular tracker (−1 < 0 < 1 < … < −2; ties
// → first).
func mostGranular(ts []*metrics.StateTracker) *metrics.StateTracker {
	rank := func(level int) int {
		switch level {
		case metrics.AllPatches:
			return -1
		case metrics.PerPatch:
			return 1 << 30
		}
		return level
	}
	var best *metrics.StateTracker
	for _, t := range ts {
		if best == nil || rank(t.AggregationLevel()) > rank(best.AggregationLevel()) {
			best = t
		}
	}
	return best
}

func newRunSummary(in *inputs, m *model.Biweekly, t *metrics.StateTracker, wall, setup time.Duration) *runSummary {
	s := metrics.Summarize(t)
	p := m.Params()
	out := &runSummary{Summary: s, Seed: p.Seed, WallTime: wall.Seconds(), SetupTime: setup.Seconds()}
	out.Inputs = summaryInputs{Scenario: in.scenarioName, ParamsFile: in.paramsFile, Params: p,
		NumPatches: in.scenario.Len(), TotalPopulation: in.scenario.TotalPop()}
	for _, c := range m.Instances() {
		out.Inputs.Components = append(out.Inputs.Components, c.Name())
	}
	for _, v := range t.Series("I")[:t.Recorded()] {
		out.Totals.Infections += v
	}
	out.Totals.PeakTick = s.Summary.PeakTick
	out.Totals.PeakInfectious = s.Summary.PeakInfectiousGlobal
	tot := m.Patches().Totals()
	out.Totals.FinalState = map[string]int64{"S": tot.S, "I": tot.I, "R": tot.R}
	out.Totals.FinalPopulation = tot.N()
	_, out.TimingUS = m.Metrics().TotalsByName()
	out.Metadata = summaryMetadata{Generator: "rubeola " + model.Version, Seed: p.Seed, StartTime: p.StartTime,
		TimeStepDays: p.TimeStepDays()}
	return out
}

// print writes the short human summary.
func (s *runSummary) print(w io.Writer, dir string) {
	fmt.Fprintf(w, "rubeola %s: %d patches (population %d), %d ticks from %s\n", model.Version,
		s.Inputs.NumPatches, s.Inputs.TotalPopulation, s.Inputs.Params.NumTicks, s.Inputs.Params.StartTime)
	fmt.Fprintf(w, "  total infections: %d\n", s.Totals.Infections)
	if s.Totals.PeakTick != nil {
		fmt.Fprintf(w, "  peak: %d infectious at tick %d\n", *s.Totals.PeakInfectious, *s.Totals.PeakTick)
	}
	fmt.Fprintf(w, "  final S/I/R: %d / %d / %d\n", s.Totals.FinalState["S"], s.Totals.FinalState["I"], s.Totals.FinalState["R"])
	fmt.Fprintf(w, "  wall time: %.3f s (setup %.3f s)\n", s.WallTime, s.SetupTime)
	fmt.Fprintf(w, "  outputs: %s/{states.csv,summary.json,timing.csv}\n", dir)
}
