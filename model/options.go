package model

import (
	"errors"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/internal/tty"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// Option configures a model at construction.
type Option func(*config) error

type config struct {
	mtype     *modelType // WithType; biweekly by default
	typeSet   bool       // WithType was given
	name      string     // "": the type's name
	nameSet   bool       // WithName was given
	stdout    io.Writer
	progress  io.Writer
	workers   int
	numTicks  int                  // < 0: take num_ticks from the params
	verbose   *bool                // nil: take verbose from the params
	showProg  *bool                // nil: take show_progress from the params
	afterTick func(done int)       // nil: none
	memLimit  int64                // bytes; 0: available memory, < 0: no check (WithMemoryLimit)
	snapEvery int                  // ticks between snapshots the caller saves (WithSnapshotsEvery); 0: none
	spill     *metrics.SpillPolicy // WithTrackerSpill; nil: the default policy

	compartments    []ecs.Compartment // after S, I and R (WithCompartments)
	compartmentsSet bool              // WithCompartments was given (else a snapshot's registered compartments apply)

	// Set by an Ensemble for its replicates (zero for a lone model).
	member bool          // no model-level verbose lines, no progress bar; runs only through the ensemble
	pool   *phases.Pool  // the ensemble's shared worker pool
	shared *sharedBuilds // the ensemble's shared builds (phases.Model.Shared)
	scn    *scenario.Table

	startDate time.Time // WithStartDate; zero: the params' start_time

	scenarioSource string // WithScenarioSource; "": none recorded

	terminal func(w io.Writer) bool // is w a terminal (WithTerminalCheck)
	logger   *slog.Logger           // library diagnostics (WithLogger)
}

func defaultConfig() config {
	return config{mtype: biweeklyType, stdout: os.Stdout, progress: os.Stderr, numTicks: -1,
		terminal: tty.IsTerminal, logger: slog.New(slog.DiscardHandler)}
}

// WithName sets the model's name (default: the model type, "biweekly" or
// "compartmental"; empty is an error).
func WithName(name string) Option {
	return func(c *config) error {
		if name == "" {
			return errors.New("model: name must not be empty")
		}
		c.name = name
		return nil
	}
}

// WithStdout sets where verbose output goes (default os.Stdout).
func WithStdout(w io.Writer) Option {
	return func(c *config) error {
		if w == nil {
			return errors.New("model: stdout writer must not be nil")
		}
		c.stdout = w
		return nil
	}
}

// WithProgressWriter sets where the progress bar goes (default os.Stderr).
// The bar is drawn only when show_progress is true and the writer is a
// terminal (see [WithTerminalCheck]).
func WithProgressWriter(w io.Writer) Option {
	return func(c *config) error {
		if w == nil {
			return errors.New("model: progress writer must not be nil")
		}
		c.progress = w
		return nil
	}
}

// WithWorkers sets the number of goroutines kernels may use (0 = GOMAXPROCS).
// It never changes results.
func WithWorkers(n int) Option {
	return func(c *config) error {
		if n < 0 {
			return errors.New("model: workers must be >= 0")
		}
		c.workers = n
		return nil
	}
}

// WithVerbose overrides the params' verbose flag (printing only; results
// never change). Useful with [LoadSnapshot], whose params come from the file.
func WithVerbose(v bool) Option {
	return func(c *config) error {
		c.verbose = &v
		return nil
	}
}

// WithShowProgress overrides the params' show_progress flag (printing only;
// results never change).
func WithShowProgress(show bool) Option {
	return func(c *config) error {
		c.showProg = &show
		return nil
	}
}

// WithAfterTick calls fn on the model's goroutine after every completed
// tick, with the number of ticks completed so far (the model's Tick()).
// Everything the tick's phases wrote is visible to a goroutine that
// synchronises with fn's call; the CLI uses it to stream outputs while the
// run goes on. fn must not call the model; it never changes results.
func WithAfterTick(fn func(done int)) Option {
	return func(c *config) error {
		if fn == nil {
			return errors.New("model: after-tick function must not be nil")
		}
		c.afterTick = fn
		return nil
	}
}

// WithTerminalCheck replaces the test deciding whether the progress writer
// is a terminal (default: a file descriptor attached to a terminal, via
// golang.org/x/term). The bar is drawn only when show_progress is true and
// isTerminal(progress writer) is true, so pipes, files and CI logs get no
// bar. Pass func(io.Writer) bool { return true } to draw into any writer.
func WithTerminalCheck(isTerminal func(w io.Writer) bool) Option {
	return func(c *config) error {
		if isTerminal == nil {
			return errors.New("model: terminal check must not be nil")
		}
		c.terminal = isTerminal
		return nil
	}
}

// WithLogger sets where components send diagnostics (the truncated-mixing
// report and other messages that are not part of SPEC §4.6's verbose
// output). The default discards them; the CLI's --verbose logs them as text
// on stderr.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error {
		if l == nil {
			return errors.New("model: logger must not be nil")
		}
		c.logger = l
		return nil
	}
}

// WithStartDate starts the run on day d (00:00 UTC) instead of the first
// day of the params' start_time month: model fitting starts a compartmental model
// one observation period before the first observation, on any day. The
// date is not stored in snapshots; a model built with it cannot be saved
// (SaveSnapshot refuses it).
func WithStartDate(d time.Time) Option {
	return func(c *config) error {
		if d.IsZero() {
			return errors.New("model: start date is the zero time")
		}
		y, mo, day := d.UTC().Date()
		c.startDate = time.Date(y, mo, day, 0, 0, 0, 0, time.UTC)
		return nil
	}
}
