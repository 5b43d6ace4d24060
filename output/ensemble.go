package output

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
)

// Folders of an ensemble run's output directory.
const (
	// EnsembleDir holds the quantile tables and summary.json.
	EnsembleDir = "ensemble"
	// ReplicatesDir holds each replicate's own outputs
	// (Options.KeepReplicates), one folder per replicate ([ReplicateDir]).
	ReplicatesDir = "replicates"
)

// WriteEnsemble is [Write] for an ensemble: it runs every replicate to the
// end (with snapshots of the whole ensemble every o.SnapshotEvery ticks)
// and writes the quantile tables o.Dir/ensemble/<table> and
// ensemble/summary.json — and, with o.KeepReplicates, every replicate's
// own files under o.Dir/replicates/rNNN/ — then renames the directory into
// place. Every replicate must have a StateTracker (else a [*SetupError]).
func WriteEnsemble(ctx context.Context, e *model.Ensemble, o Options) (*EnsembleResult, error) {
	return (&Session{}).WriteEnsemble(ctx, e, o)
}

// WriteEnsemble is [WriteEnsemble] with the tables following the run (e
// was built with [Session.Option]): a tick's rows are computed once every
// replicate has finished it.
func (s *Session) WriteEnsemble(ctx context.Context, e *model.Ensemble, o Options) (res *EnsembleResult, err error) {
	feed := s.feed
	R := e.Replicates()
	chosen := make([]*metrics.StateTracker, R)
	for r := range R {
		if chosen[r] = metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](e.Replicate(r))); chosen[r] == nil {
			return nil, &SetupError{Err: fmt.Errorf("replicate %d: %w", r, errNoStateTracker)}
		}
	}
	run, err := begin(o.Dir, e.Initialize)
	if err != nil {
		return nil, err
	}
	defer run.pending.Discard()
	pending, setup := run.pending, run.setup
	first := e.Tick()
	format := o.format()
	feed.startAt(first, e.Params().NumTicks)
	tables, err := planEnsembleTables(e, chosen, format, feed)
	if err != nil {
		return nil, err
	}
	if err := pending.mkdir(EnsembleDir); err != nil {
		return nil, err
	}
	// abort stops the started writers (their files go with the directory).
	abort := func(err error) error {
		feed.fail()
		_ = pending.wait()
		return err
	}
	var replicateTables [][]outputFile
	var kept []outputFile // the first replicate's files, for the report
	if o.KeepReplicates {
		for r := range R {
			files, err := inFolder(pending, ReplicateDir(r, R), planTidy(e.Replicate(r), chosen[r], format, feed))
			if err != nil {
				return nil, abort(err)
			}
			replicateTables = append(replicateTables, files)
			if r == 0 {
				kept = files
			}
		}
	}
	startTables := func() {
		pending.start(tables)
		for _, files := range replicateTables {
			pending.startLimited(files)
		}
	}
	if feed != nil {
		startTables()
	}
	snaps, err := runWithSnapshots(ctx, e, o)
	if err != nil {
		return nil, abort(snapshotsKept(err, o.Dir, snaps))
	}
	feed.publish(e.Tick(), true)
	wall := time.Since(run.start)
	if feed == nil {
		startTables()
	}

	sum, err := NewEnsembleSummary(o.Inputs, e, chosen, e.Tick()-first, wall, setup)
	if err != nil {
		return nil, abort(err)
	}
	o.stamp(&sum.Metadata)
	writing := time.Now()
	written := sum
	if o.NoTiming {
		s := *sum
		s.wallClock = nil
		written = &s
	}
	rest := []outputFile{jsonFile(filepath.Join(EnsembleDir, "summary.json"), written)}
	pending.start(rest)
	if o.KeepReplicates {
		for r := range R {
			m := e.Replicate(r)
			rs := NewSummary(o.Inputs, m, chosen[r], wall, setup)
			o.stamp(&rs.Metadata)
			files := summaryFiles(m, rs, !o.NoTiming)
			if files, err = inFolder(pending, ReplicateDir(r, R), files); err != nil {
				return nil, abort(err)
			}
			pending.startLimited(files)
			if r == 0 {
				kept = reportOrder(kept, files)
			}
		}
	}
	if err := pending.wait(); err != nil {
		return nil, snapshotsKept(err, o.Dir, snaps)
	}
	if err := pending.commit(o.Dir, o.Force, snaps); err != nil {
		return nil, snapshotsKept(err, o.Dir, snaps)
	}
	return &EnsembleResult{Summary: sum, Tables: fileNames(reportOrder(tables, rest)), Kept: fileNames(kept),
		Snapshots: snaps, Writing: time.Since(writing)}, nil
}

// planEnsembleTables lists the quantile tables, ensemble/<name>: one per
// tracker of the replicates' component list, named as a single run's tidy
// tables ([tidyTrackers]: states first, from the most granular
// StateTracker), each reading the R replicates' trackers at that place
// through feed.
func planEnsembleTables(e *model.Ensemble, chosen []*metrics.StateTracker, format metrics.Format, feed *progressFeed) ([]outputFile, error) {
	write := metrics.WriteQuantileCSV
	if format == metrics.Parquet {
		write = tidyparquet.WriteQuantiles
	}
	R := e.Replicates()
	lists := make([][]namedTracker, R)
	for r := range R {
		lists[r] = tidyTrackers(e.Replicate(r), chosen[r])
		if len(lists[r]) != len(lists[0]) {
			return nil, fmt.Errorf("replicate %d has %d trackers, replicate 0 has %d", r, len(lists[r]), len(lists[0]))
		}
	}
	var files []outputFile
	for k, nt := range lists[0] {
		reps := make([]metrics.Tracker, R)
		for r := range R {
			reps[r] = following(lists[r][k].tracker, feed)
		}
		tbl, err := metrics.NewEnsembleTable(reps...)
		if err != nil {
			return nil, err
		}
		name := filepath.Join(EnsembleDir, nt.name+format.Ext())
		files = append(files, outputFile{name, func(w io.Writer) error { return write(w, tbl) }})
	}
	return files, nil
}

// ReplicateDir is replicate r's folder of R, replicates/r000 … (at least
// three digits, as many as the last replicate's index needs, so that the
// folders sort in replicate order).
func ReplicateDir(r, R int) string {
	width := max(3, len(strconv.Itoa(R-1)))
	return filepath.Join(ReplicatesDir, fmt.Sprintf("r%0*d", width, r))
}

// inFolder creates folder in the pending directory and returns files with
// their names inside it.
func inFolder(p *PendingDir, folder string, files []outputFile) ([]outputFile, error) {
	if err := p.mkdir(folder); err != nil {
		return nil, err
	}
	out := make([]outputFile, len(files))
	for k, file := range files {
		out[k] = outputFile{filepath.Join(folder, file.name), file.write}
	}
	return out, nil
}
