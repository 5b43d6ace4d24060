// Command ensemble runs 20 replicates of one scenario as a model.Ensemble
// (replicate r with seed 1 + r, byte-identical to a lone run with that
// seed) and prints quantile bands of incidence across the replicates:
// the mean and the 5, 25, 50, 75 and 95 % quantiles of the infectious
// count every fourth tick, computed by metrics.EnsembleTable (the code
// behind `rubeola run --replicates R`). With an argument it also writes
// the whole S, I, R quantile table as CSV to that path:
//
//	go run ./examples/ensemble [bands.csv]
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Replicates is the ensemble's size; ticks its length (two years).
const (
	replicates = 20
	ticks      = 52
)

func main() {
	csvPath := ""
	if len(os.Args) > 1 {
		csvPath = os.Args[1]
	}
	if err := run(os.Stdout, csvPath); err != nil {
		log.Fatal(err)
	}
}

// simulate builds and runs the ensemble: a 5×5 grid of towns of 20 000
// people, the standard schedule (its StateTracker follows all patches).
func simulate() (*model.Ensemble, error) {
	scn, err := scenario.Grid(5, 5, 20000, scenario.DefaultGridOptions())
	if err != nil {
		return nil, err
	}
	p := params.Default()
	p.NumTicks = ticks
	p.Seed = 1
	p.ShowProgress = false
	e, err := model.NewEnsemble(scn, p, replicates, model.WithStdout(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := e.SetComponents(model.DefaultComponents()...); err != nil {
		return nil, err
	}
	return e, e.Run(context.Background())
}

// bands returns the quantile table of the replicates' StateTrackers.
func bands(e *model.Ensemble) (*metrics.EnsembleTable, error) {
	trackers := make([]metrics.Tracker, e.Replicates())
	for r := range trackers {
		trackers[r] = model.InstancesOf[*metrics.StateTracker](e.Replicate(r))[0]
	}
	return metrics.NewEnsembleTable(trackers...)
}

// run simulates, prints the incidence bands and the attack rate's
// distribution, and writes the whole table to csvPath unless it is "".
func run(out io.Writer, csvPath string) error {
	e, err := simulate()
	if err != nil {
		return err
	}
	tbl, err := bands(e)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d replicates (seeds %d–%d) of a 5×5 grid, %d ticks\n", e.Replicates(),
		e.Replicate(0).Params().Seed, e.Replicate(e.Replicates()-1).Params().Seed, ticks)
	fmt.Fprintln(out, "incidence (infectious, all patches) across replicates:")
	fmt.Fprintf(out, "%4s  %-10s %9s %9s %9s %9s %9s %9s\n", "tick", "date", "mean", "q05", "q25", "q50", "q75", "q95")
	for b, err := range tbl.Blocks { // one block per tick and state, streamed
		if err != nil {
			return err
		}
		if b.State != "I" || b.Tick%4 != 0 {
			continue
		}
		fmt.Fprintf(out, "%4d  %s", b.Tick, b.Date.Format("2006-01-02"))
		for _, col := range b.Values { // mean, q05, q25, q50, q75, q95
			fmt.Fprintf(out, " %9.1f", col[0]) // one group: all_patches
		}
		fmt.Fprintln(out)
	}

	states := make([]*metrics.StateTracker, e.Replicates())
	seeds := make([]uint64, e.Replicates())
	for r := range states {
		states[r] = model.InstancesOf[*metrics.StateTracker](e.Replicate(r))[0]
		seeds[r] = e.Replicate(r).Params().Seed
	}
	sum, err := metrics.SummarizeEnsemble(states, nil, seeds)
	if err != nil {
		return err
	}
	ar := sum.Stats.AttackRate
	fmt.Fprintf(out, "attack rate: median %.4f, 90 %% interval %.4f–%.4f\n", ar.Q50, ar.Q05, ar.Q95)

	if csvPath == "" {
		return nil
	}
	f, err := os.Create(csvPath)
	if err != nil {
		return err
	}
	if err := metrics.WriteQuantileCSV(f, tbl); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s\n", csvPath)
	return nil
}
