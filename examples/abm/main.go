package main

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// townsCSV is the scenario (id,pop,lat,lon,mcv1,mcv2), embedded so the
// program runs from any directory; run.toml reads the same file.
//
//go:embed towns.csv
var townsCSV []byte

// Run settings: from 1 January 2000 to 1 January 2006 (2192 days later:
// 2000 and 2004 are leap years), a fixed seed (every number printed depends
// only on it).
const (
	numTicks = 2193
	seed     = 25
)

// bands are the age bands of the immunity profile: lower edges in days
// (the tracker's age_bins) and names. The edges follow the schedule:
// maternal antibodies wane over the first months, MCV1 at 270 days, MCV2 at
// 456 days, the campaign up to 1800 days.
var bands = []struct {
	from float64
	name string
}{
	{0, "under 6 months"},
	{180, "6-8 months"},
	{270, "9-11 months"},
	{365, "12-14 months"},
	{456, "15-23 months"},
	{730, "2-4 years"},
	{1826, "5-9 years"},
	{3652, "10-14 years"},
	{5479, "15 years +"},
}

// bandEdges returns the bands' lower edges.
func bandEdges() []float64 {
	edges := make([]float64, len(bands))
	for k, b := range bands {
		edges[k] = b.from
	}
	return edges
}

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// components returns the schedule: the standard ABM schedule with
// maternal antibodies, the campaign and the trackers of people added, the
// campaign and the trackers grouped by region (aggregation level 0: the
// first part of the town ids, "north" and "south").
func components() []phases.Factory {
	sia := abm.DefaultABMSIAParams() // 9–59 months: min_age 270, max_age 1800 days
	sia.AggregationLevel = 0
	sia.Schedule = []systems.Campaign{{Group: "south", Date: time.Date(2005, 3, 1, 0, 0, 0, 0, time.UTC)}}
	sia.Coverage = 0.8
	doses := metrics.DefaultDosesTrackerParams()
	doses.AggregationLevel = 0
	profile := metrics.DefaultImmunityByAgeParams()
	profile.AgeBins = bandEdges()
	profile.AggregationLevel = 0
	return append(model.DefaultABMComponents(), // equilibrium, importation, infection, vital dynamics, MCV1 and MCV2, states
		abm.NewMaternalImmunity(nil), // after the births: protects the tick's newborns
		abm.NewABMSIACalendar(&sia),
		metrics.NewDosesTracker(&doses),
		metrics.NewImmunityByAgeTracker(&profile),
		metrics.NewAgePyramidTracker(nil))
}

// runModel builds and runs the model with the schedule and the components
// extra after it.
func runModel(ctx context.Context, extra ...phases.Factory) (*model.Model, error) {
	scn, err := scenario.ReadCSV(bytes.NewReader(townsCSV))
	if err != nil {
		return nil, err
	}
	p := params.DefaultCompartmental() // the same params keys; ticks are days
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewABM(scn, p, model.WithStdout(io.Discard)) // *model.Model
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(append(components(), extra...)...); err != nil {
		return nil, err
	}
	return m, m.Run(ctx)
}

// run runs the model and prints the campaign, the doses and the immunity
// profile of each region at the last tick.
func run(out io.Writer) error {
	underFive := &UnderFive{}
	m, err := runModel(context.Background(), func(phases.Model) (phases.Component, error) { return underFive, nil })
	if err != nil {
		return err
	}
	t, err := agents.Of(m.World()) // the agent table
	if err != nil {
		return err
	}
	last := m.Tick() - 1
	fmt.Fprintf(out, "%s model: %d towns, %d days from %s to %s, %d people alive at the end\n", m.Type(),
		m.Scenario().Len(), m.Tick(), m.StartDate().Format("2006-01-02"), m.TickDate(last).Format("2006-01-02"), t.Live())

	sia := model.InstancesOf[*abm.ABMSIACalendar](m)[0]
	for _, r := range sia.Results() {
		fmt.Fprintf(out, "SIA %s (tick %d): %d children aged %d-%d days, %d doses (coverage %.2f), %d immunised\n",
			r.Key, r.Tick, r.Targeted, sia.Params().MinAge, sia.Params().MaxAge, r.Doses, r.Coverage, r.Immunised)
	}
	doses := dosesByGroup(model.InstancesOf[*metrics.DosesTracker](m)[0])
	for _, g := range []string{"north", "south"} {
		d := doses[g]
		fmt.Fprintf(out, "doses in the %s: MCV1 %d (%d immunised), MCV2 %d (%d), SIA %d (%d)\n", g,
			d["MCV1"], d["MCV1_immunised"], d["MCV2"], d["MCV2_immunised"], d["SIA"], d["SIA_immunised"])
	}

	young := map[string]int64{}
	for j, n := range underFive.PerPatch {
		region, _, _ := strings.Cut(m.Scenario().ID[j], ":")
		young[region] += n
	}
	fmt.Fprintf(out, "infections of children under five: north %d, south %d\n", young["north"], young["south"])

	profiles, err := readProfiles(model.InstancesOf[*metrics.ImmunityByAgeTracker](m)[0], last)
	if err != nil {
		return err
	}
	for _, g := range []string{"north", "south"} {
		fmt.Fprintf(out, "\nimmunity by age on %s, %s (%% of each age band):\n", m.TickDate(last).Format("2006-01-02"), g)
		printProfile(out, profiles[g])
	}
	return nil
}

// dosesByGroup sums the doses tracker's records over the run: doses by
// group and state ("MCV1", "MCV1_immunised", …).
func dosesByGroup(tr *metrics.DosesTracker) map[string]map[string]int64 {
	sums := map[string]map[string]int64{}
	for b := range tr.Blocks {
		for k, id := range b.IDs {
			if sums[id] == nil {
				sums[id] = map[string]int64{}
			}
			sums[id][b.State] += b.Counts[k]
		}
	}
	return sums
}
