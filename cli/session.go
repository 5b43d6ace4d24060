package cli

import (
	"context"
	"errors"
	"io"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
)

// runAndWrite runs a built model to its end and writes its outputs through
// the session ([output.Session.Write]: tidy tables following the run,
// summary.json, timing.csv, snapshots with --snapshot-every, the output
// directory replaced when everything was written), with the CPU profile
// (--cpuprofile) around it, then prints the summary (and with --verbose
// the schedule before, the timings and files after) and draws the plots
// (--plot). Run and resume share it, and so does every point of a sweep;
// it returns the summary written.
func runAndWrite(ctx context.Context, m *model.Model, in *inputs, f outputFlags, s *output.Session, stdout io.Writer) (sum *output.Summary, err error) {
	verbose := m.Params().Verbose
	if verbose {
		printSchedule(stdout, m)
	}
	stop, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return nil, invalid(err)
	}
	res, err := s.Write(ctx, m, f.options(in))
	if err = exitOf(err, f.out, stop()); err != nil {
		return nil, err
	}
	printRunSummary(stdout, res.Summary, f.out, res.Files, res.Writing)
	if verbose {
		printTimingTable(stdout, m)
		printLambdaError(stdout, m)
		printOutputs(stdout, f.out, res.Files, res.Snapshots)
	}
	if err := plotAfterRun(stdout, f); err != nil {
		return nil, err
	}
	return res.Summary, nil
}

// runEnsembleAndWrite is [runAndWrite] for an ensemble
// ([output.Session.WriteEnsemble]); keep writes every replicate's own
// outputs (--keep-replicates).
func runEnsembleAndWrite(ctx context.Context, e *model.Ensemble, in *inputs, f outputFlags, keep bool, s *output.Session, stdout io.Writer) (*output.EnsembleSummary, error) {
	if e.Params().Verbose {
		printSchedule(stdout, e.Replicate(0)) // every replicate has the same schedule
	}
	stop, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return nil, invalid(err)
	}
	o := f.options(in)
	o.KeepReplicates = keep
	res, err := s.WriteEnsemble(ctx, e, o)
	if err = exitOf(err, f.out, stop()); err != nil {
		return nil, err
	}
	printEnsembleSummary(stdout, res.Summary, f.out, res.Tables, res.Kept, res.Writing)
	if err := plotAfterRun(stdout, f); err != nil {
		return nil, err
	}
	return res.Summary, nil
}

// options are the output options of the flags and inputs.
func (f outputFlags) options(in *inputs) output.Options {
	return output.Options{Dir: f.out, Format: f.format, Force: f.force, SnapshotEvery: f.snapshotEvery, NoTiming: f.noTiming,
		Inputs:    output.Inputs{Scenario: in.scenarioName, ParamsFile: in.paramsFile, ConfigFile: in.configFile, ResumedFrom: in.snapshotFile},
		Generator: metrics.Generator(f.program)}
}

// exitOf joins the CPU profile's stop error to a run's error and gives
// the errors of the run's setup — a component's initialisation, an --out
// that cannot be written — the exit code of bad input (2): they come from
// what the user gave, before the first tick.
func exitOf(err error, out string, stopErr error) error {
	var setup *output.SetupError
	var dir *output.DirError
	switch {
	case errors.As(err, &setup):
		return invalid(errors.Join(setup.Err, stopErr))
	case errors.As(err, &dir):
		return invalid(errors.Join(outDirError("--out", out, dir.Err), stopErr))
	case stopErr == nil:
		return err
	}
	return errors.Join(err, stopErr)
}
