package main

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// The scenario and the matrix, embedded so the program runs anywhere.
var (
	//go:embed towns.csv
	townsCSV []byte
	//go:embed mixing.csv
	mixingCSV []byte
)

// Run settings: one year, a fixed seed, 20 infections seeded in the harbour.
const (
	numTicks = 26
	seed     = 8
	seedTown = "harbour"
	seedSize = 20
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	scn, err := scenario.ReadCSV(bytes.NewReader(townsCSV))
	if err != nil {
		return err
	}
	matrix, err := readMatrix("mixing.csv", bytes.NewReader(mixingCSV), scn.ID)
	if err != nil {
		return err
	}
	m, err := simulate(scn, mixing.FromMixingMatrix(matrix))
	if err != nil {
		return err
	}
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	incidence, err := tracker.Counts("I") // [tick][patch]
	if err != nil {
		return err
	}
	rates := metrics.Summarize(tracker).Summary.AttackRatePerGroup
	fmt.Fprintln(out, "town     first infection  attack rate")
	for j, id := range tracker.GroupIDs() {
		first := "never"
		for t, row := range incidence {
			if row[j] > 0 {
				first = fmt.Sprintf("tick %d", t)
				break
			}
		}
		fmt.Fprintf(out, "%-8s %15s  %11.4f\n", id, first, rates[j])
	}
	return nil
}

// simulate seeds the harbour and runs Infection with mixer, followed by a
// per-patch StateTracker. Everyone starts susceptible (mcv1 0, no
// equilibrium initialisation) and nothing is imported, so infection can only
// reach a town through the matrix.
func simulate(scn *scenario.Table, mixer mixing.Mixer) (*model.Model, error) {
	infection := systems.DefaultInfectionParams()
	infection.Mixer = mixer
	seeding := systems.DefaultSeedingParams()
	seeding.TargetPatches = []string{seedTown}
	seeding.NumInfections = seedSize
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	components := []phases.Factory{
		systems.NewInfectionSeeding(&seeding),
		systems.NewInfection(&infection),
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
	return m, m.Run(context.Background())
}
