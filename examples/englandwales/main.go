package main

import (
	"bytes"
	"context"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// runTOML is the model (doc.go): the compartmental model with births from the
// scenario, school terms and weekly overdispersed reporting.
//
//go:embed run.toml
var runTOML []byte

// Defaults: the data file beside the checkout (not part of rubeola), 20
// simulated years of which the first 5 are burn-in (the oscillations of the
// equilibrium start damp out).
const (
	defaultData  = "../shared/data/england_wales_954.csv"
	defaultYears = 20
	burnInYears  = 5
)

func main() {
	data := flag.String("data", defaultData, "scenario CSV of the towns (id,pop,lat,lon,mcv1,births_per_year)")
	out := flag.String("out", "englandwales-out", "output directory")
	years := flag.Int("years", defaultYears, "years to simulate (the first 5 are burn-in)")
	flag.Parse()
	scn, err := scenario.LoadCSV(*data)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := run(os.Stdout, scn, *out, *years); err != nil {
		log.Fatal(err)
	}
}

// run simulates scn for years with the run file's model, then writes the
// fade-out table and picture to outDir and prints the size classes.
func run(out io.Writer, scn *scenario.Table, outDir string, years int) ([]town, error) {
	if years <= burnInYears {
		return nil, fmt.Errorf("years must be more than the %d burn-in years, got %d", burnInYears, years)
	}
	rf, err := runfile.Decode(bytes.NewReader(runTOML), "run.toml", ".")
	if err != nil {
		return nil, err
	}
	p := rf.Params
	p.NumTicks = years * 365
	p.ShowProgress = false
	m, err := model.New(scn, p, model.WithType(rf.Model), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(rf.Components...); err != nil {
		return nil, err
	}
	if err := m.Run(context.Background()); err != nil {
		return nil, err
	}
	weekly := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts() // [town][week]
	towns := fadeOuts(scn, weekly, burnInYears*365/7)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	if err := writeTable(filepath.Join(outDir, "fadeouts.csv"), towns); err != nil {
		return nil, err
	}
	if err := drawChart(filepath.Join(outDir, "fadeouts.png"), towns, years); err != nil {
		return nil, err
	}
	start, err := time.Parse("2006-01", p.StartTime)
	if err != nil {
		return nil, fmt.Errorf("run.toml: start_time %q: %w", p.StartTime, err)
	}
	if _, err := writeMaps(outDir, scn, weekly, start); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "%d towns, %d years (%d burn-in), %s model\n", scn.Len(), years, burnInYears, m.Type())
	printClasses(out, towns)
	return towns, nil
}
