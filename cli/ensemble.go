package cli

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
	// ensembleDir holds the quantile tables and summary.json.
	ensembleDir = "ensemble"
	// replicatesDir holds each replicate's own outputs (--keep-replicates),
	// one folder per replicate ([replicateDir]).
	replicatesDir = "replicates"
)

// buildEnsemble builds an ensemble of R replicates of the inputs' scenario
// and component list, checking that it has the StateTracker the outputs
// need.
func buildEnsemble(in *inputs, R int, opts ...model.Option) (*model.Ensemble, error) {
	e, err := model.NewEnsemble(in.scenario, in.params, R, in.modelOptions(opts)...)
	if err != nil {
		return nil, err
	}
	if err := e.SetComponents(componentList(in)...); err != nil {
		return nil, err
	}
	if err := requireStateTracker(e.Replicate(0)); err != nil {
		return nil, err
	}
	return e, nil
}

// runEnsembleAndWrite is [runAndWrite] for an ensemble: it runs every
// replicate to the end (with snapshots of the whole ensemble every K
// ticks when asked) while the quantile tables DIR/ensemble/<table> — and,
// with keep, every replicate's own tables under DIR/replicates/rNNN/ —
// stream into the temporary directory tick by tick through feed (a tick's
// rows are computed once every replicate has finished it), then writes
// ensemble/summary.json (and each kept replicate's summary.json and
// timing.csv) and renames the directory into place. Run and resume share
// it, and so does every ensemble point of a sweep; it returns the summary.
func runEnsembleAndWrite(ctx context.Context, e *model.Ensemble, in *inputs, f outputFlags, keep bool, feed *progressFeed, stdout io.Writer) (sum *ensembleSummary, err error) {
	if e.Params().Verbose {
		printSchedule(stdout, e.Replicate(0)) // every replicate has the same schedule
	}
	run, err := beginRun(f, e.Initialize)
	if err != nil {
		return nil, err
	}
	defer run.end(&err)
	pending, setup := run.pending, run.setup
	R := e.Replicates()
	chosen := make([]*metrics.StateTracker, R)
	for r := range R {
		chosen[r] = metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](e.Replicate(r)))
	}
	first := e.Tick()
	feed.startAt(first, e.Params().NumTicks)
	tables, err := planEnsembleTables(e, chosen, f.format, feed)
	if err != nil {
		return nil, err
	}
	if err := pending.mkdir(ensembleDir); err != nil {
		return nil, err
	}
	pending.start(tables)
	// abort stops the started writers (their files go with the directory).
	abort := func(err error) error {
		feed.fail()
		_ = pending.wait()
		return err
	}
	var kept []outputFile // the first replicate's files, for the report
	if keep {
		for r := range R {
			files, err := inFolder(pending, replicateDir(r, R), planTidy(e.Replicate(r), chosen[r], f.format, feed))
			if err != nil {
				return nil, abort(err)
			}
			pending.startLimited(files)
			if r == 0 {
				kept = files
			}
		}
	}
	snaps, err := runWithSnapshots(ctx, e, f)
	if err != nil {
		return nil, abort(err)
	}
	feed.publish(e.Tick(), true)
	wall := time.Since(run.start)

	sum, err = newEnsembleSummary(in, e, chosen, e.Tick()-first, wall, setup)
	if err != nil {
		return nil, abort(err)
	}
	writing := time.Now()
	written := sum
	if f.noTiming {
		s := *sum
		s.wallClock = nil
		written = &s
	}
	rest := []outputFile{jsonFile(filepath.Join(ensembleDir, "summary.json"), written)}
	pending.start(rest)
	if keep {
		for r := range R {
			m := e.Replicate(r)
			files := summaryFiles(m, newRunSummary(in, m, chosen[r], wall, setup), !f.noTiming)
			if files, err = inFolder(pending, replicateDir(r, R), files); err != nil {
				return nil, abort(err)
			}
			pending.startLimited(files)
			if r == 0 {
				kept = reportOrder(kept, files)
			}
		}
	}
	if err := pending.wait(); err != nil {
		return nil, err
	}
	if err := pending.commit(f.out, f.force, snaps); err != nil {
		return nil, err
	}
	sum.print(stdout, f.out, fileNames(reportOrder(tables, rest)), fileNames(kept), time.Since(writing))
	if err := plotAfterRun(stdout, f); err != nil {
		return nil, err
	}
	return sum, nil
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
		name := filepath.Join(ensembleDir, nt.name+format.Ext())
		files = append(files, outputFile{name, func(w io.Writer) error { return write(w, tbl) }})
	}
	return files, nil
}

// replicateDir is replicate r's folder, replicates/r000 … (at least three
// digits, as many as the last replicate's index needs, so that the folders
// sort in replicate order).
func replicateDir(r, R int) string {
	width := max(3, len(strconv.Itoa(R-1)))
	return filepath.Join(replicatesDir, fmt.Sprintf("r%0*d", width, r))
}

// inFolder creates folder in the pending directory and returns files with
// their names inside it.
func inFolder(p *pendingDir, folder string, files []outputFile) ([]outputFile, error) {
	if err := p.mkdir(folder); err != nil {
		return nil, err
	}
	out := make([]outputFile, len(files))
	for k, file := range files {
		out[k] = outputFile{filepath.Join(folder, file.name), file.write}
	}
	return out, nil
}

// fileNames returns the files' names.
func fileNames(files []outputFile) []string {
	names := make([]string, len(files))
	for k, file := range files {
		names[k] = file.name
	}
	return names
}
