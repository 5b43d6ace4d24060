package model

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// Ensemble is R replicates of one scenario and component list stepping
// together, tick by tick and phase by phase. Replicate r (0-based) is a
// [Model] with seed Seed + r: its states at every tick, its tracker
// arrays and its results summary are byte-identical to those of a lone
// model built with that seed, for any R, worker count and GOMAXPROCS.
//
// The replicates share one copy of the scenario, one worker pool and what
// their components build from the scenario through [phases.Model]'s Shared
// (the Infection's mixing matrix is built once, not R times). Each phase
// runs for every replicate before the next phase starts; a phase whose
// instances implement [phases.BatchStepper] runs for all replicates in one
// call: the Infection evaluates the force of every replicate in one pass
// over the stored tiles of the factored mixing ([mixing.BatchForce]; with
// Parallel false, a non-factored mixer or an operator storage, "streaming"
// or "hierarchical", replicate by replicate, on the one shared operator).
type Ensemble struct {
	cfg     config
	reps    []*Model
	pool    *phases.Pool
	shared  *sharedBuilds
	created time.Time
	running bool
	models  []phases.Model     // the replicates as phases.Model (made with plan)
	plan    []int              // per phase: phaseSequential, phaseParallel or phaseBatched; nil until the first tick
	peers   [][]phases.Stepper // per batched phase: the replicates' instances
	errs    []error            // per replicate: the error of a parallel phase

	curTick, curPhase int // the phase a parallel section runs
}

// NewEnsemble validates like [NewBiweekly] and creates replicates
// replicates of scn; replicate r (0-based) uses seed p.Seed + r (modulo
// 2^64). Options are those of NewBiweekly: [WithWorkers] sizes the one
// worker pool the replicates share, [WithAfterTick] is called once per
// ensemble tick (after every replicate finished it), the progress bar
// counts replicate-ticks, and verbose output (model-level lines and the
// timing summary, summed over replicates) is printed once for the
// ensemble; component messages are printed for replicate 0 only.
func NewEnsemble(scn *scenario.Table, p params.BiweeklyParams, replicates int, opts ...Option) (*Ensemble, error) {
	if replicates < 1 {
		return nil, fmt.Errorf("model: an ensemble needs at least 1 replicate, got %d", replicates)
	}
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	e := newEnsembleShell(cfg, p, replicates)
	// Replicate 0 validates params and scenario and makes the scenario
	// copy the others share.
	for r := range replicates {
		var own *scenario.Table
		if r > 0 {
			own = e.reps[0].scn
		}
		if err := e.addReplicate(scn, own, p, r); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// newEnsembleShell returns an ensemble without replicates (it will have
// replicates), printing the verbose creation line.
func newEnsembleShell(cfg config, p params.BiweeklyParams, replicates int) *Ensemble {
	cfg.applyOverrides(&p)
	e := &Ensemble{cfg: cfg, created: time.Now(), pool: phases.NewPool(cfg.poolWorkers()),
		shared: &sharedBuilds{values: map[string]any{}}}
	if p.Verbose {
		fmt.Fprintf(cfg.stdout, "%s: Creating the %s ensemble of %d replicates…\n", e.created.Format(timestampLayout),
			cfg.name, replicates)
	}
	// An ensemble dropped before its run completed still has parked helpers.
	runtime.AddCleanup(e, func(p *phases.Pool) { p.Stop() }, e.pool)
	return e
}

// addReplicate creates replicate r (seed p.Seed + r) over scn, or over
// own, the shared copy, when not nil, and appends it.
func (e *Ensemble) addReplicate(scn, own *scenario.Table, p params.BiweeklyParams, r int) error {
	cfg := e.memberConfig(r)
	cfg.scn = own
	p.Seed += uint64(r)
	m, err := newEngine(scn, p, cfg)
	if err != nil {
		return err
	}
	e.reps = append(e.reps, m)
	return nil
}

// memberConfig returns the configuration of replicate r: the ensemble's,
// as a member sharing its pool and builds, without the after-tick call,
// and with component messages of replicate 0 only.
func (e *Ensemble) memberConfig(r int) config {
	cfg := e.cfg
	cfg.member, cfg.pool, cfg.shared, cfg.afterTick = true, e.pool, e.shared, nil
	if r > 0 {
		cfg.stdout = io.Discard
	}
	return cfg
}

// Replicates returns R, the number of replicates.
func (e *Ensemble) Replicates() int { return len(e.reps) }

// Replicate returns replicate r's model (0 ≤ r < R): its patches,
// instances, trackers and params (seed + r). Read it between ticks; run,
// change components and snapshot through the ensemble (its own Run and
// RunTicks return an error).
func (e *Ensemble) Replicate(r int) *Model { return e.reps[r] }

// Name returns the ensemble's name (every replicate's model name).
func (e *Ensemble) Name() string { return e.cfg.name }

// Params returns replicate 0's params (the base seed); replicate r's seed
// is Seed + r.
func (e *Ensemble) Params() params.BiweeklyParams { return e.reps[0].p }

// Tick returns the index of the next tick to run (every replicate's Tick).
func (e *Ensemble) Tick() int { return e.reps[0].tick }

// Workers returns the size of the shared worker pool.
func (e *Ensemble) Workers() int { return e.pool.Workers() }

// SetComponents builds the same factories for every replicate (each
// replicate gets its own instances). If any build fails, every replicate
// keeps its old list and the error names the replicate.
func (e *Ensemble) SetComponents(fs ...phases.Factory) error {
	if e.running {
		return errRunning
	}
	built := make([][]phases.Component, len(e.reps))
	for r, m := range e.reps {
		b, err := m.build(fs)
		if err != nil {
			return fmt.Errorf("replicate %d: %w", r, err)
		}
		built[r] = b
	}
	for r, m := range e.reps {
		m.setInstances(built[r], make([]*rng.Streams, len(built[r])), make([]bool, len(built[r])))
	}
	e.plan = nil
	return nil
}

// sharedBuilds holds the values an ensemble's replicates share
// (phases.Model.Shared), built once per key. It is safe for concurrent use.
type sharedBuilds struct {
	mu     sync.Mutex
	values map[string]any
}

// get returns the value for key, calling build the first time (errors are
// not kept, so a later call builds again).
func (s *sharedBuilds) get(key string, build func() (any, error)) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.values[key]; ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return nil, err
	}
	s.values[key] = v
	return v, nil
}

// MaxReplicates bounds an ensemble's replicates in a run file and on the
// command line: far more than any
// ensemble on one machine needs, low enough that a typo (an extra digit or
// three) is an error rather than an attempt to allocate thousands of
// models.
const MaxReplicates = 100_000
