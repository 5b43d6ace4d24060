package model

import (
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// Model is a model of any of the three types ([Model.Type]): the biweekly
// SIR model ([NewBiweekly]; the reference's BiweeklyModel), the
// compartmental model ([NewCompartmental]; SEIR on daily ticks, the
// reference's CompartmentalModel) or the agent-based model ([NewABM];
// SEIR on daily ticks with one agent per person, the reference's
// ABMModel). All three run on the same engine — one patch entity per
// scenario row, components as phases of a tick — and differ in their tick
// length, their compartments, their built-in components and, for the
// agent-based model, the people table on the world.
type Model struct {
	cfg       config
	scn       *scenario.Table
	p         params.BiweeklyParams
	world     *ecs.World
	patches   *Patches
	startDate time.Time
	created   time.Time

	// extra and extraNames are the columns and names of the compartments
	// after S, I and R (WithCompartments), fetched once.
	extra      [][]int64
	extraNames []string

	instances   []phases.Component
	streams     []*rng.Streams // per instance, derived on first request
	initialized []bool
	building    *[]phases.Component // the Instances view while factories run (see build)
	schedule    *phases.Schedule
	timing      *metrics.Timing
	pool        *phases.Pool

	tick       int
	inline     bool // ForBlocks runs sequentially: an ensemble steps replicates in parallel
	running    bool
	failed     bool
	failedTick int
	finalized  bool
	restoring  bool // LoadSnapshot checks the memory: the estimate counts decoding the saved rows
}

// timestampLayout is the layout of verbose-output timestamps (local time).
const timestampLayout = "2006-01-02 15:04:05.000000"

// NewBiweekly validates params and scenario, deep-copies the scenario and
// creates one patch entity per row (S = pop, I = R = 0) of a biweekly model.
// No components are added. WithType naming another model type is an error:
// use [New] (the type from WithType, as a run file's model) or
// [NewCompartmental].
func NewBiweekly(scn *scenario.Table, p params.BiweeklyParams, opts ...Option) (*Model, error) {
	return newOfType(TypeBiweekly, "NewBiweekly", scn, p, opts)
}

// New validates params and scenario, deep-copies the scenario and creates
// one patch entity per row (S = pop, every other compartment 0) of the
// model type [WithType] names: biweekly by default, or compartmental. It is
// the constructor for a type known only at run time, such as a run file's
// model (runfile.File.Model). No components are added.
func New(scn *scenario.Table, p params.BiweeklyParams, opts ...Option) (*Model, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	return newEngine(scn, p, cfg)
}

// newOfType is New for a constructor of one model type (named ctor in
// errors): a WithType naming another type is an error.
func newOfType(mt, ctor string, scn *scenario.Table, p params.BiweeklyParams, opts []Option) (*Model, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.typeSet && cfg.mtype.name != mt {
		return nil, fmt.Errorf("model: %s builds the %s model, not WithType(%q): use model.New", ctor, mt, cfg.mtype.name)
	}
	cfg.mtype, _ = lookupModelType(mt)
	if !cfg.nameSet {
		cfg.name = cfg.mtype.name
	}
	return newEngine(scn, p, cfg)
}

// newConfig applies opts to the default configuration.
func newConfig(opts []Option) (config, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return config{}, err
		}
	}
	if cfg.name == "" {
		cfg.name = cfg.mtype.name
	} else {
		cfg.nameSet = true
	}
	return cfg, nil
}

// applyOverrides applies the configuration's overrides of num_ticks,
// verbose and show_progress to p.
func (cfg *config) applyOverrides(p *params.BiweeklyParams) {
	if cfg.numTicks >= 0 {
		p.NumTicks = cfg.numTicks
	}
	if cfg.verbose != nil {
		p.Verbose = *cfg.verbose
	}
	if cfg.showProg != nil {
		p.ShowProgress = *cfg.showProg
	}
}

// newEngine is NewBiweekly with its options applied. An ensemble's
// replicate (cfg.member) shares the ensemble's scenario copy, worker pool
// and builds, and prints no model-level lines.
func newEngine(scn *scenario.Table, p params.BiweeklyParams, cfg config) (*Model, error) {
	cfg.applyOverrides(&p)
	created := time.Now()
	if p.Verbose && !cfg.member {
		fmt.Fprintf(cfg.stdout, "%s: Creating the %s model…\n", created.Format(timestampLayout), cfg.name)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if scn == nil {
		return nil, fmt.Errorf("model: scenario is nil")
	}
	if err := scn.Validate(); err != nil {
		return nil, err
	}
	start, err := p.StartDate()
	if err != nil {
		return nil, err
	}
	if !cfg.startDate.IsZero() {
		start = cfg.startDate
	}
	own := cfg.scn
	if own == nil {
		own = scn.Clone()
	}
	if cfg.mtype.agents && len(cfg.compartments) > 0 {
		return nil, fmt.Errorf("model: the agent-based model's states are S, E, I and R: declared compartments (WithCompartments, a run file's compartments) are the patch models'")
	}
	data := ecs.PatchData{Pop: own.Pop, Lat: own.Lat, Lon: own.Lon, MCV1: own.MCV1}
	newWorld := ecs.NewWorld
	if cfg.mtype.seir {
		newWorld = ecs.NewSEIRWorld
	}
	world, err := newWorld(data, cfg.compartments...)
	if err != nil {
		return nil, err
	}
	m := &Model{cfg: cfg, scn: own, p: p, world: world, startDate: start, created: created,
		schedule: phases.NewSchedule(nil), timing: metrics.NewTiming(nil), pool: cfg.pool}
	m.patches = &Patches{world: world, scn: own}
	m.extra, m.extraNames = world.Extra(), world.ExtraNames()
	if m.pool == nil {
		m.pool = phases.NewPool(cfg.poolWorkers())
		// A model dropped before its run completed still has parked helpers.
		runtime.AddCleanup(m, func(p *phases.Pool) { p.Stop() }, m.pool)
	}
	return m, nil
}

// poolWorkers returns the worker pool size: WithWorkers, or GOMAXPROCS.
func (cfg *config) poolWorkers() int {
	if cfg.workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return cfg.workers
}

// Shared returns the value build returns for key (phases.Model): a lone
// model calls build every time; the replicates of an [Ensemble] build it
// once and share it.
func (m *Model) Shared(key string, build func() (any, error)) (any, error) {
	if m.cfg.shared == nil {
		return build()
	}
	return m.cfg.shared.get(key, build)
}

// Name returns the model's name.
func (m *Model) Name() string { return m.cfg.name }

// Scenario returns the model's own copy of the scenario. Do not modify it.
func (m *Model) Scenario() *scenario.Table { return m.scn }

// Params returns the run parameters.
func (m *Model) Params() params.BiweeklyParams { return m.p }

// World returns the patch world (column views for components).
func (m *Model) World() *ecs.World { return m.world }

// Patches returns the read-only view of patch states.
func (m *Model) Patches() *Patches { return m.patches }

// Metrics returns the per-phase timing table.
func (m *Model) Metrics() *metrics.Timing { return m.timing }

// Stdout returns the verbose output writer.
func (m *Model) Stdout() io.Writer { return m.cfg.stdout }

// Logger receives the components' diagnostics (see [WithLogger]; discarded
// by default).
func (m *Model) Logger() *slog.Logger { return m.cfg.logger }

// Workers returns the number of goroutines kernels may use.
func (m *Model) Workers() int { return m.pool.Workers() }

// ForBlocks runs w.Block for every block: on the worker pool when Parallel
// is set and a run is in progress, sequentially otherwise (also while an
// ensemble runs this replicate's step in parallel with the others').
func (m *Model) ForBlocks(nblocks int, w phases.Blocker) {
	if m.p.Parallel && !m.inline {
		m.pool.Run(nblocks, w)
		return
	}
	for b := range nblocks {
		w.Block(b)
	}
}

// Tick returns the index of the next tick to run (the current tick while a
// tick runs).
func (m *Model) Tick() int { return m.tick }

// StartDate returns the first day of the start month, 00:00 UTC (or the
// day given with [WithStartDate]).
func (m *Model) StartDate() time.Time { return m.startDate }

// TimeStepDays returns the length of one tick in days: 14 for the biweekly
// model ([params.StepDays]), 1 for the compartmental model
// ([params.CompartmentalStepDays]).
func (m *Model) TimeStepDays() int { return m.cfg.mtype.stepDays }

// CurrentDate returns StartDate + TimeStepDays()·Tick() days.
func (m *Model) CurrentDate() time.Time { return m.TickDate(m.tick) }

// TickDate returns StartDate + TimeStepDays()·t days.
func (m *Model) TickDate(t int) time.Time {
	return m.startDate.AddDate(0, 0, m.TimeStepDays()*t)
}

// TimeElapsed returns the time from StartDate to CurrentDate in "days" or
// "ticks".
func (m *Model) TimeElapsed(unit string) (int, error) {
	days := int(m.CurrentDate().Sub(m.startDate).Hours() / 24)
	switch unit {
	case "days":
		return days, nil
	case "ticks":
		return days / m.TimeStepDays(), nil
	}
	return 0, fmt.Errorf("unknown unit %q (want \"days\" or \"ticks\")", unit)
}
