package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/systems"
)

// defaultRunFile is the run file used when none is given, relative to the
// module root (where `go run ./examples/variant` runs).
const defaultRunFile = "examples/variant/run.toml"

func main() {
	path := defaultRunFile
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	dir, err := os.MkdirTemp("", "rubeola-variant-")
	if err != nil {
		log.Fatal(err)
	}
	err = run(os.Stdout, path, dir)
	os.RemoveAll(dir)
	if err != nil {
		log.Fatal(err)
	}
}

// run loads the run file at path, runs it with a snapshot halfway (written
// to dir) and prints the results.
func run(out io.Writer, path, dir string) error {
	rf, err := runfile.Load(path) // checks every key; errors name the entry
	if err != nil {
		return err
	}
	m, err := resumeHalfway(rf, filepath.Join(dir, "half.snap"))
	if err != nil {
		return err
	}

	fmt.Fprintf(out, "%s: %s, %d ticks from %s\n", path, rf.ScenarioName, m.Params().NumTicks, m.StartDate().Format("2006-01-02"))
	for _, c := range model.InstancesOf[*systems.SIACalendar](m) {
		fmt.Fprintf(out, "campaigns fired: %v\n", c.Implemented())
	}
	// Summarize's attack rate is the share of a group's initial S that is
	// gone at the end; S moved to R by a campaign counts too, so the rows
	// with campaigns stand out.
	summary := metrics.Summarize(model.InstancesOf[*metrics.StateTracker](m)[0])
	cases := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	reported := cases.Counts() // [group][tick]; both trackers group by row
	for g, row := range summary.GroupIDs {
		var total int64
		for _, c := range reported[g] {
			total += c
		}
		fmt.Fprintf(out, "row %s: attack rate %.4f, reported cases %d\n", row, summary.Summary.AttackRatePerGroup[g], total)
	}
	fmt.Fprintf(out, "all rows: attack rate %.4f\n", *summary.Summary.AttackRateGlobal)
	return nil
}

// build creates the model of a run file: its scenario, params and
// component list, built against the scenario (what `rubeola validate
// --config` checks).
func build(rf *runfile.File) (*model.Model, error) {
	m, err := model.NewBiweekly(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	components := rf.Components
	if components == nil { // no [[phases]]: the standard schedule
		components = model.DefaultComponents()
	}
	if err := m.SetComponents(components...); err != nil {
		return nil, err
	}
	return m, nil
}

// resumeHalfway runs the first half of the ticks, saves a snapshot to
// snap, loads it into a new model and runs that one to the end. The first
// model is dropped: everything the second needs is in the file.
func resumeHalfway(rf *runfile.File, snap string) (*model.Model, error) {
	first, err := build(rf)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if err := first.RunTicks(ctx, rf.Params.NumTicks/2); err != nil {
		return nil, err
	}
	if err := first.SaveSnapshot(snap); err != nil {
		return nil, err
	}
	resumed, err := model.LoadSnapshot(snap, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := resumed.Run(ctx); err != nil {
		return nil, err
	}
	return resumed, nil
}
