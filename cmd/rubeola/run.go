package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// runFlags are the flags of `rubeola run`.
type runFlags struct {
	inputFlags
	ticks      int
	seed       uint64
	out        string
	perPatch   bool
	noProgress bool
	verbose    bool
	force      bool
}

func newRunCmd(stdout, stderr io.Writer) *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run a simulation and write its outputs",
		Long: "Run the biweekly model with the standard schedule on a scenario (default: the embedded\n" +
			"synthetic scenario), print a summary and write states.csv, summary.json and timing.csv.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runSimulation(ctx, cmd, f, stdout, stderr)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.scenarioFile, "scenario", "", "scenario CSV (id,pop,lat,lon,mcv1); default: embedded synthetic scenario")
	fl.StringVar(&f.paramsFile, "params", "", "params file (.json or .toml)")
	fl.IntVar(&f.ticks, "ticks", 0, "number of biweekly ticks (overrides num_ticks)")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed (overrides seed)")
	fl.StringVar(&f.out, "out", "rubeola-out", "output directory")
	fl.BoolVar(&f.perPatch, "per-patch", false, "write per-patch states (patch_id = scenario id)")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not draw the progress bar")
	fl.BoolVar(&f.verbose, "verbose", false, "print model messages and the timing summary")
	fl.BoolVar(&f.force, "force", false, "replace a non-empty output directory (after the run succeeded)")
	return cmd
}

// runSimulation validates inputs, runs the model and writes the outputs.
func runSimulation(ctx context.Context, cmd *cobra.Command, f runFlags, stdout, stderr io.Writer) error {
	in, err := f.load()
	if err != nil {
		return invalid(err)
	}
	fl := cmd.Flags()
	if fl.Changed("ticks") {
		if f.ticks < 0 {
			return invalid(fmt.Errorf("--ticks must be >= 0, got %d", f.ticks))
		}
		in.params.NumTicks = f.ticks
	}
	if fl.Changed("seed") {
		in.params.Seed = f.seed
	}
	if f.noProgress {
		in.params.ShowProgress = false
	}
	if f.verbose {
		in.params.Verbose = true
	}
	if err := in.params.Validate(); err != nil {
		return invalid(err)
	}
	if err := checkOutDir(f.out, f.force); err != nil {
		return invalid(err)
	}

	m, err := model.NewBiweekly(in.scenario, in.params, model.WithStdout(stdout), model.WithProgressWriter(stderr))
	if err != nil {
		return invalid(err)
	}
	components := model.DefaultComponents()
	if f.perPatch {
		components = append(components, metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}))
	}
	if err := m.SetComponents(components...); err != nil {
		return invalid(err)
	}
	start := time.Now()
	if err := m.Initialize(); err != nil {
		return err
	}
	setup := time.Since(start)
	if err := m.Run(ctx); err != nil {
		return err
	}
	wall := time.Since(start)

	tracker := mostGranular(model.InstancesOf[*metrics.StateTracker](m))
	if tracker == nil {
		return errors.New("run: no StateTracker in the component list")
	}
	sum := newRunSummary(in, m, tracker, wall, setup)
	if err := writeOutputs(f.out, f.force, tracker, m.Metrics(), sum); err != nil {
		return err
	}
	sum.print(stdout, f.out)
	return nil
}
