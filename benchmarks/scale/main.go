// Command scale measures the hierarchical mixing operator (issue 27 item
// 5): its λ error against the tolerance (1e−3 … 1e−10), against the exact
// streaming force on every patch, and its build and per-tick force time
// against the number of patches, next to the exact streaming and factored
// forces, on clustered synthetic scenarios (scenario synthetic) with the
// reference gravity (a = 1, b = 1, c = 1.5) and k = 0.001 (-k). It writes the tables as CSV and draws them
// as PNG pictures.
//
//	go run ./benchmarks/scale -tolerances 1e-3,1e-4,1e-5,1e-6,1e-7,1e-8,1e-9,1e-10 -tol-n 20000 \
//	    -n 1000,3000,10000,30000,100000 -tolerance-csv tol.csv -time-csv time.csv -plot docs/img
//	flock /work/helpers/bigmem.lock go run ./benchmarks/scale -n 1000000 -time-csv time.csv -append -plot docs/img
//
// With -plot DIR it draws DIR/scale-error.png and DIR/scale-time.png
// from the CSV files (after measuring, or alone when nothing is to be
// measured: -tolerances "" -n "").
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// options are the command-line settings.
type options struct {
	tolerances            []float64
	tolN                  int
	sizes                 []int
	seed                  uint64
	k                     float64
	exactMax, factoredMax int
	sample, reps, workers int
	tolCSV, timeCSV       string
	appending             bool
	plotDir               string
}

func main() {
	opt, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(2)
	}
	if err := run(opt, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line; errors name the flag.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("scale", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opt options
	tols := fs.String("tolerances", "1e-3,1e-4,1e-5,1e-6,1e-7,1e-8,1e-9,1e-10", `tolerances of the error sweep (comma-separated; "" for none)`)
	sizes := fs.String("n", "1000,3000,10000,30000,100000", `patch counts of the time sweep (comma-separated; "" for none)`)
	fs.IntVar(&opt.tolN, "tol-n", 20000, "patches of the error sweep")
	fs.Uint64Var(&opt.seed, "seed", 1, "seed of the synthetic scenarios and of the source vectors")
	fs.Float64Var(&opt.k, "k", 0.001, "gravity's migration scale k (the reference's 0.01 makes rows of clustered scenarios of 20 000 patches and more sum above 1)")
	fs.IntVar(&opt.exactMax, "exact-max", 100000, "largest N whose error is measured against the exact streaming force (above: sampled rows)")
	fs.IntVar(&opt.factoredMax, "factored-max", 20000, "largest N at which the exact factored force is timed (4·N² bytes)")
	fs.IntVar(&opt.sample, "sample", 1000, "rows of the sampled error check above -exact-max")
	fs.IntVar(&opt.reps, "reps", 5, "forces timed per measurement (the median is reported)")
	fs.IntVar(&opt.workers, "workers", 0, "goroutines of the operators (0: GOMAXPROCS)")
	fs.StringVar(&opt.tolCSV, "tolerance-csv", "scale-tolerance.csv", "CSV of the error sweep")
	fs.StringVar(&opt.timeCSV, "time-csv", "scale-time.csv", "CSV of the time sweep")
	fs.BoolVar(&opt.appending, "append", false, "add the rows to the CSV files instead of replacing them")
	fs.StringVar(&opt.plotDir, "plot", "", "draw scale-error.png and scale-time.png from the CSV files into this directory")
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	var err error
	if opt.tolerances, err = parseList(*tols, "-tolerances", func(s string) (float64, error) {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v > 0 && v < 1) {
			return 0, fmt.Errorf("%q is not a tolerance in (0, 1)", s)
		}
		return v, nil
	}); err != nil {
		return opt, err
	}
	if opt.sizes, err = parseList(*sizes, "-n", func(s string) (int, error) {
		v, err := strconv.Atoi(s)
		if err != nil || v < 2 || v > 1<<20 {
			return 0, fmt.Errorf("%q is not a number of patches from 2 to %d", s, 1<<20)
		}
		return v, nil
	}); err != nil {
		return opt, err
	}
	switch {
	case opt.tolN < 2 || opt.tolN > 1<<20:
		return opt, fmt.Errorf("-tol-n must be from 2 to %d, got %d", 1<<20, opt.tolN)
	case !(opt.k > 0 && opt.k <= 1):
		return opt, fmt.Errorf("-k must be in (0, 1], got %g", opt.k)
	case opt.reps < 1:
		return opt, fmt.Errorf("-reps must be at least 1, got %d", opt.reps)
	case opt.sample < 1:
		return opt, fmt.Errorf("-sample must be at least 1, got %d", opt.sample)
	}
	if opt.workers <= 0 {
		opt.workers = runtime.GOMAXPROCS(0)
	}
	return opt, nil
}

// parseList parses a comma-separated list with parse; "" is empty.
func parseList[T any](s, flagName string, parse func(string) (T, error)) ([]T, error) {
	var out []T
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, f := range strings.Split(s, ",") {
		v, err := parse(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", flagName, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// run measures what opt asks, writes the CSV files and draws.
func run(opt options, log io.Writer) error {
	if len(opt.tolerances) > 0 {
		rows, err := sweepTolerance(gravityWith(opt.k), opt.tolN, opt.seed, opt.tolerances, opt.reps, opt.workers, log)
		if err != nil {
			return err
		}
		if err := writeTable(opt.tolCSV, tolHeader, tolRecords(rows), opt.appending); err != nil {
			return err
		}
	}
	if len(opt.sizes) > 0 {
		rows, err := sweepN(gravityWith(opt.k), opt.sizes, opt.seed, opt.exactMax, opt.factoredMax, opt.sample, opt.reps, opt.workers, log)
		if err != nil {
			return err
		}
		if err := writeTable(opt.timeCSV, nHeader, nRecords(rows), opt.appending); err != nil {
			return err
		}
	}
	if opt.plotDir == "" {
		return nil
	}
	if err := plotTolerance(opt.tolCSV, filepath.Join(opt.plotDir, "scale-error.png")); err != nil {
		return err
	}
	return plotTime(opt.timeCSV, filepath.Join(opt.plotDir, "scale-time.png"))
}
