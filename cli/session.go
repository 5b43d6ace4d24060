package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/tmpname"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
)

// snapshotDir is the folder of periodic snapshots inside the output
// directory.
const snapshotDir = "snapshots"

// runAndWrite runs a built model to its end (writing snapshots every K
// ticks when asked) while its tidy tables stream into a temporary directory
// — each table's writer follows the run tick by tick through feed (the
// model's after-tick hook), so formatting overlaps the simulation — then
// writes summary.json and timing.csv, and replaces the output directory
// with the temporary one only when everything was written. Run and resume
// share it, and so does every point of a sweep; it returns the summary
// written.
func runAndWrite(ctx context.Context, m *model.Biweekly, in *inputs, f outputFlags, feed *progressFeed, stdout io.Writer) (sum *runSummary, err error) {
	verbose := m.Params().Verbose
	if verbose {
		printSchedule(stdout, m)
	}
	run, err := beginRun(f, m.Initialize)
	if err != nil {
		return nil, err
	}
	defer run.end(&err)
	pending := run.pending
	tracker := metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m))
	feed.startAt(m.Tick(), m.Params().NumTicks)
	tidy := planTidy(m, tracker, f.format, feed)
	pending.start(tidy)
	snaps, err := runWithSnapshots(ctx, m, f)
	if err != nil {
		feed.fail()
		_ = pending.wait() // the writers stop; their files go with the directory
		return nil, err
	}
	feed.publish(m.Tick(), true)
	wall := time.Since(run.start)

	sum = newRunSummary(in, m, tracker, wall, run.setup)
	writing := time.Now()
	rest := summaryFiles(m, sum, !f.noTiming)
	pending.start(rest)
	if err := pending.wait(); err != nil {
		return nil, err
	}
	if err := pending.commit(f.out, f.force, snaps); err != nil {
		return nil, err
	}
	names := fileNames(reportOrder(tidy, rest))
	sum.print(stdout, f.out, names, time.Since(writing))
	if verbose {
		printTimingTable(stdout, m)
		printLambdaError(stdout, m)
		printOutputs(stdout, f.out, names, snaps)
	}
	if err := plotAfterRun(stdout, f); err != nil {
		return nil, err
	}
	return sum, nil
}

// runStart is what run and resume, single or ensemble, do before the
// ticks: start the CPU profile (--cpuprofile), initialise the components
// (timed: setup) and create the pending output directory.
type runStart struct {
	start       time.Time
	setup       time.Duration
	pending     *pendingDir
	stopProfile func() error
}

// beginRun starts a run whose components initialize initialises. Its
// errors come before the first tick from what the user gave — the
// --cpuprofile file, the scenario, params and components (what validate
// checks too), the --out path — so they are bad input (exit code 2).
func beginRun(f outputFlags, initialize func() error) (*runStart, error) {
	stop, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return nil, invalid(err)
	}
	r := &runStart{start: time.Now(), stopProfile: stop}
	if err := initialize(); err != nil {
		return nil, invalid(errors.Join(err, stop()))
	}
	r.setup = time.Since(r.start)
	if r.pending, err = newPendingDir(f.out); err != nil {
		return nil, invalid(errors.Join(outDirError("--out", f.out, err), stop()))
	}
	return r, nil
}

// end removes the pending directory (a no-op once committed) and stops the
// profile, joining its error to *err; defer it.
func (r *runStart) end(err *error) {
	r.pending.discard()
	*err = errors.Join(*err, r.stopProfile())
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

// runWithSnapshots runs the remaining ticks; with --snapshot-every K it
// stops after every K-th tick to save DIR/snapshots/tick-NNNNNN.snap (each
// written atomically, so a killed run can be resumed from the last one; an
// ensemble's snapshot holds every replicate). It returns the snapshot files
// written. A run already finalized (resumed from the snapshot of its last
// tick) does not run again: its outputs are written as they are.
func runWithSnapshots(ctx context.Context, m runner, f outputFlags) ([]string, error) {
	if m.Finalized() {
		return nil, nil
	}
	k := f.snapshotEvery
	if k == 0 || m.Tick() >= m.Params().NumTicks {
		return nil, m.Run(ctx)
	}
	dir := filepath.Join(f.out, snapshotDir)
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

// planTidy lists the tidy tables: the most granular StateTracker's (states.csv
// or states.parquet) first, then one per further tracker: population, cases,
// fadeouts (a second tracker of a kind gets "-2", and so on; further
// StateTrackers are states-2, …). With a feed, each table follows the running
// model ([liveTracker]); nil exports what is recorded. Nothing is rendered yet.
func planTidy(m *model.Biweekly, chosen *metrics.StateTracker, format metrics.Format, feed *progressFeed) []outputFile {
	writeTidy := metrics.WriteTidyCSV
	if format == metrics.Parquet {
		writeTidy = tidyparquet.Write
	}
	var files []outputFile
	for _, nt := range tidyTrackers(m, chosen) {
		t := following(nt.tracker, feed)
		files = append(files, outputFile{nt.name + format.Ext(), func(w io.Writer) error { return writeTidy(w, t) }})
	}
	return files
}

// following returns t as it follows the running model through feed
// ([liveTracker]), or t itself when feed is nil.
func following(t metrics.Tracker, feed *progressFeed) metrics.Tracker {
	if feed == nil {
		return t
	}
	return liveTracker{Tracker: t, feed: feed}
}

// namedTracker is a tracker and the name of its file without extension.
type namedTracker struct {
	name    string
	tracker metrics.Tracker
}

// tidyTrackers lists the trackers that get a tidy table, in file order,
// with their file names (see [planTidy]).
func tidyTrackers(m *model.Biweekly, chosen *metrics.StateTracker) []namedTracker {
	list := []namedTracker{{"states", chosen}}
	used := map[string]int{"states": 1}
	for _, t := range model.InstancesOf[metrics.Tracker](m) {
		if t == metrics.Tracker(chosen) {
			continue
		}
		base := trackerFileBase(t)
		used[base]++
		name := base
		if used[base] > 1 {
			name = fmt.Sprintf("%s-%d", base, used[base])
		}
		list = append(list, namedTracker{name, t})
	}
	return list
}

// summaryFiles lists summary.json (with its wall-clock fields when
// withTiming) and timing.csv, written when the run has ended.
func summaryFiles(m *model.Biweekly, sum *runSummary, withTiming bool) []outputFile {
	if !withTiming {
		s := *sum
		s.runTiming = nil
		sum = &s
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

// trackerFileBase names a tracker's output file: the built-in trackers'
// fixed names, a [metrics.FileNamer]'s own (a tracker kit's), else Name()
// in lower case with spaces as "_".
func trackerFileBase(t metrics.Tracker) string {
	switch t := t.(type) {
	case *metrics.StateTracker:
		return "states"
	case *metrics.PopulationTracker:
		return "population"
	case *metrics.CaseSurveillanceTracker:
		return "cases"
	case *metrics.FadeOutTracker:
		return "fadeouts"
	case metrics.FileNamer:
		return t.FileBase()
	}
	return strings.ToLower(strings.ReplaceAll(t.Name(), " ", "_"))
}
