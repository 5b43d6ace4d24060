package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Run settings: two years of biweekly ticks with a fixed seed.
const (
	numTicks = 52
	seed     = 5
)

func main() {
	dir, err := os.MkdirTemp("", "rasterscenario-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := run(os.Stdout, dir); err != nil {
		log.Fatal(err)
	}
}

// run writes the inputs into dir, builds the scenario, writes it as
// dir/scenario.csv and runs it.
func run(out io.Writer, dir string) error {
	scn, err := buildScenario(dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d patches, population %d\n", scn.Len(), scn.TotalPop())
	fmt.Fprintln(out, "id                      pop     lat     lon   mcv1")
	for i := range scn.Len() {
		fmt.Fprintf(out, "%-20s %7d %7.3f %7.3f %6.3f\n", scn.ID[i], scn.Pop[i], scn.Lat[i], scn.Lon[i], scn.MCV1[i])
	}
	if err := writeCSV(filepath.Join(dir, "scenario.csv"), scn); err != nil {
		return err
	}

	rates, err := attackRates(scn)
	if err != nil {
		return err
	}
	order := make([]int, len(rates))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpFloat(rates[a], rates[b]) })
	fmt.Fprintf(out, "highest attack rates over %d ticks:\n", numTicks)
	for _, i := range order[:3] {
		fmt.Fprintf(out, "  %-20s %.4f (mcv1 %.3f)\n", scn.ID[i], rates[i], scn.MCV1[i])
	}
	return nil
}

// buildScenario writes the synthetic inputs into dir and turns them into a
// scenario (no cache: the inputs are new every time).
func buildScenario(dir string) (*scenario.Table, error) {
	in, err := writeInputs(dir)
	if err != nil {
		return nil, err
	}
	g, err := demographics.NewRasterPatchGenerator(demographics.RasterPatchParams{
		ID: "atlantis", Region: "ATA", // the region code is only a label here
		Shapefile: in.shapefile, PopulationRaster: in.population, MCV1Raster: in.mcv1,
	}, demographics.WithoutCache())
	if err != nil {
		return nil, err
	}
	return g.Scenario(context.Background())
}

// writeCSV saves the scenario for `rubeola run --scenario`.
func writeCSV(path string, scn *scenario.Table) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := scn.WriteCSV(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// attackRates runs the standard schedule with a per-patch StateTracker and
// returns each patch's attack rate (SPEC §8.7).
func attackRates(scn *scenario.Table) ([]float64, error) {
	p := params.Default()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	if err := m.SetComponents(append(model.DefaultComponents(), metrics.NewStateTracker(&perPatch))...); err != nil {
		return nil, err
	}
	if err := m.Run(context.Background()); err != nil {
		return nil, err
	}
	s := metrics.Summarize(model.InstancesOf[*metrics.StateTracker](m)[1]).Summary
	return s.AttackRatePerGroup, nil
}

// cmpFloat orders a before b when a < b.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
