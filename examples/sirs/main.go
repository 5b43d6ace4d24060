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
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Run settings: a 4×4 grid of towns of 20 000 people, two years of biweekly
// ticks, a fixed seed (every number written depends only on it).
const (
	gridSize = 4
	townPop  = 20000
	numTicks = 52
	seed     = 7
)

func main() {
	register()
	dir := ""
	if len(os.Args) > 1 {
		dir = os.Args[1]
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
	} else {
		tmp, err := os.MkdirTemp("", "rubeola-sirs-")
		if err != nil {
			log.Fatal(err)
		}
		dir = tmp
	}
	if err := run(os.Stdout, dir); err != nil {
		log.Fatal(err)
	}
}

// run runs the model to numTicks/2, saves a snapshot in dir, resumes it to
// the end, writes dir/states.csv and prints the final totals.
func run(out io.Writer, dir string) error {
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	if err != nil {
		return err
	}
	first, err := newModel(scn)
	if err != nil {
		return err
	}
	if err := first.Initialize(); err != nil {
		return err
	}
	if err := first.RunTicks(context.Background(), numTicks/2); err != nil {
		return err
	}
	snap := filepath.Join(dir, "half.snap")
	if err := first.SaveSnapshot(snap); err != nil {
		return err
	}
	// The snapshot loads with the factories, into a model that declares W
	// again. (register made ImmunityLoss and W known, so nil factories
	// would do too: that is how `resume` rebuilds run.toml's snapshots.)
	m, err := model.LoadSnapshot(snap, components(), options()...)
	if err != nil {
		return err
	}
	if err := m.Run(context.Background()); err != nil {
		return err
	}
	states := filepath.Join(dir, "states.csv")
	if err := writeStates(states, m); err != nil {
		return err
	}
	fmt.Fprintf(out, "resumed at tick %d from %s, wrote %s\n", numTicks/2, snap, states)
	for _, name := range m.Patches().States() {
		total, err := m.Patches().Total(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "final %s: %d\n", name, total)
	}
	fmt.Fprintf(out, "population: %d\n", m.Patches().Population())
	return nil
}

// options are the model options: W declared after S, I and R, no output.
func options() []model.Option {
	return []model.Option{model.WithCompartments(WaningCompartment),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard)}
}

// newModel builds the S, I, R, W model of scn with the program's schedule,
// not yet run.
func newModel(scn *scenario.Table) (*model.Model, error) {
	p := params.Default()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p, options()...)
	if err != nil {
		return nil, err
	}
	return m, m.SetComponents(components()...)
}

// writeStates writes the StateTracker of m as a tidy CSV (tick, date,
// patch_id, state, count), the W rows included, to path.
func writeStates(path string, m *model.Model) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := metrics.WriteTidyCSV(f, model.InstancesOf[*metrics.StateTracker](m)[0]); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
