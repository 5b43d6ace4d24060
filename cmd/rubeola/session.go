package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// ticks when asked), then streams every output into a temporary directory
// that replaces the output directory only when all were written, and
// prints the summary. Run and resume share it.
func runAndWrite(ctx context.Context, m *model.Biweekly, in *inputs, f outputFlags, stdout io.Writer) (err error) {
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stopProfile()) }()
	start := time.Now()
	if err := m.Initialize(); err != nil {
		return err
	}
	setup := time.Since(start)
	snaps, err := runWithSnapshots(ctx, m, f)
	if err != nil {
		return err
	}
	wall := time.Since(start)

	tracker := metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m))
	sum := newRunSummary(in, m, tracker, wall, setup)
	files := planOutputs(m, tracker, sum, f.format)
	writing := time.Now()
	if err := writeOutputs(f.out, f.force, files, snaps); err != nil {
		return err
	}
	names := make([]string, len(files))
	for k, file := range files {
		names[k] = file.name
	}
	sum.print(stdout, f.out, names, time.Since(writing))
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

// planOutputs lists the result files: the tidy table of the most granular
// StateTracker (states.csv or states.parquet), summary.json, timing.csv
// and one tidy table per further tracker: population, cases, fadeouts (a
// second tracker of a kind gets "-2", and so on; further StateTrackers are
// states-2, …). Tidy tables are in format; nothing is rendered yet.
func planOutputs(m *model.Biweekly, chosen *metrics.StateTracker, sum *runSummary, format metrics.Format) []outputFile {
	writeTidy := metrics.WriteTidyCSV
	if format == metrics.Parquet {
		writeTidy = tidyparquet.Write
	}
	tidy := func(name string, t metrics.Tracker) outputFile {
		return outputFile{name + format.Ext(), func(w io.Writer) error { return writeTidy(w, t) }}
	}
	files := []outputFile{
		tidy("states", chosen),
		{"summary.json", func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(sum)
		}},
		{"timing.csv", m.Metrics().WriteCSV},
	}
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
