package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/model"
)

// fitSimulateDir is the run output --simulate writes inside DIR/fit.
const fitSimulateDir = "simulate"

// checkSimulate checks --simulate N: an ensemble size, and a fit that
// writes mle.toml (not a profile).
func (j *fitJob) checkSimulate() error {
	n := j.flags.simulate
	switch {
	case n == 0:
		return nil
	case n < 0 || n > model.MaxReplicates:
		return fmt.Errorf("--simulate must be from 1 to %d trajectories, got %d", model.MaxReplicates, n)
	case j.sharded || (!j.flags.loglik && j.file.Method == fit.MethodProfile):
		return fmt.Errorf("--simulate simulates the model at an estimate: use it with --loglik, method \"pfilter\" or \"if2\", not a profile")
	}
	return nil
}

// writeRunFile writes mle.toml (and its scenario when the fit keeps only
// some places, builds its scenario or has values that differ between
// places) for the parameters set and checks that it reproduces them. A fit
// whose run file cannot be written (a parameter no component of the run
// file has) warns and writes no mle.toml, unless --simulate needs it.
func (j *fitJob) writeRunFile(ctx context.Context, out *fit.Output, set map[string]float64) error {
	text, scn, err := j.file.RunFile(j.dir(), set, j.file.Seed)
	if err != nil {
		if j.flags.simulate > 0 {
			return fmt.Errorf("--simulate: %w", err)
		}
		fmt.Fprintf(j.stderr, "%s: warning: no %s: %v\n", j.name, fit.RunFileName, err)
		return nil
	}
	if err := out.RunFile(text, scn); err != nil {
		return err
	}
	path := filepath.Join(out.Dir, fit.RunFileName)
	if err := fit.CheckRunFile(path, set); err != nil {
		return fmt.Errorf("%s does not reproduce the fit: %w", fit.RunFileName, err)
	}
	return nil
}

// runSimulations is --simulate N after the fit's files are in place:
// `rubeola run --config DIR/fit/mle.toml --replicates N --keep-replicates
// --seed SEED --out DIR/fit/simulate` (its own atomic output directory).
func (j *fitJob) runSimulations(ctx context.Context) error {
	n := j.flags.simulate
	if n == 0 {
		return nil
	}
	path, dir := filepath.Join(j.dir(), fit.RunFileName), filepath.Join(j.dir(), fitSimulateDir)
	j.say("simulating %d trajectories: rubeola run --config %s --replicates %d --keep-replicates --seed %d --out %s",
		n, path, n, j.file.Seed, dir)
	run := newRunCmd(io.Discard, j.progress)
	run.SetArgs([]string{"--config", path, "--replicates", strconv.Itoa(n), "--keep-replicates", "--seed", strconv.FormatUint(j.file.Seed, 10),
		"--out", dir, "--no-progress"})
	run.SilenceUsage, run.SilenceErrors = true, true
	if err := run.ExecuteContext(ctx); err != nil {
		return fmt.Errorf("--simulate: %w", err)
	}
	j.say("wrote %s", dir)
	return nil
}
