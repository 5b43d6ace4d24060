package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/sweep"
)

// fitDir is the folder a fit's results go into inside the output
// directory.
const fitDir = "fit"

// fitFlags are the flags of `rubeola fit`.
type fitFlags struct {
	loglik     bool
	particles  int
	filters    int
	seed       uint64
	workers    int
	out        string
	force      bool
	noPlot     bool
	noProgress bool
	shard      string
	maxMemory  string
	resume     bool
	forecast   int
	simulate   int
	cpuProfile string // --cpuprofile FILE, "" for none
}

func newFitCmd(stdout, stderr io.Writer) *cobra.Command {
	var f fitFlags
	cmd := &cobra.Command{
		Use:   "fit FILE.toml",
		Short: "Fit the compartmental model to case reports: likelihood (particle filter), IF2 or IBPF search, or profile",
		Long: "Read a fit file (a run file of the compartmental model, case data, a measurement model, the method and its\n" +
			"options; docs/fit.md) and run its method, writing DIR/fit/:\n" +
			"  pfilter  loglik.json, filter.csv (conditional log-likelihoods, ESS, filtering means),\n" +
			"           simulated.csv and fit.png (reports against simulated bands), seasonal_profile.csv,\n" +
			"           .json and .png (the mean weekly profile of the simulations against the data's)\n" +
			"  if2      trace.csv and trace.png (per iteration, with a convergence diagnostic over the last 10;\n" +
			"           a warning when the search has not settled), mle.json (the estimate: the best by particle\n" +
			"           filter of the last [fit] candidates iterations' means, its log-likelihood, every candidate's\n" +
			"           and the diagnostic), simulated.csv, fit.png and seasonal_profile.* at the estimate\n" +
			"  ibpf     as if2, for shared and per-town parameters of several towns (iterated block particle filter);\n" +
			"           per-town estimates in trace_towns.csv and mle.json's towns\n" +
			"  profile  profile.csv, mcap.json (Monte Carlo adjusted interval) and profile.png\n" +
			"--loglik only evaluates the file's parameters (the model's, with [set] and the estimates' start\n" +
			"values) by particle filter, writes loglik.json and prints one line. Every fit but a profile also writes\n" +
			"mle.toml, a run file of the fitted model as the filter sees it; --simulate N runs it (rubeola run\n" +
			"--replicates N) into DIR/fit/simulate. --forecast N writes forecast.csv and forecast.png: N report\n" +
			"periods past the last report from the filter at the estimate. --shard i/n runs the profile\n" +
			"points k with k mod n == i into DIR/fit/profile-shard-i-of-n.csv; `rubeola fit merge` joins shards.\n" +
			"An existing non-empty DIR/fit is refused unless --force (replaced only when the fit succeeded).\n" +
			"After every IF2/IBPF iteration and profile point the fit saves a checkpoint in DIR (.fit-checkpoint, removed\n" +
			"when the fit succeeds); --resume goes on from it, writing what the uninterrupted fit writes.\n" +
			"Progress goes to stderr. Exit codes: 0 ok, 1 run error, 2 usage or validation error (every problem\n" +
			"of the fit file on its own line, naming the file and the key).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			job, err := newFitJob(cmd, args[0], f, stdout, stderr)
			if err != nil {
				return invalid(err)
			}
			stopProfile, err := startCPUProfile(f.cpuProfile)
			if err != nil {
				return invalid(err)
			}
			err = job.run(ctx)
			if perr := stopProfile(); err == nil {
				err = perr
			}
			return err
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.loglik, "loglik", false, "only evaluate the log-likelihood of the file's parameters: DIR/fit/loglik.json and one line")
	fl.IntVar(&f.particles, "particles", 0, "particles per place J (overrides [fit] particles)")
	fl.IntVar(&f.filters, "filters", 0, "independent filters K of a likelihood evaluation (overrides [fit] filters)")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed (overrides [fit] seed)")
	fl.IntVar(&f.workers, "workers", 0, "goroutines per filter (0: one per CPU); results do not depend on it")
	fl.StringVar(&f.out, "out", "rubeola-fit", "output directory: results go into DIR/fit/")
	fl.BoolVar(&f.force, "force", false, "replace a non-empty DIR/fit (or an existing shard file)")
	fl.BoolVar(&f.noPlot, "no-plot", false, "do not draw the PNG pictures")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not report progress on stderr")
	fl.StringVar(&f.shard, "shard", "", "profile: run shard i/n only (0-based), the points k with k mod n == i")
	fl.BoolVar(&f.resume, "resume", false, "go on from the checkpoint a killed fit left in DIR (its last IF2 iteration or profile point): "+
		"the same files as an uninterrupted fit")
	fl.IntVar(&f.forecast, "forecast", 0, forecastFlagHelp)
	fl.IntVar(&f.simulate, "simulate", 0, "run N trajectories of the fitted model (DIR/fit/mle.toml, as `rubeola run --config mle.toml --replicates N`) into DIR/fit/simulate/ for rubeola plot and view")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the fit (its filters, searches and outputs) to FILE for go tool pprof")
	fl.StringVar(&f.maxMemory, maxMemoryFlag, "",
		"memory the fit's particles may use, e.g. 8GB, or \"off\" (default: the memory available, MemAvailable in /proc/meminfo, "+
			"the cgroup limit or the address-space limit, whichever is smallest)")
	cmd.AddCommand(newFitMergeCmd(stdout, stderr))
	cmd.AddCommand(newFitSlurmCmd(stdout))
	return cmd
}

// fitJob is a checked `rubeola fit` invocation.
type fitJob struct {
	file           *fit.File
	flags          fitFlags
	shard          sweep.Shard
	sharded        bool
	stdout, stderr io.Writer
	progress       io.Writer // stderr, or io.Discard with --no-progress
	name           string    // the program's name, which starts warnings
	// key identifies the fit's checkpoints; resumed is the checkpoint
	// --resume goes on from (nil: from the beginning).
	key     string
	resumed *fitCheckpoint
}

// newFitJob loads the fit file, applies the flags and checks the output
// directory: every error is a validation error.
func newFitJob(cmd *cobra.Command, path string, f fitFlags, stdout, stderr io.Writer) (*fitJob, error) {
	file, err := fit.LoadFile(path)
	if err != nil {
		return nil, err
	}
	fl := cmd.Flags()
	var errs []error
	if fl.Changed("particles") {
		if f.particles < 1 || f.particles > fit.MaxParticles {
			errs = append(errs, fmt.Errorf("--particles must be from 1 to %d, got %d", fit.MaxParticles, f.particles))
		}
		file.Particles = f.particles
	}
	if fl.Changed("filters") {
		if f.filters < 1 || f.filters > fit.MaxFilters {
			errs = append(errs, fmt.Errorf("--filters must be from 1 to %d, got %d", fit.MaxFilters, f.filters))
		}
		file.Filters = f.filters
	}
	if fl.Changed("seed") {
		file.Seed = f.seed
	}
	places := len(file.Obs.Places)
	if file.Particles > fit.MaxParticles/max(places, 1) {
		errs = append(errs, fmt.Errorf("%d particles × %d places is more than the %d patches a filter's model holds", file.Particles, places, fit.MaxParticles))
	} else if err := checkFitMemory(f.maxMemory, file.Particles, places); err != nil {
		errs = append(errs, err)
	}
	if f.workers < 0 {
		errs = append(errs, fmt.Errorf("--workers must be >= 0, got %d", f.workers))
	}
	job := &fitJob{file: file, flags: f, stdout: stdout, stderr: stderr, progress: stderr, name: cmd.Root().Name()}
	if f.noProgress {
		job.progress = io.Discard
	}
	if f.shard != "" {
		switch {
		case f.loglik:
			errs = append(errs, errors.New("--shard is for profiles: it cannot be combined with --loglik"))
		case file.Method != fit.MethodProfile:
			errs = append(errs, fmt.Errorf("--shard is for profiles, %s has method = %q", path, file.Method))
		}
		s, err := sweep.ParseShard(f.shard)
		if err != nil {
			errs = append(errs, fmt.Errorf("--shard: %w", err))
		}
		job.shard, job.sharded = s, true
	}
	for _, check := range []func() error{job.checkForecast, job.checkSimulate} {
		if err := check(); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		err := job.checkOut()
		if err == nil {
			err = checkCanCreateDir("--out", job.dir())
		}
		errs = append(errs, err)
	}
	return job, errors.Join(errs...)
}

// checkFitMemory refuses a fit whose particles need more memory than
// --max-memory (maxMemory, "" when not given, "off" for no check) or the
// memory available ([model.AvailableMemory]).
func checkFitMemory(maxMemory string, particles, places int) error {
	limit, source := model.AvailableMemory()
	switch {
	case strings.EqualFold(maxMemory, "off"):
		return nil
	case maxMemory != "":
		b, err := parseSize(maxMemory)
		if err != nil {
			return fmt.Errorf("--%s: %w", maxMemoryFlag, err)
		}
		limit, source = float64(b), "set by --"+maxMemoryFlag
	}
	return fit.CheckMemory(particles, places, limit, source)
}

// dir is DIR/fit.
func (j *fitJob) dir() string { return filepath.Join(j.flags.out, fitDir) }

// checkOut refuses to overwrite results without --force: a non-empty
// DIR/fit, or a shard's existing file.
func (j *fitJob) checkOut() error {
	if !j.sharded {
		return output.CheckDir(j.dir(), j.flags.force)
	}
	path := filepath.Join(j.dir(), fit.ProfileShardFile(j.shard.I, j.shard.N))
	if _, err := os.Stat(path); err == nil && !j.flags.force {
		return fmt.Errorf("%s exists (use --force to replace it)", path)
	}
	return nil
}
