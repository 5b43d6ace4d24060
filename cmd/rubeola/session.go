package main

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

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
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
// share it.
func runAndWrite(ctx context.Context, m *model.Biweekly, in *inputs, f outputFlags, feed *progressFeed, stdout io.Writer) (err error) {
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stopProfile()) }()
	verbose := m.Params().Verbose
	if verbose {
		printSchedule(stdout, m)
	}
	start := time.Now()
	if err := m.Initialize(); err != nil {
		return err
	}
	setup := time.Since(start)

	pending, err := newPendingDir(f.out)
	if err != nil {
		return err
	}
	defer pending.discard()
	tracker := metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m))
	feed.startAt(m.Tick(), m.Params().NumTicks)
	tidy := planTidy(m, tracker, f.format, feed)
	pending.start(tidy)
	snaps, err := runWithSnapshots(ctx, m, f)
	if err != nil {
		feed.fail()
		_ = pending.wait() // the writers stop; their files go with the directory
		return err
	}
	feed.publish(m.Tick(), true)
	wall := time.Since(start)

	sum := newRunSummary(in, m, tracker, wall, setup)
	writing := time.Now()
	rest := summaryFiles(m, sum)
	pending.start(rest)
	if err := pending.wait(); err != nil {
		return err
	}
	if err := pending.commit(f.out, f.force, snaps); err != nil {
		return err
	}
	var names []string
	for _, file := range reportOrder(tidy, rest) {
		names = append(names, file.name)
	}
	sum.print(stdout, f.out, names, time.Since(writing))
	if verbose {
		printTimingTable(stdout, m)
		printOutputs(stdout, f.out, names, snaps)
	}
	return nil
}

// runWithSnapshots runs the remaining ticks; with --snapshot-every K it
// stops after every K-th tick to save DIR/snapshots/tick-NNNNNN.snap (each
// written atomically, so a killed run can be resumed from the last one).
// It returns the snapshot files written.
func runWithSnapshots(ctx context.Context, m *model.Biweekly, f outputFlags) ([]string, error) {
	k := f.snapshotEvery
	if k == 0 || m.Tick() >= m.Params().NumTicks {
		return nil, m.Run(ctx)
	}
	dir := filepath.Join(f.out, snapshotDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for m.Tick() < m.Params().NumTicks {
		if err := m.RunTicks(ctx, k-m.Tick()%k); err != nil {
			return written, err
		}
		if m.Tick()%k != 0 {
			continue
		}
		path := filepath.Join(dir, fmt.Sprintf("tick-%06d.snap", m.Tick()))
		if err := m.SaveSnapshot(path); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
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
	tidy := func(name string, t metrics.Tracker) outputFile {
		if feed != nil {
			t = liveTracker{Tracker: t, feed: feed}
		}
		return outputFile{name + format.Ext(), func(w io.Writer) error { return writeTidy(w, t) }}
	}
	files := []outputFile{tidy("states", chosen)}
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
		files = append(files, tidy(name, t))
	}
	return files
}

// summaryFiles lists summary.json and timing.csv, written when the run has
// ended.
func summaryFiles(m *model.Biweekly, sum *runSummary) []outputFile {
	return []outputFile{
		{"summary.json", func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(sum)
		}},
		{"timing.csv", m.Metrics().WriteCSV},
	}
}

// trackerFileBase names a tracker's output file.
func trackerFileBase(t metrics.Tracker) string {
	switch t.(type) {
	case *metrics.StateTracker:
		return "states"
	case *metrics.PopulationTracker:
		return "population"
	case *metrics.CaseSurveillanceTracker:
		return "cases"
	case *metrics.FadeOutTracker:
		return "fadeouts"
	}
	return strings.ToLower(strings.ReplaceAll(t.Name(), " ", "_"))
}
