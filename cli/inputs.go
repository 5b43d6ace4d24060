package cli

import (
	"github.com/spf13/cobra"
	"time"

	"errors"
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// Default scenario: the embedded synthetic scenario `rubeola run` simulates
// without --scenario (the NumPy baseline's default size and seed).
const (
	defaultPatches      = 100
	defaultScenarioSeed = 42
)

// defaultScenarioName describes the embedded scenario in outputs.
const defaultScenarioName = "embedded: scenario.RandomN(100, seed 42, mcv1 0)"

// inputs are the validated inputs of a run.
type inputs struct {
	scenario     *scenario.Table
	scenarioName string
	params       params.BiweeklyParams
	paramsFile   string
	configFile   string
	snapshotFile string // resume: the snapshot the run continues
	// components is the run file's component list; nil means the
	// standard schedule.
	components []phases.Factory
	// format is the run file's [output] format; "" when none.
	format metrics.Format
	// replicates and keepReplicates are the run file's [ensemble]
	// replicates (0 when none: a single run) and keep_replicates.
	replicates     int
	keepReplicates bool
	// compartments are the run file's registered compartments after S,
	// I and R (none: the S, I, R model).
	compartments []ecs.Compartment
	// modelType is the model type: --model, or the run file's model
	// ("" or "biweekly": biweekly).
	modelType string
	// startDate is the run file's start_date (zero: none).
	startDate time.Time
}

// modelOptions are the options every model of the inputs gets besides
// opts: the scenario's origin (stored in snapshots), the model type and the
// run file's compartments.
func (in *inputs) modelOptions(opts []model.Option) []model.Option {
	out := append(slices.Clone(opts), model.WithScenarioSource(in.scenarioName))
	if in.modelType != "" {
		out = append(out, model.WithType(in.modelType))
	}
	if !in.startDate.IsZero() {
		out = append(out, model.WithStartDate(in.startDate))
	}
	if len(in.compartments) == 0 {
		return out
	}
	return append(out, model.WithCompartments(in.compartments...))
}

// inputFlags are the flags shared by run and validate.
type inputFlags struct {
	scenarioFile string
	paramsFile   string
	configFile   string
	modelType    string // --model; "" when not given
}

// addModelFlag registers --model.
func addModelFlag(cmd *cobra.Command, f *inputFlags) {
	cmd.Flags().StringVar(&f.modelType, "model", "", "model type: biweekly (14-day SIR ticks; the default), compartmental (daily SEIR ticks) or abm (daily SEIR ticks, one agent per person); a run file's model key says the same")
}

// load reads and validates run file, scenario and params, reporting every
// problem. --scenario overrides the run file's scenario; a params file and
// a run file with [params] together are an error (which would win is not
// obvious).
func (f inputFlags) load() (*inputs, error) {
	in := &inputs{params: params.Default(), paramsFile: f.paramsFile, configFile: f.configFile, modelType: model.TypeBiweekly}
	var errs []error
	if f.modelType != "" {
		if !slices.Contains(model.ModelTypes(), f.modelType) {
			errs = append(errs, fmt.Errorf("--model %q: want %q", f.modelType, model.ModelTypes()))
		}
		in.modelType = f.modelType
	}
	var rf *runfile.File
	if f.configFile != "" {
		var err error
		if rf, err = runfile.Load(f.configFile); err != nil {
			errs = append(errs, err)
		} else {
			in.useRunFile(rf)
			if rf.HasParams && f.paramsFile != "" {
				errs = append(errs, fmt.Errorf("%s has a [params] table and --params %s was given: use one of them", f.configFile, f.paramsFile))
			}
			switch {
			case f.modelType == "" || f.modelType == rf.Model:
			case !rf.HasModel:
				errs = append(errs, fmt.Errorf("%s has no model key, so its components are the %s model's, and --model %s was given: add model = %q to the file instead", f.configFile, rf.Model, f.modelType, f.modelType))
			default:
				errs = append(errs, fmt.Errorf("%s is a %s model (model = %q) and --model %s was given: use one of them", f.configFile, rf.Model, rf.Model, f.modelType))
			}
		}
	}
	if f.paramsFile != "" {
		p, err := params.LoadFile(f.paramsFile)
		if err != nil {
			errs = append(errs, err)
		} else {
			in.params = p
		}
	}
	switch {
	case f.scenarioFile != "":
		scn, err := scenario.Load(f.scenarioFile)
		if err != nil {
			errs = append(errs, err)
		}
		in.scenario, in.scenarioName = scn, f.scenarioFile
	case in.scenario == nil:
		errs = append(errs, in.useDefaultScenario())
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return in, nil
}

// useRunFile takes the run file's params, components, scenario and format.
func (in *inputs) useRunFile(rf *runfile.File) {
	in.params, in.components = rf.Params, rf.Components
	in.scenario, in.scenarioName = rf.Scenario, rf.ScenarioName
	in.format = rf.Format
	in.replicates, in.keepReplicates = rf.Replicates, rf.KeepReplicates
	in.compartments = rf.Compartments
	in.startDate = rf.StartDate
	in.modelType = rf.Model
}

// useDefaultScenario sets the embedded default scenario.
func (in *inputs) useDefaultScenario() error {
	scn, err := scenario.RandomN(defaultPatches, defaultScenarioSeed, 0)
	in.scenario, in.scenarioName = scn, defaultScenarioName
	return err
}
