package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/phases"
)

// runFlags are the flags of `rubeola run`.
type runFlags struct {
	inputFlags
	outputFlags
	ticks    int
	seed     uint64
	perPatch bool
	// replicates is --replicates R (an ensemble run); keepReplicates
	// --keep-replicates.
	replicates     int
	keepReplicates bool
}

// outputFlags are the flags shared by run and resume.
type outputFlags struct {
	out           string
	noProgress    bool
	verbose       bool
	force         bool
	snapshotEvery int
	formatName    string         // --format as given
	format        metrics.Format // resolved by check
	cpuProfile    string         // --cpuprofile FILE, "" for none
	plot          bool           // --plot: draw DIR/plots after the run (plot.go)
	// noTiming leaves the wall-clock fields out of summary.json (sweep
	// points); not a flag.
	noTiming  bool
	maxMemory string // --max-memory SIZE|off, "" for the available memory
	program   string // the program's name (the root command's), set by check
}

// addOutputFlags registers the shared output flags.
func addOutputFlags(cmd *cobra.Command, f *outputFlags) {
	fl := cmd.Flags()
	fl.StringVar(&f.out, "out", "rubeola-out", "output directory")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not draw the progress bar (it is drawn only on a terminal, when show_progress is true)")
	fl.BoolVar(&f.verbose, "verbose", false, "print the schedule, model messages, the phase-timing table and where outputs went; log diagnostics on stderr")
	fl.BoolVar(&f.force, "force", false, "replace a non-empty output directory (after the run succeeded)")
	fl.IntVar(&f.snapshotEvery, "snapshot-every", 0, "write DIR/snapshots/tick-NNNNNN.snap every K ticks (0: none)")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the run (setup, ticks, outputs) to FILE for go tool pprof")
	fl.StringVar(&f.formatName, "format", string(metrics.CSV), "tidy tables' format: csv or parquet (overrides the run file's [output] format)")
	addRunPlotFlag(cmd, &f.plot)
	addMemoryFlag(cmd, &f.maxMemory)
}

// check validates the shared output flags and resolves the tidy tables'
// format: --format when given, else the run file's [output] format
// (fromRunFile, "" when none), else CSV.
func (f *outputFlags) check(cmd *cobra.Command, fromRunFile metrics.Format) error {
	if f.snapshotEvery < 0 {
		return fmt.Errorf("--snapshot-every must be >= 0, got %d", f.snapshotEvery)
	}
	f.program = cmd.Root().Name()
	switch {
	case cmd.Flags().Changed("format"):
		format, err := metrics.ParseFormat(f.formatName)
		if err != nil {
			return fmt.Errorf("--format: %w", err)
		}
		f.format = format
	case fromRunFile != "":
		f.format = fromRunFile
	default:
		f.format = metrics.CSV
	}
	return output.CheckDir(f.out, f.force)
}

func newRunCmd(stdout, stderr io.Writer) *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run a simulation and write its outputs",
		Long: "Run the biweekly model (14-day SIR ticks), the compartmental model (daily SEIR ticks) with\n" +
			"--model compartmental, or the agent-based model (daily SEIR ticks, one agent per person) with\n" +
			"--model abm (or a run file's model key), on a scenario (default: the embedded synthetic\n" +
			"scenario) with the model's standard schedule or a run file's component list, print a summary\n" +
			"(total infections: Σ I over ticks in the biweekly model, the S → E transitions in the daily ones,\n" +
			"whose I is a prevalence) and write states.csv, summary.json, timing.csv and one tidy CSV per\n" +
			"further tracker (population.csv, cases.csv, fadeouts.csv); with --format parquet the tidy\n" +
			"tables are .parquet files (docs/outputs.md).\n" +
			"With --replicates R it runs an ensemble of R replicates (seeds seed … seed+R−1) and writes\n" +
			"DIR/ensemble/: one quantile table per tracker (mean, q05 … q95 across replicates) and\n" +
			"summary.json; --keep-replicates also writes each replicate's own outputs under\n" +
			"DIR/replicates/r000/ … (docs/ensembles.md).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runSimulation(ctx, cmd, f, stdout, stderr)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.scenarioFile, "scenario", "", "scenario file (id,pop,lat,lon,mcv1): CSV, or Parquet when it ends in .parquet; default: embedded synthetic scenario")
	fl.StringVar(&f.paramsFile, "params", "", "params file (.json or .toml)")
	fl.StringVar(&f.configFile, "config", "", "run file (.toml): scenario, [params] and the ordered [[phases]] list")
	addModelFlag(cmd, &f.inputFlags)
	fl.IntVar(&f.ticks, "ticks", 0, "number of ticks, 14 days each (biweekly) or one day (compartmental) (overrides num_ticks)")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed (overrides seed)")
	fl.BoolVar(&f.perPatch, "per-patch", false, "write per-patch states (patch_id = scenario id)")
	fl.IntVar(&f.replicates, "replicates", 0, "run an ensemble of R replicates (seeds seed … seed+R−1) and write DIR/ensemble/ (overrides the run file's [ensemble] replicates)")
	fl.BoolVar(&f.keepReplicates, "keep-replicates", false, "with --replicates: also write each replicate's outputs under DIR/replicates/rNNN/")
	addOutputFlags(cmd, &f.outputFlags)
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
	verbose, show := f.printing(cmd)
	if verbose != nil {
		in.params.Verbose = *verbose
	}
	if show != nil {
		in.params.ShowProgress = *show
	}
	if err := in.params.Validate(); err != nil {
		return invalid(err)
	}
	if err := f.outputFlags.check(cmd, in.format); err != nil {
		return invalid(err)
	}
	R, keep, err := f.ensemble(cmd, in)
	if err != nil {
		return invalid(err)
	}
	if f.perPatch {
		in.components = append(componentList(in), metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}))
	}
	memOpts, err := f.memoryOption()
	if err != nil {
		return invalid(err)
	}
	session := output.NewSession()
	opts := append(memOpts, model.WithStdout(stdout), model.WithProgressWriter(stderr), session.Option(),
		model.WithTerminalCheck(isTerminal), model.WithLogger(logger(stderr, f.verbose)))
	if R > 0 {
		e, err := buildEnsemble(in, R, opts...)
		if err != nil {
			return invalid(err)
		}
		if err := e.CheckMemory(); err != nil {
			return invalid(err)
		}
		_, err = runEnsembleAndWrite(ctx, e, in, f.outputFlags, keep, session, stdout)
		return err
	}
	m, err := buildModel(in, opts...)
	if err != nil {
		return invalid(err)
	}
	if err := m.CheckMemory(); err != nil {
		return invalid(err)
	}
	_, err = runAndWrite(ctx, m, in, f.outputFlags, session, stdout)
	return err
}

// ensemble resolves the number of replicates (0: a single run) and
// whether to keep their outputs: the flags override the run file's
// [ensemble] table.
func (f runFlags) ensemble(cmd *cobra.Command, in *inputs) (replicates int, keep bool, err error) {
	replicates, keep = in.replicates, in.keepReplicates
	fl := cmd.Flags()
	if !fl.Changed("replicates") && !fl.Changed("keep-replicates") {
		return in.runFileEnsemble()
	}
	if fl.Changed("replicates") {
		if f.replicates < 1 || f.replicates > model.MaxReplicates {
			return 0, false, fmt.Errorf("--replicates must be from 1 to %d, got %d", model.MaxReplicates, f.replicates)
		}
		replicates = f.replicates
	}
	if fl.Changed("keep-replicates") {
		keep = f.keepReplicates
	}
	switch {
	case keep && replicates == 0 && fl.Changed("keep-replicates"):
		return 0, false, fmt.Errorf("--keep-replicates needs an ensemble: give --replicates R (or [ensemble] replicates in the run file)")
	case keep && replicates == 0:
		return 0, false, errKeepWithoutEnsemble(in)
	}
	return replicates, keep, nil
}

// runFileEnsemble is the run file's [ensemble]: the number of replicates
// (0: a single run) and keep_replicates, which needs replicates.
func (in *inputs) runFileEnsemble() (replicates int, keep bool, err error) {
	if in.keepReplicates && in.replicates == 0 {
		return 0, false, errKeepWithoutEnsemble(in)
	}
	return in.replicates, in.keepReplicates, nil
}

// errKeepWithoutEnsemble is the error of a run file's keep_replicates
// without replicates.
func errKeepWithoutEnsemble(in *inputs) error {
	return fmt.Errorf("%s: ensemble.keep_replicates needs an ensemble: set ensemble.replicates (or give --replicates R)", in.configFile)
}

// componentList is the run's component list: the run file's, or the
// standard schedule.
func componentList(in *inputs) []phases.Factory {
	if in.components != nil {
		return in.components
	}
	return model.StandardComponents(in.modelType)
}

// buildModel builds the model with its components and checks that the list
// has the StateTracker the outputs need.
func buildModel(in *inputs, opts ...model.Option) (*model.Model, error) {
	m, err := model.New(in.scenario, in.params, in.modelOptions(opts)...)
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(componentList(in)...); err != nil {
		return nil, err
	}
	if err := requireStateTracker(m); err != nil {
		return nil, err
	}
	return m, nil
}

// requireStateTracker checks that m has the StateTracker the outputs need.
func requireStateTracker(m *model.Model) error {
	if len(model.InstancesOf[*metrics.StateTracker](m)) == 0 {
		return fmt.Errorf("the component list has no StateTracker (states.csv and summary.json summarise one): add [[phases]] type = \"StateTracker\"")
	}
	return nil
}
