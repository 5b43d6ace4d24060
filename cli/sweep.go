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
	"slices"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
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

// sweepMetrics are the sweep table's metric columns: a point's outcome as
// an ensemble summary records it for each replicate
// ([metrics.ReplicateOutcome]: attack rate, peak tick and size,
// infections, final S/I/R of the StateTracker, fade-out events, patches
// faded at the end — empty without a FadeOutTracker) and whether the
// epidemic went extinct (0 or 1). For an ensemble point each is the median
// across replicates, and extinct the fraction of replicates that did.
var sweepMetrics = []string{"attack_rate", "peak_tick", "peak_infectious", "infections", "final_S", "final_I", "final_R",
	"fadeout_events", "faded_patches_final", "extinct"}

// sweepMetricsFor returns the metric columns of a sweep of base:
// [sweepMetrics], with final_E after final_S for the daily (SEIR) models,
// final_X after final_R for each compartment X the run file declares
// (compartments = ["M"]: final_M), and reported_cases (the first CaseSurveillanceTracker's total over the
// run; the median for an ensemble point) when base has such a tracker.
func sweepMetricsFor(base *runfile.File) []string {
	out := slices.Clone(sweepMetrics)
	if base.Model != model.TypeBiweekly {
		out = slices.Insert(out, slices.Index(out, "final_S")+1, "final_E")
	}
	at := slices.Index(out, "final_R") + 1
	for k, c := range base.Compartments {
		out = slices.Insert(out, at+k, "final_"+c.Name())
	}
	if slices.Contains(base.Types, "CaseSurveillanceTracker") {
		out = append(out, "reported_cases")
	}
	return out
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
	manifest, err := sf.NewManifest(string(format), sweepMetricsFor(sf.Base))
	if err != nil {
		return invalid(err)
	}
	if err := sf.Validate(checkSweepPoint(sf), workers, shard); err != nil {
		return invalid(err)
	}
	if err := checkCanCreateDir("--out", f.out); err != nil {
		return invalid(err)
	}
	opts := sweep.Options{Dir: f.out, Manifest: manifest, Workers: workers, Shard: shard, Volatile: volatileFiles,
		Run: func(ctx context.Context, r sweep.PointRun) (sweep.Metrics, error) {
			return runSweepPoint(ctx, sf, r, format)
		}}
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

// runSweepPoint runs one point through the run pipeline (an ensemble's
// when the point has replicates) into r.Dir, its summary.json without the
// wall-clock fields, and returns its metrics.
func runSweepPoint(ctx context.Context, sf *sweep.File, r sweep.PointRun, format metrics.Format) (sweep.Metrics, error) {
	in, err := pointInputs(sf, r.RunFile)
	if err != nil {
		return nil, err
	}
	feed := newProgressFeed()
	opts := []model.Option{model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard),
		model.WithAfterTick(feed.tick), model.WithWorkers(r.Workers)}
	out := outputFlags{out: r.Dir, force: true, format: format, noTiming: true}
	if in.replicates > 0 {
		e, err := buildEnsemble(in, in.replicates, opts...)
		if err != nil {
			return nil, err
		}
		sum, err := runEnsembleAndWrite(ctx, e, in, out, in.keepReplicates, feed, io.Discard)
		if err != nil {
			return nil, err
		}
		met := ensembleMetrics(sum.EnsembleSummary)
		var reported []float64
		for r := range e.Replicates() {
			if v, ok := reportedCases(e.Replicate(r)); ok {
				reported = append(reported, v)
			}
		}
		if len(reported) == e.Replicates() {
			slices.Sort(reported)
			met["reported_cases"] = metrics.Quantile(reported, 0.5)
		}
		return met, nil
	}
	m, err := buildModel(in, opts...)
	if err != nil {
		return nil, err
	}
	sum, err := runAndWrite(ctx, m, in, out, feed, io.Discard)
	if err != nil {
		return nil, err
	}
	var fade *metrics.FadeOutTracker
	if fo := model.InstancesOf[*metrics.FadeOutTracker](m); len(fo) > 0 {
		fade = fo[0]
	}
	o := metrics.NewReplicateOutcome(0, sum.Seed, metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m)), fade)
	o.Infections = sum.Totals.Infections
	met := outcomeMetrics(o)
	if v, ok := reportedCases(m); ok {
		met["reported_cases"] = v
	}
	return met, nil
}

// reportedCases returns the total of the model's first
// CaseSurveillanceTracker over every group and recorded row; false without
// one.
func reportedCases(m *model.Model) (float64, bool) {
	cs := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	if len(cs) == 0 {
		return 0, false
	}
	var total int64
	for _, row := range cs[0].Counts() {
		for _, v := range row {
			total += v
		}
	}
	return float64(total), true
}

// outcomeMetrics are a single run's metrics.
func outcomeMetrics(o metrics.ReplicateOutcome) sweep.Metrics {
	out := sweep.Metrics{"fadeout_events": float64(o.FadeOutEvents), "extinct": 0}
	if o.Infections != nil {
		out["infections"] = float64(*o.Infections)
	}
	if o.AttackRate != nil {
		out["attack_rate"] = *o.AttackRate
	}
	if o.PeakTick != nil {
		out["peak_tick"] = float64(*o.PeakTick)
		out["peak_infectious"] = float64(*o.PeakInfectious)
	}
	for st, v := range o.FinalState {
		out["final_"+st] = float64(v)
	}
	if o.FadedPatchesFinal != nil {
		out["faded_patches_final"] = float64(*o.FadedPatchesFinal)
	}
	if o.ExtinctionTick != nil {
		out["extinct"] = 1
	}
	return out
}

// ensembleMetrics are an ensemble point's metrics: the medians across
// replicates, and the fraction of replicates that went extinct.
func ensembleMetrics(s metrics.EnsembleSummary) sweep.Metrics {
	out := sweep.Metrics{"extinct": float64(s.ExtinctReplicates) / float64(s.Replicates)}
	st := s.Stats
	for name, d := range map[string]*metrics.Distribution{"attack_rate": st.AttackRate, "peak_tick": st.PeakTick,
		"peak_infectious": st.PeakInfectious, "infections": st.Infections, "fadeout_events": st.FadeOutEvents,
		"faded_patches_final": st.FadedPatchesFinal} {
		if d != nil {
			out[name] = d.Q50
		}
	}
	for state, d := range st.FinalState {
		if d != nil {
			out["final_"+state] = d.Q50
		}
	}
	return out
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
