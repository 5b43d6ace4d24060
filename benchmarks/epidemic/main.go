// Command epidemic shows what the hierarchical operator's error means for
// epidemics (issue 27 item 6): it runs two independent ensembles of the
// biweekly model's standard schedule (equilibrium start, importation,
// Infection with the reference gravity defaults, vital dynamics), one with
// the exact mixing (the default factored storage, or -exact streaming) and
// one with storage "hierarchical" at -tolerance, on a clustered synthetic
// scenario, and compares per replicate the final size (total infections)
// and the fade-out shares (patches where measles faded out at least once;
// patches with I = 0 at the end) by the difference of the means over its
// Monte Carlo standard error and by the two-sample Kolmogorov–Smirnov test.
//
//	go run ./benchmarks/epidemic -n 2000 -replicates 200 -ticks 260
//
// The exact arm's replicates have seeds seed … seed+R−1, the hierarchical
// arm's seed+R … seed+2R−1 (independent samples). With -paired the
// hierarchical operator also runs with the exact arm's seeds, and the
// report counts the replicates whose outcomes are identical.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// options are the command-line settings.
type options struct {
	n, replicates, ticks int
	seed, scenarioSeed   uint64
	tolerance            float64
	exact                string
	paired               bool
	csv                  string
}

func main() {
	opt, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "epidemic:", err)
		os.Exit(2)
	}
	if err := run(context.Background(), opt, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "epidemic:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line; errors name the flag.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("epidemic", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opt options
	fs.IntVar(&opt.n, "n", 2000, "patches of the clustered synthetic scenario (scenario synthetic)")
	fs.IntVar(&opt.replicates, "replicates", 200, "replicates per arm")
	fs.IntVar(&opt.ticks, "ticks", 260, "biweekly ticks per run (26 a year)")
	fs.Uint64Var(&opt.seed, "seed", 1, "seed of the exact arm's first replicate")
	fs.Uint64Var(&opt.scenarioSeed, "scenario-seed", 1, "seed of the synthetic scenario")
	fs.Float64Var(&opt.tolerance, "tolerance", 1e-6, "the hierarchical operator's tolerance")
	fs.StringVar(&opt.exact, "exact", systems.StorageFloat64, `the exact arm's storage: "float64" (factored) or "streaming"`)
	fs.BoolVar(&opt.paired, "paired", false, "also run the hierarchical operator with the exact arm's seeds and count identical outcomes")
	fs.StringVar(&opt.csv, "csv", "", "write every replicate's outcomes to this CSV file")
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	switch {
	case opt.n < 2 || opt.n > 1<<20:
		return opt, fmt.Errorf("-n must be from 2 to %d patches, got %d", 1<<20, opt.n)
	case opt.replicates < 2:
		return opt, fmt.Errorf("-replicates must be at least 2 (a standard error needs two), got %d", opt.replicates)
	case opt.ticks < 1:
		return opt, fmt.Errorf("-ticks must be at least 1, got %d", opt.ticks)
	case !(opt.tolerance > 0 && opt.tolerance < 1):
		return opt, fmt.Errorf("-tolerance must be in (0, 1), got %g", opt.tolerance)
	case opt.exact != systems.StorageFloat64 && opt.exact != systems.StorageStreaming:
		return opt, fmt.Errorf(`-exact must be "float64" or "streaming", got %q`, opt.exact)
	}
	return opt, nil
}

// infection returns the standard schedule's Infection with storage (and
// tolerance for "hierarchical").
func infection(storage string, tolerance float64) systems.InfectionParams {
	q := systems.DefaultInfectionParams()
	q.Seasonality = model.StandardSeasonality
	q.Storage = storage
	if storage == systems.StorageHierarchical {
		q.Tolerance = tolerance
	}
	return q
}

// result is the outcome of the comparison.
type result struct {
	arms     []arm
	outcomes [][]*outcome // per arm, per replicate
	seconds  []float64    // per arm, wall
}

// run builds the scenario, runs the arms and prints the report.
func run(ctx context.Context, opt options, out io.Writer) error {
	scn, err := scenario.Clustered(opt.n, opt.scenarioSeed, scenario.DefaultClusteredOptions())
	if err != nil {
		return err
	}
	R := opt.replicates
	arms := []arm{
		{name: "exact (" + opt.exact + ")", infection: infection(opt.exact, 0), seed: opt.seed},
		{name: fmt.Sprintf("hierarchical %g", opt.tolerance), infection: infection(systems.StorageHierarchical, opt.tolerance), seed: opt.seed + uint64(R)},
	}
	if opt.paired {
		arms = append(arms, arm{name: fmt.Sprintf("hierarchical %g, exact's seeds", opt.tolerance),
			infection: infection(systems.StorageHierarchical, opt.tolerance), seed: opt.seed})
	}
	res := result{arms: arms}
	for _, a := range arms {
		start := time.Now()
		o, err := runArm(ctx, scn, a, R, opt.ticks)
		if err != nil {
			return fmt.Errorf("%s: %w", a.name, err)
		}
		res.outcomes = append(res.outcomes, o)
		res.seconds = append(res.seconds, time.Since(start).Seconds())
		fmt.Fprintf(os.Stderr, "epidemic: %s: %d replicates in %.1f s\n", a.name, R, res.seconds[len(res.seconds)-1])
	}
	if err := res.report(out, opt, scn); err != nil {
		return err
	}
	if opt.csv != "" {
		return res.writeCSV(opt.csv)
	}
	return nil
}
