package benchkit

import (
	"io"
	"testing"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// ScenarioSeed is the seed of the [scenario.RandomN] table a [Config] with
// N patches runs on (the suite's benchmarks/ and compare.sh scenarios).
const ScenarioSeed = 42

// biweeklyRunTicks is the default run length of a biweekly model: the
// NumPy baseline's 520 ticks (20 years of 14 days).
const biweeklyRunTicks = 520

// runYears is the default run length of any other model type in years of
// 365 days (7 300 ticks of the daily compartmental model), the baseline's
// 20 years.
const runYears = 20

// Config describes the model a benchmark ticks. The zero value plus N is
// the biweekly model's standard schedule on N RandomN patches.
type Config struct {
	// Type is the model type, [model.TypeBiweekly] ("" too),
	// [model.TypeCompartmental] or [model.TypeABM].
	Type string
	// N is the number of patches of the [scenario.RandomN] table (seed
	// [ScenarioSeed], mcv1 0) the model runs on, when Scenario is nil.
	N int
	// Scenario, when not nil, is the scenario instead of N RandomN patches.
	Scenario *scenario.Table
	// Components returns the component list, called once per model built
	// (a factory may then keep state). nil: the type's standard schedule,
	// [model.StandardComponents]. A run file's list is
	// [runfile.Load]'s Components.
	Components func() []phases.Factory
	// Warmup is how many ticks [Config.AllocsPerTick] runs before it
	// counts (0: 1). The agent-based model's buffers (calendar buckets,
	// susceptible sets, candidate lists) grow with its first epidemic
	// waves: give it a year.
	Warmup int
	// RunTicks is how many ticks a model runs (num_ticks) before [Ticks]
	// builds a fresh one outside the timer, so that populations stay
	// realistic. 0: 20 years (520 biweekly ticks, 7 300 daily ones).
	RunTicks int
	// Params, when not nil, edits the params after the quiet defaults
	// ([QuietParams] with num_ticks = RunTicks and the default seed) are
	// set: e.g. p.Parallel = false for the reference kernels. It must not
	// change num_ticks.
	Params func(p *params.BiweeklyParams)
	// Options are further model options (e.g. [model.WithCompartments]
	// for a variant's compartments), applied after benchkit's own: the
	// type, and stdout and the progress bar discarded.
	Options []model.Option
}

// modelType returns the configured type, biweekly by default.
func (c Config) modelType() string {
	if c.Type == "" {
		return model.TypeBiweekly
	}
	return c.Type
}

// runTicks returns RunTicks or the type's 20-year default.
func (c Config) runTicks() int {
	switch {
	case c.RunTicks > 0:
		return c.RunTicks
	case c.modelType() == model.TypeBiweekly:
		return biweeklyRunTicks
	default:
		return runYears * 365 / params.CompartmentalStepDays
	}
}

// components returns the configured component list or the type's
// standard schedule.
func (c Config) components() []phases.Factory {
	if c.Components == nil {
		return model.StandardComponents(c.modelType())
	}
	return c.Components()
}

// inputs returns the scenario, the params and the options of a model of
// ticks ticks.
func (c Config) inputs(tb testing.TB, ticks int) (*scenario.Table, params.BiweeklyParams, []model.Option) {
	tb.Helper()
	scn := c.Scenario
	if scn == nil {
		var err error
		scn, err = scenario.RandomN(c.N, ScenarioSeed, 0)
		must(tb, err, "Config.N")
	}
	p := QuietParams(ticks, params.DefaultSeed)
	if c.Params != nil {
		c.Params(&p)
	}
	opts := append([]model.Option{model.WithType(c.modelType()), model.WithStdout(io.Discard),
		model.WithProgressWriter(io.Discard)}, c.Options...)
	return scn, p, opts
}

// NewModel builds a quiet model of the configured type, scenario and
// components, sized for RunTicks ticks, and initialises it; any error
// fails tb.
func (c Config) NewModel(tb testing.TB) *model.Model {
	tb.Helper()
	return c.newModel(tb, c.runTicks())
}

// newModel is NewModel sized for ticks ticks.
func (c Config) newModel(tb testing.TB, ticks int) *model.Model {
	tb.Helper()
	scn, p, opts := c.inputs(tb, ticks)
	m, err := model.New(scn, p, opts...)
	must(tb, err, "model.New")
	must(tb, m.SetComponents(c.components()...), "SetComponents")
	must(tb, m.Initialize(), "Initialize")
	return m
}

// NewEnsemble builds a quiet ensemble of replicates replicates of the
// configured model, sized for RunTicks ticks, and initialises it; any
// error fails tb.
func (c Config) NewEnsemble(tb testing.TB, replicates int) *model.Ensemble {
	tb.Helper()
	scn, p, opts := c.inputs(tb, c.runTicks())
	e, err := model.NewEnsemble(scn, p, replicates, opts...)
	must(tb, err, "model.NewEnsemble")
	must(tb, e.SetComponents(c.components()...), "SetComponents")
	must(tb, e.Initialize(), "Initialize")
	return e
}

// patches returns the number of patches of the configured scenario.
func (c Config) patches() int {
	if c.Scenario != nil {
		return c.Scenario.Len()
	}
	return c.N
}

// must fails tb with err, naming the step that returned it.
func must(tb testing.TB, err error, step string) {
	tb.Helper()
	if err != nil {
		tb.Fatalf("benchkit: %s: %v", step, err)
	}
}
