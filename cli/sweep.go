package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/sweep"
)

// sweepFlags are the flags of `rubeola sweep`.
type sweepFlags struct {
	out        string
	formatName string
	workers    int
	shard      string
	noProgress bool
}

// volatileFiles are the point outputs that differ between two runs of a
// point: wall-clock timings. Every other file is byte-identical.
var volatileFiles = []string{"timing.csv"}

func newSweepCmd(stdout, stderr io.Writer) *cobra.Command {
	var f sweepFlags
	cmd := &cobra.Command{
		Use:   "sweep sweep.toml",
		Short: "Run every point of a parameter sweep (a run file with a [sweep] table)",
		Long: "Read a sweep file — a run file plus a [sweep] table of axes (\"phases.Infection.beta\" = [0.4, 0.6],\n" +
			"\"params.seed\" = { from = 1, to = 10 }, mode = \"grid\" or \"zip\") — validate every point, run the\n" +
			"points several at a time and write DIR/points/p00000/… (what `rubeola run` writes), DIR/sweep.csv\n" +
			"(one row per point: the axis values and summary metrics) and DIR/sweep.json (the manifest).\n" +
			"Rerunning into the same DIR skips complete points, so a killed sweep resumes. --shard i/n runs the\n" +
			"points k with k mod n == i; `rubeola sweep merge` joins shard directories (docs/sweeps.md).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runSweep(ctx, cmd, args[0], f, stdout, stderr)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.out, "out", "rubeola-sweep", "sweep directory (created, or resumed when it holds the same sweep)")
	fl.StringVar(&f.formatName, "format", string(metrics.CSV), "tables' format: csv or parquet (overrides the file's [output] format)")
	fl.IntVar(&f.workers, "workers", 0, "points run at once (0: one per CPU); each point's model gets CPUs/K goroutines")
	fl.StringVar(&f.shard, "shard", "", "run shard i/n only (0-based): the points k with k mod n == i")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not report progress on stderr")
	cmd.AddCommand(newSweepMergeCmd(stdout, stderr), newSweepSlurmCmd(stdout))
	return cmd
}

// runSweep validates the sweep file and every point, then runs the points.
func runSweep(ctx context.Context, cmd *cobra.Command, file string, f sweepFlags, stdout, stderr io.Writer) error {
	sf, err := sweep.Load(file)
	if err != nil {
		return invalid(err)
	}
	format := metrics.CSV
	switch {
	case cmd.Flags().Changed("format"):
		if format, err = metrics.ParseFormat(f.formatName); err != nil {
			return invalid(fmt.Errorf("--format: %w", err))
		}
	case sf.Base.Format != "":
		format = sf.Base.Format
	}
	if f.workers < 0 {
		return invalid(fmt.Errorf("--workers must be >= 0, got %d", f.workers))
	}
	var shard sweep.Shard
	if f.shard != "" {
		if shard, err = sweep.ParseShard(f.shard); err != nil {
			return invalid(fmt.Errorf("--shard: %w", err))
		}
	}
	workers := f.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	manifest, err := sf.NewManifest(string(format), sweep.MetricNames(sf.Base))
	if err != nil {
		return invalid(err)
	}
	if err := sf.Validate(checkSweepPoint(sf), workers, shard); err != nil {
		return invalid(err)
	}
	if err := checkCanCreateDir("--out", f.out); err != nil {
		return invalid(err)
	}
	var def inputs // the points whose run file names no scenario run on the default one (a model clones it)
	if err := def.useDefaultScenario(); err != nil {
		return err
	}
	opts := sweep.Options{Dir: f.out, Manifest: manifest, Workers: workers, Shard: shard, Volatile: volatileFiles,
		Format: format, Scenario: def.scenario, ScenarioName: def.scenarioName}
	if !f.noProgress {
		opts.Progress = stderr
	}
	rep, err := sweep.Run(ctx, sf, opts)
	var mismatch *sweep.MismatchError
	if errors.As(err, &mismatch) || errors.Is(err, sweep.ErrNotSweepDir) {
		return invalid(err)
	}
	if err != nil {
		return err
	}
	printSweepReport(stdout, cmd.CommandPath(), f.out, string(format), shard, workers, rep)
	return nil
}

// checkSweepPoint builds and initialises a point's model (an ensemble's
// first replicate with replicates) as its run would before the first tick
// ([checkRun]) and discards it: the check every point passes before a
// sweep runs anything, so that no point is refused after others were
// written.
func checkSweepPoint(sf *sweep.File) sweep.CheckFunc {
	return func(_ sweep.Point, rf *runfile.File) error {
		in, err := pointInputs(sf, rf)
		if err != nil {
			return err
		}
		return checkRun(in, in.replicates)
	}
}

// pointInputs are a sweep point's run inputs: its run file, the embedded
// default scenario when the file names none, no progress bar or verbose
// output (points run side by side).
func pointInputs(sf *sweep.File, rf *runfile.File) (*inputs, error) {
	in := &inputs{configFile: filepath.Base(sf.Path)}
	in.useRunFile(rf)
	in.params.ShowProgress, in.params.Verbose = false, false
	if in.scenario == nil {
		if err := in.useDefaultScenario(); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// printSweepReport prints what the sweep did, on a line starting with the
// command's path ("rubeola sweep", or a user binary's name and "sweep").
func printSweepReport(w io.Writer, path, dir, format string, shard sweep.Shard, workers int, rep sweep.Report) {
	scope := fmt.Sprintf("%d points", rep.Points)
	if shard.N > 1 {
		scope += fmt.Sprintf(", shard %s: %d", shard, rep.InShard)
	}
	fmt.Fprintf(w, "%s: %s; %d run, %d already complete", path, scope, rep.Ran, rep.Complete)
	if rep.Ran > 0 {
		fmt.Fprintf(w, " in %.3f s (%.1f points/s, %d at a time)", rep.Elapsed.Seconds(),
			float64(rep.Ran)/rep.Elapsed.Seconds(), workers)
	}
	fmt.Fprintf(w, "\n  outputs: %s/{%s,%s.%s,%s/}\n", dir, sweep.ManifestName, sweep.TableBase, format, sweep.PointsDir)
}
