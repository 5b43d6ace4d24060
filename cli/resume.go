package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
)

// resumeFlags are the flags of `rubeola resume`.
type resumeFlags struct {
	outputFlags
	ticks          int
	keepReplicates bool // an ensemble snapshot: write each replicate's outputs
}

func newResumeCmd(stdout, stderr io.Writer) *cobra.Command {
	var f resumeFlags
	cmd := &cobra.Command{
		Use:   "resume FILE.snap",
		Short: "Continue a run from a snapshot and write the outputs of the whole run",
		Long: "Load a snapshot written by `rubeola run --snapshot-every K` (or model.SaveSnapshot), rebuild its\n" +
			"components from their stored params, run to the end (or to --ticks N) and write the same outputs\n" +
			"as `rubeola run`, covering the whole run. The result equals the uninterrupted run byte for byte\n" +
			"(timings aside). An ensemble's snapshot (`rubeola run --replicates R --snapshot-every K`)\n" +
			"resumes the whole ensemble and writes DIR/ensemble/ (and, with --keep-replicates,\n" +
			"DIR/replicates/).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return resumeSimulation(ctx, cmd, args[0], f, stdout, stderr)
		},
	}
	cmd.Flags().IntVar(&f.ticks, "ticks", 0, "total number of ticks of the run (extends or shortens it; >= the saved tick)")
	cmd.Flags().BoolVar(&f.keepReplicates, "keep-replicates", false, "an ensemble's snapshot: also write each replicate's outputs under DIR/replicates/rNNN/")
	addOutputFlags(cmd, &f.outputFlags)
	return cmd
}

// resumeSimulation loads the snapshot, then runs and writes like run.
func resumeSimulation(ctx context.Context, cmd *cobra.Command, file string, f resumeFlags, stdout, stderr io.Writer) error {
	session := output.NewSession()
	opts := []model.Option{model.WithStdout(stdout), model.WithProgressWriter(stderr), session.Option(),
		model.WithTerminalCheck(isTerminal), model.WithLogger(logger(stderr, f.verbose))}
	if cmd.Flags().Changed("ticks") {
		if f.ticks < 0 {
			return invalid(fmt.Errorf("--ticks must be >= 0, got %d", f.ticks))
		}
		opts = append(opts, model.WithNumTicks(f.ticks))
	}
	opts = append(opts, f.printingOptions(cmd)...)
	if err := checkSnapshotOutside(file, f.out); err != nil {
		return invalid(err)
	}
	if err := f.outputFlags.check(cmd, ""); err != nil {
		return invalid(err)
	}
	memOpts, err := f.memoryOption()
	if err != nil {
		return invalid(err)
	}
	opts = append(opts, memOpts...)
	if format, err := model.SnapshotFormatOf(file); err == nil && format == model.EnsembleSnapshotFormat {
		return resumeEnsemble(ctx, file, f, session, opts, stdout)
	}
	m, err := model.LoadSnapshot(file, nil, opts...)
	if err != nil {
		return invalid(ticksError(err, file))
	}
	if f.keepReplicates {
		return invalid(fmt.Errorf("--keep-replicates: snapshot %s is of a single run, not of an ensemble", file))
	}
	if len(model.InstancesOf[*metrics.StateTracker](m)) == 0 {
		return invalid(fmt.Errorf("snapshot %s: the component list has no StateTracker (states.csv and summary.json summarise one)", file))
	}
	in := &inputs{scenario: m.Scenario(), scenarioName: resumedScenarioName(m, file), params: m.Params(), snapshotFile: file}
	_, err = runAndWrite(ctx, m, in, f.outputFlags, session, stdout)
	return err
}

// resumeEnsemble resumes an ensemble's snapshot and writes like run
// --replicates.
func resumeEnsemble(ctx context.Context, file string, f resumeFlags, session *output.Session, opts []model.Option, stdout io.Writer) error {
	e, err := model.LoadEnsembleSnapshot(file, nil, opts...)
	if err != nil {
		return invalid(ticksError(err, file))
	}
	if len(model.InstancesOf[*metrics.StateTracker](e.Replicate(0))) == 0 {
		return invalid(fmt.Errorf("snapshot %s: the component list has no StateTracker (the ensemble tables and summary.json summarise one)", file))
	}
	r0 := e.Replicate(0)
	in := &inputs{scenario: r0.Scenario(), scenarioName: resumedScenarioName(r0, file), params: e.Params(), snapshotFile: file}
	_, err = runEnsembleAndWrite(ctx, e, in, f.outputFlags, f.keepReplicates, session, stdout)
	return err
}

// ticksError words a snapshot load error caused by --ticks below the
// snapshot's tick in terms of the flag; other errors are returned as they
// are.
func ticksError(err error, file string) error {
	var te *model.SavedTickError
	if !errors.As(err, &te) {
		return err
	}
	return fmt.Errorf("--ticks %d is before the tick of snapshot %s (%d): a resumed run ends at or after the tick it was saved at",
		te.NumTicks, file, te.Tick)
}

// resumedScenarioName is summary.json's inputs.scenario of a run resumed
// from snapshot file: the origin the interrupted run recorded, or "stored
// in snapshot FILE" for a snapshot that records none (saved by a Go
// program without model.WithScenarioSource).
func resumedScenarioName(m *model.Model, file string) string {
	if src := m.ScenarioSource(); src != "" {
		return src
	}
	return "stored in snapshot " + file
}
