package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"slices"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// Run settings: a 4×4 grid of towns of 20 000 people, one year of biweekly
// ticks, a fixed seed (every number printed depends only on it).
const (
	gridSize = 4
	townPop  = 20000
	numTicks = 26
	seed     = 42
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	if err != nil {
		return err
	}

	standard, _, err := simulate(scn, nil)
	if err != nil {
		return err
	}
	waning, waningShare, err := simulate(scn, &WaningImmunityParams{RatePerTick: 0.01})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "final S, standard schedule: %d\n", standard.Final())
	fmt.Fprintf(out, "final S, with WaningImmunity (rate 0.01 per tick): %d\n", waning.Final())

	fmt.Fprintln(out, "SusceptibleTracker, waning run:")
	if err := metrics.WriteTidyCSV(out, waning); err != nil {
		return err
	}
	fmt.Fprintln(out, "SusceptibleShare, waning run:")
	return metrics.WriteTidyCSV(out, waningShare)
}

// simulate runs the standard schedule plus the two user trackers at the
// end; with waning != nil a WaningImmunity phase runs right after
// Infection. It returns the trackers.
func simulate(scn *scenario.Table, waning *WaningImmunityParams) (*SusceptibleTracker, *SusceptibleShare, error) {
	p := params.Default()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, nil, err
	}
	if err := m.SetComponents(schedule(waning)...); err != nil {
		return nil, nil, err
	}
	if err := m.Run(context.Background()); err != nil {
		return nil, nil, err
	}
	return model.InstancesOf[*SusceptibleTracker](m)[0], model.InstancesOf[*SusceptibleShare](m)[0], nil
}

// schedule returns model.DefaultComponents() plus the two trackers, with a
// WaningImmunity phase inserted right after Infection when waning != nil.
// DefaultComponents' order is documented (README "The standard schedule"):
// InitializeEquilibriumStates, ImportationPressure, Infection, VitalDynamics,
// StateTracker, so Infection is entry 2 and waning goes to index 3.
func schedule(waning *WaningImmunityParams) []phases.Factory {
	list := model.DefaultComponents()
	if waning != nil {
		const afterInfection = 3
		list = slices.Insert(list, afterInfection, NewWaningImmunity(waning))
	}
	return append(list, NewSusceptibleTracker(), NewSusceptibleShare())
}
