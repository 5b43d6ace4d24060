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

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// termsCSV is the synthetic term calendar (three terms of a made-up school
// year).
//
//go:embed terms.csv
var termsCSV []byte

// Run settings: a 5×5 grid of towns of 50 000, five years from January
// 2000, a fixed seed, and a forcing amplitude of 0.25 (the order of the
// term-time amplitude fitted to England and Wales measles by Keeling,
// Rohani & Grenfell 2001).
const (
	gridSize  = 5
	townPop   = 50000
	years     = 5
	seed      = 3
	amplitude = 0.25
	startTime = "2000-01"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	terms, err := readTerms("terms.csv", bytes.NewReader(termsCSV))
	if err != nil {
		return err
	}
	p, scn, err := settingsOf()
	if err != nil {
		return err
	}
	start, err := p.StartDate()
	if err != nil {
		return err
	}
	shares := termShares(terms, start)
	table, err := seasonTable(shares, amplitude)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "term share per tick: %s\n", format(shares, "%.2f"))
	fmt.Fprintf(out, "season_table = [%s]\n", strings.Join(strings.Fields(format(table, "%.4f")), ", "))

	flat, err := incidence(scn, p, nil)
	if err != nil {
		return err
	}
	forced, err := incidence(scn, p, table)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "year  no seasonality  school terms")
	for y := range years {
		ticks := func(s []int64) int64 { return sum(s[y*ticksPerYear : (y+1)*ticksPerYear]) }
		fmt.Fprintf(out, "%4d  %14d  %12d\n", start.Year()+y, ticks(flat), ticks(forced))
	}
	fmt.Fprintf(out, "total %14d  %12d\n", sum(flat), sum(forced))
	fmt.Fprintf(out, "infections in term ticks (term share >= 0.5, %d of 26): %.1f %%  %.1f %%\n",
		countTerm(shares), 100*termShare(flat, shares), 100*termShare(forced, shares))
	return nil
}

// sum adds values.
func sum(values []int64) int64 {
	var s int64
	for _, v := range values {
		s += v
	}
	return s
}

// countTerm counts the ticks of the year mostly in term.
func countTerm(shares []float64) int {
	n := 0
	for _, f := range shares {
		if f >= 0.5 {
			n++
		}
	}
	return n
}

// termShare is the share of the infections that happened in ticks mostly
// in term.
func termShare(series []int64, shares []float64) float64 {
	var inTerm int64
	for t, v := range series {
		if shares[t%ticksPerYear] >= 0.5 {
			inTerm += v
		}
	}
	return float64(inTerm) / float64(max(sum(series), 1))
}

// settingsOf returns the run's params and scenario.
func settingsOf() (params.BiweeklyParams, *scenario.Table, error) {
	p := params.Default()
	p.StartTime = startTime
	p.NumTicks = years * ticksPerYear
	p.Seed = seed
	p.ShowProgress = false
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	return p, scn, err
}

// format prints values with one verb, space-separated.
func format(values []float64, verb string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprintf(verb, v)
	}
	return strings.Join(parts, " ")
}

// incidence runs the standard schedule with Infection forced by table
// (nil: no seasonality at all) and returns the infections of every tick
// (the tracker's I after Infection is each tick's incidence).
func incidence(scn *scenario.Table, p params.BiweeklyParams, table []float64) ([]int64, error) {
	infection := systems.DefaultInfectionParams()
	infection.Seasonality = 0 // a table needs seasonality 0
	infection.SeasonTable = table
	components := []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&infection),
		systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(nil),
	}
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
	return model.InstancesOf[*metrics.StateTracker](m)[0].Series("I"), nil
}
