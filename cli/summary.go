package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// runSummary is summary.json: the §8.7 results summary of the most granular
// StateTracker plus inputs, seed, totals and per-phase timing totals.
type runSummary struct {
	metrics.Summary
	Inputs summaryInputs `json:"inputs"`
	Seed   uint64        `json:"seed"`
	Totals summaryTotals `json:"totals"`
	// LambdaErrorMax and LambdaErrorMean are the measured relative λ error
	// of an approximate force (Infection storage "hierarchical": the
	// build's estimate against the exact sum on sampled rows); absent for
	// the exact storages.
	LambdaErrorMax  *float64 `json:"lambda_error_max,omitempty"`
	LambdaErrorMean *float64 `json:"lambda_error_mean,omitempty"`
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

type summaryInputs struct {
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

type summaryTotals struct {
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

func newRunSummary(in *inputs, m *model.Biweekly, t *metrics.StateTracker, wall, setup time.Duration) *runSummary {
	s := metrics.Summarize(t)
	p := m.Params()
	out := &runSummary{Summary: s, Seed: p.Seed, runTiming: &runTiming{wallClock: wallClock{wall.Seconds(), setup.Seconds()}}}
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
	if r, ok := lambdaError(m); ok {
		out.LambdaErrorMax, out.LambdaErrorMean = &r.Max, &r.Mean
	}
	_, out.TimingUS = m.Metrics().TotalsByName()
	out.InitUS = m.Metrics().Init
	out.Metadata = metrics.NewMetadata(m)
	return out
}

// finalCounts returns the final totals of the tracked states, in order,
// joined by " / ".
func (s *runSummary) finalCounts() string {
	counts := make([]string, len(s.States))
	for k, name := range s.States {
		counts[k] = strconv.FormatInt(s.Totals.FinalState[name], 10)
	}
	return strings.Join(counts, " / ")
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
// seed, and its component names).
func newSummaryInputs(in *inputs, m *model.Biweekly) summaryInputs {
	s := summaryInputs{Scenario: in.scenarioName, ParamsFile: in.paramsFile, ConfigFile: in.configFile,
		ResumedFrom: in.snapshotFile, Params: m.Params(),
		NumPatches: in.scenario.Len(), TotalPopulation: in.scenario.TotalPop()}
	for _, c := range m.Instances() {
		s.Components = append(s.Components, c.Name())
	}
	return s
}

// ticksFrom describes the run's length and start: "365 ticks from 2000-01"
// for the biweekly model, "730 daily ticks from 2000-01" for the daily one,
// "N ticks of K days" otherwise.
func ticksFrom(p params.BiweeklyParams, stepDays int) string {
	switch stepDays {
	case params.StepDays, 0:
		return fmt.Sprintf("%d ticks from %s", p.NumTicks, p.StartTime)
	case 1:
		return fmt.Sprintf("%d daily ticks from %s", p.NumTicks, p.StartTime)
	}
	return fmt.Sprintf("%d ticks of %d days from %s", p.NumTicks, stepDays, p.StartTime)
}

// print writes the short human summary; write is the time spent writing the outputs.
func (s *runSummary) print(w io.Writer, dir string, files []string, write time.Duration) {
	fmt.Fprintf(w, "rubeola %s: %d patches (population %d), %s\n", model.Version,
		s.Inputs.NumPatches, s.Inputs.TotalPopulation, ticksFrom(s.Inputs.Params, s.Metadata.TimeStepDays))
	if n := s.Totals.Infections; n != nil {
		fmt.Fprintf(w, "  total infections: %d\n", *n)
	} else {
		fmt.Fprintf(w, "  total infections: %s\n", notCounted)
	}
	if s.Totals.PeakTick != nil {
		fmt.Fprintf(w, "  peak: %d infectious at tick %d\n", *s.Totals.PeakInfectious, *s.Totals.PeakTick)
	}
	fmt.Fprintf(w, "  final %s: %s\n", strings.Join(s.States, "/"), s.finalCounts())
	fmt.Fprintf(w, "  wall time: %.3f s (setup %.3f s)\n", s.WallTime, s.SetupTime)
	fmt.Fprintf(w, "  outputs: %s/{%s} (written in %.3f s)\n", dir, strings.Join(files, ","), write.Seconds())
}

// lambdaErrorer is a force whose operator may be an approximation
// (systems.Infection and compartmental.Infection: storage "hierarchical").
type lambdaErrorer interface {
	LambdaError() (mixing.ErrorReport, bool)
}

// lambdaError returns the largest measured λ error of m's approximate
// forces; ok is false when every force is exact.
func lambdaError(m interface{ Instances() []phases.Component }) (r mixing.ErrorReport, ok bool) {
	for _, le := range model.InstancesOf[lambdaErrorer](m) {
		if e, approx := le.LambdaError(); approx && (!ok || e.Max > r.Max) {
			r, ok = e, true
		}
	}
	return r, ok
}

// printLambdaError writes --verbose's line on an approximate force's
// measured λ error (nothing for the exact storages).
func printLambdaError(w io.Writer, m interface{ Instances() []phases.Component }) {
	if r, ok := lambdaError(m); ok {
		fmt.Fprintf(w, "lambda error (hierarchical force, measured on %d rows against the exact sum): max %.3g, mean %.3g relative\n", r.Rows, r.Max, r.Mean)
	}
}
