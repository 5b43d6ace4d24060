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

// Biweekly is the biweekly patch model (the reference's BiweeklyModel).
type Biweekly struct {
	cfg       config
	scn       *scenario.Table
	p         params.BiweeklyParams
	world     *ecs.World
	patches   *Patches
	startDate time.Time
	created   time.Time

	instances   []phases.Component
	streams     []*rng.Streams // per instance, derived on first request
	initialized []bool
	building    *[]phases.Component // the Instances view while factories run (see build)
	schedule    *phases.Schedule
	timing      *metrics.Timing
	pool        *phases.Pool

	tick       int
	running    bool
	failed     bool
	failedTick int
	finalized  bool
}

// Model is the reference's name for [Biweekly].
type Model = Biweekly

// timestampLayout is the layout of verbose-output timestamps (local time).
const timestampLayout = "2006-01-02 15:04:05.000000"

// NewBiweekly validates params and scenario, deep-copies the scenario and
// creates one patch entity per row (S = pop, I = R = 0). No components are
// added.
func NewBiweekly(scn *scenario.Table, p params.BiweeklyParams, opts ...Option) (*Biweekly, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.numTicks >= 0 {
		p.NumTicks = cfg.numTicks
	}
	if cfg.verbose != nil {
		p.Verbose = *cfg.verbose
	}
	if cfg.showProg != nil {
		p.ShowProgress = *cfg.showProg
	}
	created := time.Now()
	if p.Verbose {
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
	own := scn.Clone()
	world, err := ecs.NewWorld(ecs.PatchData{Pop: own.Pop, Lat: own.Lat, Lon: own.Lon, MCV1: own.MCV1})
	if err != nil {
		return nil, err
	}
	workers := cfg.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	m := &Biweekly{cfg: cfg, scn: own, p: p, world: world, startDate: start, created: created,
		schedule: phases.NewSchedule(nil), timing: metrics.NewTiming(nil), pool: phases.NewPool(workers)}
	m.patches = &Patches{world: world, scn: own}
	// A model dropped before its run completed still has parked helpers.
	runtime.AddCleanup(m, func(p *phases.Pool) { p.Stop() }, m.pool)
	return m, nil
}

// Name returns the model's name.
func (m *Biweekly) Name() string { return m.cfg.name }

// Scenario returns the model's own copy of the scenario. Do not modify it.
func (m *Biweekly) Scenario() *scenario.Table { return m.scn }

// Params returns the run parameters.
func (m *Biweekly) Params() params.BiweeklyParams { return m.p }

// World returns the patch world (column views for components).
func (m *Biweekly) World() *ecs.World { return m.world }

// Patches returns the read-only view of patch states.
func (m *Biweekly) Patches() *Patches { return m.patches }

// Metrics returns the per-phase timing table.
func (m *Biweekly) Metrics() *metrics.Timing { return m.timing }

// Stdout returns the verbose output writer.
func (m *Biweekly) Stdout() io.Writer { return m.cfg.stdout }

// Logger receives the components' diagnostics (see [WithLogger]; discarded
// by default).
func (m *Biweekly) Logger() *slog.Logger { return m.cfg.logger }

// Workers returns the number of goroutines kernels may use.
func (m *Biweekly) Workers() int { return m.pool.Workers() }

// ForBlocks runs fn for every block: on the worker pool when UseNumba is
// set and a run is in progress, sequentially otherwise.
func (m *Biweekly) ForBlocks(nblocks int, fn func(b int)) {
	if m.p.UseNumba {
		m.pool.Run(nblocks, fn)
		return
	}
	for b := range nblocks {
		fn(b)
	}
}

// Tick returns the index of the next tick to run (the current tick while a
// tick runs).
func (m *Biweekly) Tick() int { return m.tick }

// StartDate returns the first day of the start month, 00:00 UTC.
func (m *Biweekly) StartDate() time.Time { return m.startDate }

// CurrentDate returns StartDate + 14·Tick() days.
func (m *Biweekly) CurrentDate() time.Time { return m.TickDate(m.tick) }

// TickDate returns StartDate + 14·t days.
func (m *Biweekly) TickDate(t int) time.Time {
	return m.startDate.AddDate(0, 0, m.p.TimeStepDays()*t)
}

// TimeElapsed returns the time from StartDate to CurrentDate in "days" or
// "ticks".
func (m *Biweekly) TimeElapsed(unit string) (int, error) {
	days := int(m.CurrentDate().Sub(m.startDate).Hours() / 24)
	switch unit {
	case "days":
		return days, nil
	case "ticks":
		return days / m.p.TimeStepDays(), nil
	}
	return 0, fmt.Errorf("unknown unit %q (want \"days\" or \"ticks\")", unit)
}
