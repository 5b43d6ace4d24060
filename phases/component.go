package phases

import (
	"io"
	"log/slog"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// Component is anything that can be added to a model. Name is the component's
// name as used by lookups, timing labels and random stream names (built-in
// components return the reference's class names, e.g. "InfectionProcess").
type Component interface {
	Name() string
}

// Initializer is a component with work to do once, before the first tick.
// Initialize runs after every factory of the list has built its instance,
// in list order, when the model is run — and when it is only validated
// (`rubeola validate`), so a check placed here is reported before any tick.
// It sees every instance, the later ones not yet initialised, and the
// counts the earlier initialisers set. It may fetch column views, derive
// its streams ([Model.Streams]), size buffers, build matrices (immutable
// ones through [Model.Shared]), check the world for what it needs (a
// declared compartment, an earlier phase) and set counts; it must not
// depend on Tick being 0. Without a [Snapshotter] it also runs when a
// snapshot is loaded, over a model whose counts are then replaced by the
// saved ones. An error aborts the run before its first tick (bad input:
// exit code 2 in the command line).
type Initializer interface {
	Initialize(m Model) error
}

// Stepper is a component that runs every tick: a phase.
type Stepper interface {
	Step(m Model, tick int) error
}

// BatchStepper is a phase that can run the same phase of several models in
// one call: the replicates of an ensemble (same scenario, same component
// list, different seeds), so that work they share — the force of infection
// reads the mixing data once for all — is done once. A model that runs
// alone calls Step.
type BatchStepper interface {
	Stepper
	// StepBatch runs tick for every k: the step of peers[k] in model ms[k],
	// with on each model exactly the effect of peers[k].Step(ms[k], tick).
	// The receiver is peers[0]; every peer has the receiver's dynamic type
	// and was built by the same factory for its model. A peer set it cannot
	// batch is stepped one by one.
	StepBatch(ms []Model, peers []Stepper, tick int) error
}

// Finalizer is a component with work to do once, after the last tick.
type Finalizer interface {
	Finalize(m Model) error
}

// Factory builds a component instance for a model. It validates its params
// and may inspect the model's scenario; errors abort adding the component.
//
// What a factory sees: the model's name, scenario (validated, its own
// copy), params, time step and dates, workers, writers and [Model.Shared];
// the world with its patches and every declared compartment (when the list
// is set before a run, as run files do: S = pop and the others 0, no
// initialiser has run yet); and, through
// [Model.Instances] and [Model.GetInstance], only the instances before it
// in the list. It may keep m. It must not draw random numbers (its
// instance has no streams until it is added) or rely on counts. A factory
// may run more than once for one list — once per replicate of an
// ensemble, again when a snapshot is loaded, once for a sweep's check and
// once for the point's run — so it must have no side effects beyond the
// instance it returns. Checks that need the world after the initialisers
// or a later instance belong in [Initializer].
type Factory func(m Model) (Component, error)

// Model is the view of a model that components get.
type Model interface {
	// Name is the model's name ("biweekly" by default).
	Name() string
	// Scenario is the model's own (validated, deep-copied) scenario.
	Scenario() *scenario.Table
	// Params are the run parameters.
	Params() params.BiweeklyParams
	// World holds the patch entities and their column views.
	World() *ecs.World
	// Tick is the index of the tick being run (or the next one to run).
	Tick() int
	// StartDate is the first day of the start month, 00:00 UTC.
	StartDate() time.Time
	// TimeStepDays is the length of one tick in days (14 for the biweekly
	// model): the one source systems convert yearly rates and day windows
	// with.
	TimeStepDays() int
	// CurrentDate is StartDate + TimeStepDays()·Tick() days.
	CurrentDate() time.Time
	// TickDate is StartDate + TimeStepDays()·t days.
	TickDate(t int) time.Time
	// Stdout receives verbose output (SPEC §4.6).
	Stdout() io.Writer
	// Logger receives diagnostics that are not SPEC §4.6 verbose lines
	// (discarded unless the model's user set a logger).
	Logger() *slog.Logger
	// Workers is the number of goroutines kernels may use (never changes results).
	Workers() int
	// ForBlocks calls w.Block(b) for every block b in [0, nblocks): in
	// parallel on the model's workers when Params().Parallel is true,
	// sequentially in block order otherwise. Results must not depend on the
	// choice. Pass a pointer (see [Blocker], [Blocks]): it allocates nothing.
	ForBlocks(nblocks int, w Blocker)
	// Streams returns the random streams owned by instance c (keyed by its
	// name and its rank among same-named instances, never by position).
	Streams(c Component) (*rng.Streams, error)
	// Instances returns the model's component instances in order.
	Instances() []Component
	// GetInstance returns the instances named name, in order (empty when none).
	GetInstance(name string) []Component
	// Shared returns the value build returns for key. Models built over one
	// scenario with the same params apart from the seed (the replicates of
	// a model.Ensemble) build it once and share it; a lone model calls
	// build every time. key must name everything build depends on besides
	// the scenario, and the value must be immutable once built (e.g. a
	// mixing matrix). Errors are returned and not kept.
	Shared(key string, build func() (any, error)) (any, error)
}

// funcPhase is a phase built from a bare step function.
type funcPhase struct {
	name string
	step func(m Model, tick int) error
}

func (f *funcPhase) Name() string                 { return f.name }
func (f *funcPhase) Step(m Model, tick int) error { return f.step(m, tick) }

// Func returns a factory for a phase named name whose Step calls step.
func Func(name string, step func(m Model, tick int) error) Factory {
	return func(Model) (Component, error) {
		return &funcPhase{name: name, step: step}, nil
	}
}
