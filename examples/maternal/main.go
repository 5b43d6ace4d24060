package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// Run settings: a 3×3 grid of towns of 50 000 people, two years of daily
// ticks, a fixed seed (every number printed depends only on it).
const (
	gridSize = 3
	townPop  = 50000
	numTicks = 2 * 365
	seed     = 11
)

func main() {
	register()
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// newModel builds the model of the program's grid with the components fs,
// not yet run.
func newModel(fs ...phases.Factory) (*model.Model, error) {
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	if err != nil {
		return nil, err
	}
	p := params.DefaultCompartmental()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewCompartmental(scn, p, model.WithCompartments(MaternalCompartment), model.WithStdout(io.Discard))
	if err != nil {
		return nil, err
	}
	return m, m.SetComponents(fs...)
}

// run runs the model and prints the final totals and the flows' sums.
func run(out io.Writer) error {
	totals := &flowTotals{}
	m, err := newModel(append(components(), func(phases.Model) (phases.Component, error) { return totals, nil })...)
	if err != nil {
		return err
	}
	if err := m.Run(context.Background()); err != nil {
		return err
	}
	for _, name := range m.Patches().States() {
		total, err := m.Patches().Total(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "final %s: %d\n", name, total)
	}
	fmt.Fprintf(out, "births: %d (%d MCV1-protected into R, the others into M)\n", totals.births, totals.vaccinated)
	fmt.Fprintf(out, "cohort entries into S: %d\n", totals.cohort)
	fmt.Fprintf(out, "deaths: %d\n", totals.death)
	fmt.Fprintf(out, "infections (S → E): %d\n", totals.infections)
	fmt.Fprintf(out, "population: %d\n", m.Patches().Population())
	return nil
}
