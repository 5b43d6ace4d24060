package output

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/rubeola/rubeola/internal/tmpname"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
)

// SnapshotDir is the folder of periodic snapshots inside the output
// directory (Options.SnapshotEvery).
const SnapshotDir = "snapshots"

// Session writes a run's tidy tables while the model runs: each table's
// writer follows the run tick by tick, so formatting overlaps the
// simulation. The model must be built with the session's after-tick hook
// ([Session.Option]); a session serves one run at a time. Without a
// session ([Write], [WriteEnsemble]) the tables are written after the last
// tick, with the same bytes.
type Session struct {
	feed *progressFeed
}

// NewSession returns a session; build the model with [Session.Option].
func NewSession() *Session { return &Session{feed: newProgressFeed()} }

// AfterTick is the session's after-tick hook (model.WithAfterTick): it
// tells the writers that done ticks are complete.
func (s *Session) AfterTick(done int) { s.feed.tick(done) }

// Option is model.WithAfterTick(s.AfterTick): give it to the model (or
// ensemble) whose outputs the session writes.
func (s *Session) Option() model.Option { return model.WithAfterTick(s.AfterTick) }

// Write runs the ticks m has left (none when it is finished) and writes
// every file of the run into o.Dir: the tidy tables of m's trackers
// (states first, from the most granular StateTracker), summary.json and
// timing.csv, and, with o.SnapshotEvery, the snapshots. m must have a
// StateTracker (else a [*SetupError]). It initialises m first (timed as the setup); an error
// there is a [*SetupError], an output directory that cannot be written a
// [*DirError]. Nothing is left in o.Dir on error.
func Write(ctx context.Context, m *model.Model, o Options) (*Result, error) {
	return (&Session{}).Write(ctx, m, o)
}

// Write is [Write] with the tables following the run (m was built with
// [Session.Option]).
func (s *Session) Write(ctx context.Context, m *model.Model, o Options) (res *Result, err error) {
	feed := s.feed
	tracker := metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m))
	if tracker == nil {
		return nil, &SetupError{Err: errNoStateTracker}
	}
	run, err := begin(o.Dir, m.Initialize)
	if err != nil {
		return nil, err
	}
	defer run.pending.Discard()
	pending := run.pending
	feed.startAt(m.Tick(), m.Params().NumTicks)
	tidy := planTidy(m, tracker, o.format(), feed)
	if feed != nil {
		pending.start(tidy)
	}
	snaps, err := runWithSnapshots(ctx, m, o)
	if err != nil {
		feed.fail()
		_ = pending.wait() // the writers stop; their files go with the directory
		return nil, snapshotsKept(err, o.Dir, snaps)
	}
	feed.publish(m.Tick(), true)
	wall := time.Since(run.start)
	if feed == nil {
		pending.start(tidy)
	}

	sum := NewSummary(o.Inputs, m, tracker, wall, run.setup)
	o.stamp(&sum.Metadata)
	writing := time.Now()
	rest := summaryFiles(m, sum, !o.NoTiming)
	pending.start(rest)
	if err := pending.wait(); err != nil {
		return nil, snapshotsKept(err, o.Dir, snaps)
	}
	if err := pending.commit(o.Dir, o.Force, snaps); err != nil {
		return nil, snapshotsKept(err, o.Dir, snaps)
	}
	return &Result{Summary: sum, Files: fileNames(reportOrder(tidy, rest)), Snapshots: snaps, Writing: time.Since(writing)}, nil
}

// errNoStateTracker is the error of a model without the StateTracker the
// outputs summarise.
var errNoStateTracker = errors.New("the component list has no StateTracker (states.csv and summary.json summarise one)")

// runStart is what a run, single or ensemble, does before the ticks:
// initialise the components (timed: setup) and create the pending output
// directory.
type runStart struct {
	start   time.Time
	setup   time.Duration
	pending *PendingDir
}

// begin starts a run whose components initialize initialises, writing into
// dir. Its errors come before the first tick from what the user gave — the
// scenario, params and components, the output directory.
func begin(dir string, initialize func() error) (*runStart, error) {
	r := &runStart{start: time.Now()}
	if err := initialize(); err != nil {
		return nil, &SetupError{Err: err}
	}
	r.setup = time.Since(r.start)
	var err error
	if r.pending, err = NewPendingDir(dir); err != nil {
		return nil, &DirError{Dir: dir, Err: err}
	}
	return r, nil
}

// runner is what runs and snapshots: a model or an ensemble.
type runner interface {
	Tick() int
	Finalized() bool
	Params() params.BiweeklyParams
	Run(ctx context.Context) error
	RunTicks(ctx context.Context, n int) error
	SaveSnapshot(path string) error
}

// runWithSnapshots runs the remaining ticks; with o.SnapshotEvery K it
// stops after every K-th tick to save DIR/snapshots/tick-NNNNNN.snap (each
// written atomically, so a killed run can be resumed from the last one; an
// ensemble's snapshot holds every replicate). It returns the snapshot files
// written. A run already finalized (resumed from the snapshot of its last
// tick) does not run again: its outputs are written as they are.
func runWithSnapshots(ctx context.Context, m runner, o Options) ([]string, error) {
	if m.Finalized() {
		return nil, nil
	}
	k := o.SnapshotEvery
	if k <= 0 || m.Tick() >= m.Params().NumTicks {
		return nil, m.Run(ctx)
	}
	dir := filepath.Join(o.Dir, SnapshotDir)
	var written []string
	for m.Tick() < m.Params().NumTicks {
		if err := m.RunTicks(ctx, k-m.Tick()%k); err != nil {
			return written, err
		}
		if m.Tick()%k != 0 {
			continue
		}
		// The folder is made at the first snapshot: a run that saves none
		// (K beyond its ticks) leaves no empty DIR/snapshots behind, which
		// would make DIR "not empty" when the outputs replace it.
		if len(written) == 0 {
			if err := makeSnapshotDir(dir); err != nil {
				return nil, err
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("tick-%06d.snap", m.Tick()))
		if err := m.SaveSnapshot(path); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

// snapshotsKept adds to err, the failure of a run that saved snapshots
// into dir/snapshots, what is left in dir: those snapshots (kept for
// resume) and, when dir holds other files, that those are an earlier
// run's, not replaced (issue 37 item 8: after a full disk a failed run's
// snapshots stayed beside an older run's tables without a word).
func snapshotsKept(err error, dir string, snaps []string) error {
	if len(snaps) == 0 {
		return err
	}
	note := fmt.Sprintf("the %d snapshots this run saved stay in %s for `rubeola resume %s`", len(snaps),
		filepath.Join(dir, SnapshotDir), snaps[len(snaps)-1])
	if entries, rerr := os.ReadDir(dir); rerr == nil && len(entries) > 1 {
		note += fmt.Sprintf("; the other files in %s are an earlier run's, not this run's (they were not replaced)", dir)
	}
	return fmt.Errorf("%w (%s)", err, note)
}

// makeSnapshotDir creates the snapshot folder dir and removes from it the
// snapshots half-written by a killed rubeola ([tmpname.RemoveStale]).
func makeSnapshotDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	_, err := tmpname.RemoveStale(dir, "")
	return err
}

// outputFile is one result file: its name in the output directory and the
// function that streams its content.
type outputFile struct {
	name  string
	write func(w io.Writer) error
}

// reportOrder is the order the summary lists the files in: the chosen
// StateTracker's table, summary.json, timing.csv, then the other tables.
func reportOrder(tidy, rest []outputFile) []outputFile {
	return slices.Concat(tidy[:1], rest, tidy[1:])
}

// summaryFiles lists summary.json (with its wall-clock fields when
// withTiming) and timing.csv, written when the run has ended.
func summaryFiles(m *model.Model, sum *Summary, withTiming bool) []outputFile {
	if !withTiming {
		sum = sum.withoutTiming()
	}
	return []outputFile{jsonFile("summary.json", sum), {"timing.csv", m.Metrics().WriteCSV}}
}

// jsonFile is the file name holding v as JSON indented by two spaces.
func jsonFile(name string, v any) outputFile {
	return outputFile{name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}}
}

// fileNames returns the files' names.
func fileNames(files []outputFile) []string {
	names := make([]string, len(files))
	for k, file := range files {
		names[k] = file.name
	}
	return names
}
