package output

import (
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// Summary is summary.json: the §8.7 results summary of the most granular
// StateTracker plus inputs, seed, totals and per-phase timing totals.
type Summary struct {
	metrics.Summary
	Inputs SummaryInputs `json:"inputs"`
	Seed   uint64        `json:"seed"`
	Totals Totals        `json:"totals"`
	// LambdaErrorMax and LambdaErrorMean are the measured relative λ error
	// of an approximate force (Infection storage "hierarchical": the
	// build's estimate against the exact sum on sampled rows); absent for
	// the exact storages.
	LambdaErrorMax  *float64 `json:"lambda_error_max,omitempty"`
	LambdaErrorMean *float64 `json:"lambda_error_mean,omitempty"`
	// MigrationRowsCapped is the share of migration rows the mixer's
	// row_sums = "cap" scaled down to 1; absent with the default policy
	// (such rows are refused).
	MigrationRowsCapped *float64 `json:"migration_rows_capped,omitempty"`
	// runTiming holds the wall-clock fields; nil leaves them out (the
	// points of a sweep, whose summary.json is compared byte for byte).
	*runTiming
	Metadata metrics.Metadata `json:"metadata"`
}

// runTiming are summary.json's wall-clock fields.
type runTiming struct {
	TimingUS map[string]int64 `json:"timing_us"`
	// InitUS is each component's initialisation time in µs (the mixing
	// matrix is built in InfectionProcess's).
	InitUS map[string]int64 `json:"init_us"`
	wallClock
}

// wallClock is the wall time of a run and its setup part.
type wallClock struct {
	WallTime float64 `json:"wall_time_seconds"`
	// SetupTime is the part of WallTime spent initialising components
	// (building the mixing matrix); the rest is the ticks.
	SetupTime float64 `json:"setup_seconds"`
}

// Wall returns the run's wall time and its setup part in seconds (zero
// when the summary was written without its wall-clock fields).
func (s *Summary) Wall() (wall, setup float64) {
	if s.runTiming == nil {
		return 0, 0
	}
	return s.WallTime, s.SetupTime
}

// SummaryInputs is summary.json's "inputs": where the run's scenario,
// params and components came from.
type SummaryInputs struct {
	Scenario   string `json:"scenario"`
	ParamsFile string `json:"params_file,omitempty"`
	ConfigFile string `json:"config_file,omitempty"`
	// ResumedFrom is the snapshot a resumed run started from.
	ResumedFrom     string                `json:"resumed_from,omitempty"`
	Params          params.BiweeklyParams `json:"params"`
	NumPatches      int                   `json:"num_patches"`
	TotalPopulation int64                 `json:"total_population"`
	Components      []string              `json:"components"`
}

// Totals is summary.json's "totals".
type Totals struct {
	// Infections is the number of infections: in the biweekly model Σ over
	// ticks of the tracked I (I at the end of a tick is that tick's
	// incidence when the tracker runs after Infection), in the
	// compartmental model the S → E transitions its SEIR InfectionProcess
	// counted (nil, null in JSON, when it has none: not counted).
	Infections      *int64           `json:"infections"`
	PeakTick        *int             `json:"peak_tick"`
	PeakInfectious  *int64           `json:"peak_infectious"`
	FinalState      map[string]int64 `json:"final_state"`
	FinalPopulation int64            `json:"final_population"`
}

// NewSummary summarises the run of m from its tracker t (the most granular
// StateTracker: [metrics.MostGranular]); in describes the inputs, wall and
// setup are the run's wall time and its part spent initialising.
func NewSummary(in Inputs, m *model.Model, t *metrics.StateTracker, wall, setup time.Duration) *Summary {
	s := metrics.Summarize(t)
	p := m.Params()
	out := &Summary{Summary: s, Seed: p.Seed, runTiming: &runTiming{wallClock: wallClock{wall.Seconds(), setup.Seconds()}}}
	out.Inputs = newSummaryInputs(in, m)
	if n, ok := countedInfections(m); ok {
		out.Totals.Infections = n
	} else {
		var sum int64
		for _, v := range t.Series("I")[:t.Recorded()] {
			sum += v
		}
		out.Totals.Infections = &sum
	}
	out.Totals.PeakTick = s.Summary.PeakTick
	out.Totals.PeakInfectious = s.Summary.PeakInfectiousGlobal
	out.Totals.FinalState, out.Totals.FinalPopulation = finalStates(m.Patches())
	if r, ok := LambdaError(m); ok {
		out.LambdaErrorMax, out.LambdaErrorMean = &r.Max, &r.Mean
	}
	for _, c := range model.InstancesOf[interface{ MigrationRowsCapped() (float64, bool) }](m) {
		if share, ok := c.MigrationRowsCapped(); ok {
			out.MigrationRowsCapped = &share
		}
	}
	_, out.TimingUS = m.Metrics().TotalsByName()
	out.InitUS = m.Metrics().Init
	out.Metadata = metrics.NewMetadata(m)
	return out
}

// withoutTiming returns s without its wall-clock fields (a copy; s itself
// keeps them).
func (s *Summary) withoutTiming() *Summary {
	c := *s
	c.runTiming = nil
	return &c
}

// finalStates returns each state's total over patches (S, I, R and any
// declared compartment) and their sum.
func finalStates(p *model.Patches) (map[string]int64, int64) {
	states := map[string]int64{}
	for _, name := range p.States() {
		states[name], _ = p.Total(name) // a name from p.States() is known
	}
	return states, p.Population()
}

// newSummaryInputs describes the inputs of model m (its params, with its
// seed, its scenario and its component names); in.Scenario defaults to
// the scenario source m records.
func newSummaryInputs(in Inputs, m *model.Model) SummaryInputs {
	name := in.Scenario
	if name == "" {
		name = m.ScenarioSource()
	}
	scn := m.Scenario()
	s := SummaryInputs{Scenario: name, ParamsFile: in.ParamsFile, ConfigFile: in.ConfigFile,
		ResumedFrom: in.ResumedFrom, Params: m.Params(),
		NumPatches: scn.Len(), TotalPopulation: scn.TotalPop()}
	for _, c := range m.Instances() {
		s.Components = append(s.Components, c.Name())
	}
	return s
}

// lambdaErrorer is a force whose operator may be an approximation
// (systems.Infection, compartmental.Infection and abm.ABMInfection: storage
// "hierarchical").
type lambdaErrorer interface {
	LambdaError() (mixing.ErrorReport, bool)
}

// LambdaError returns the largest measured λ error of m's approximate
// forces (summary.json's lambda_error_max and lambda_error_mean); ok is
// false when every force is exact.
func LambdaError(m interface{ Instances() []phases.Component }) (r mixing.ErrorReport, ok bool) {
	for _, le := range model.InstancesOf[lambdaErrorer](m) {
		if e, approx := le.LambdaError(); approx && (!ok || e.Max > r.Max) {
			r, ok = e, true
		}
	}
	return r, ok
}
