package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"math"
	"os"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// Run settings: a 4×4 grid of towns 0.1° (≈ 11 km) apart, a 20 km decay
// length, two years of biweekly ticks and a fixed seed.
const (
	gridSize = 4
	townPop  = 50000
	scaleKm  = 20
	k        = 0.01
	numTicks = 52
	seed     = 11
)

// kernel is the mixer the program uses: the exponential kernel on gravity's
// fast path.
var kernel = mixing.FromKernel(ExponentialKernel{Scale: scaleKm, K: k})

func main() {
	dir, err := os.MkdirTemp("", "rubeola-custommixer-")
	if err != nil {
		log.Fatal(err)
	}
	err = run(os.Stdout, dir)
	os.RemoveAll(dir)
	if err != nil {
		log.Fatal(err)
	}
}

// run prints the kernel's matrix, a Go run with it and the same run from
// run.toml, resumed halfway from a snapshot written to dir.
func run(out io.Writer, dir string) error {
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	if err != nil {
		return err
	}

	// 1. The matrix on its own: row 0 (patch "0:0", a corner) and the
	//    largest deviation of a row sum from 1.
	mix, err := kernel.Mixing(scn)
	if err != nil {
		return err
	}
	_, row := mix.Row(0)
	fmt.Fprintf(out, "row %q: %.5f\n", scn.ID[0], row)
	worst := 0.0
	for _, s := range mix.RowSums() {
		worst = max(worst, math.Abs(s-1))
	}
	fmt.Fprintf(out, "rows sum to 1: max |sum − 1| = %.1e\n", worst)

	// 2. A run of the standard schedule with Infection using the kernel.
	m, err := simulate(scn, kernel)
	if err != nil {
		return err
	}
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	var infections int64
	for _, v := range tracker.Series("I") { // I is each tick's incidence
		infections += v
	}
	s := metrics.Summarize(tracker).Summary
	fmt.Fprintf(out, "mixer %q: %d infections in %d ticks, peak at tick %d, attack rate %.4f\n",
		kernel.Name(), infections, numTicks, *s.PeakTick, *s.AttackRateGlobal)
	if err := printFastPath(out, m, mix); err != nil {
		return err
	}

	// 3. The same run from run.toml (mixer = { type = "exponential", … }),
	//    saved halfway and resumed from the snapshot.
	resumed, err := resumeRunFile(dir)
	if err != nil {
		return err
	}
	infections = 0
	for _, v := range model.InstancesOf[*metrics.StateTracker](resumed)[0].Series("I") {
		infections += v
	}
	fmt.Fprintf(out, "run.toml, resumed from a snapshot: %d infections\n", infections)
	return nil
}

// printFastPath prints how the run's Infection evaluated the force: on the
// factored form of the kernel (as gravity), with the largest difference of
// its entries from the dense matrix mix (rounding only).
func printFastPath(out io.Writer, m *model.Model, mix *mixing.Matrix) error {
	fac := model.InstancesOf[*systems.Infection](m)[0].Factored()
	if fac == nil {
		return fmt.Errorf("the Infection phase did not take the factored path")
	}
	worst := 0.0
	for i := range fac.N() {
		for j := range fac.N() {
			worst = max(worst, math.Abs(fac.At(i, j)-mix.At(i, j)))
		}
	}
	fmt.Fprintf(out, "force: factored (D stored once, %d bytes), max |M − dense| = %.1e\n", fac.StoredBytes(), worst)
	return nil
}

// simulate runs the standard schedule with Infection using mixer (the same
// seasonality as model.DefaultComponents; only the mixer differs) and a
// per-patch StateTracker instead of the global one.
func simulate(scn *scenario.Table, mixer mixing.Mixer) (*model.Model, error) {
	infection := systems.DefaultInfectionParams()
	infection.Seasonality = model.StandardSeasonality
	infection.Mixer = mixer
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	components := []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&infection),
		systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(&perPatch),
	}

	p := params.Default()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(components...); err != nil {
		return nil, err
	}
	if err := m.Run(context.Background()); err != nil {
		return nil, err
	}
	return m, nil
}
