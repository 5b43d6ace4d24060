package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// snapshotDir is the folder of periodic snapshots inside the output
// directory.
const snapshotDir = "snapshots"

// runAndWrite runs a built model to its end (writing snapshots every K
// ticks when asked), then writes every output atomically and prints the
// summary. Run and resume share it.
func runAndWrite(ctx context.Context, m *model.Biweekly, in *inputs, f outputFlags, stdout io.Writer) error {
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
	files, err := renderOutputs(m, tracker, sum)
	if err != nil {
		return err
	}
	if err := writeOutputs(f.out, f.force, files, snaps); err != nil {
		return err
	}
	sum.print(stdout, f.out, files.names())
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

// outputFiles are rendered output files in writing order.
type outputFiles struct {
	order []string
	data  map[string]*bytes.Buffer
}

func (o *outputFiles) add(name string) *bytes.Buffer {
	if o.data == nil {
		o.data = map[string]*bytes.Buffer{}
	}
	b := &bytes.Buffer{}
	o.order = append(o.order, name)
	o.data[name] = b
	return b
}

func (o *outputFiles) names() []string { return o.order }

// renderOutputs renders states.csv (the most granular StateTracker),
// summary.json, timing.csv and one tidy CSV per further tracker:
// population.csv, cases.csv, fadeouts.csv (a second tracker of a kind gets
// "-2", and so on; further StateTrackers are states-2.csv, …).
func renderOutputs(m *model.Biweekly, chosen *metrics.StateTracker, sum *runSummary) (*outputFiles, error) {
	files := &outputFiles{}
	if err := metrics.WriteTidyCSV(files.add("states.csv"), chosen); err != nil {
		return nil, err
	}
	enc := json.NewEncoder(files.add("summary.json"))
	enc.SetIndent("", "  ")
	if err := enc.Encode(sum); err != nil {
		return nil, err
	}
	if err := m.Metrics().WriteCSV(files.add("timing.csv")); err != nil {
		return nil, err
	}
	used := map[string]int{"states": 1}
	for _, t := range model.InstancesOf[metrics.Tracker](m) {
		if t == metrics.Tracker(chosen) {
			continue
		}
		base := trackerFileBase(t)
		used[base]++
		name := base + ".csv"
		if used[base] > 1 {
			name = fmt.Sprintf("%s-%d.csv", base, used[base])
		}
		if err := metrics.WriteTidyCSV(files.add(name), t); err != nil {
			return nil, err
		}
	}
	return files, nil
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
