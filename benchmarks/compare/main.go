// Command compare measures rubeola against the NumPy baseline
// (../shared/baseline) the way a user waits for them: whole processes, start
// to exit, outputs written, on the baseline's exported scenario and the
// baseline's component list (benchmarks/baseline.toml), both sides in turn in
// one invocation.
//
//	go run ./benchmarks/compare -n 1000,5000 -ticks 520 -reps 3 -md perf.md
//
// For each N it exports the baseline's RandomN scenario, builds the rubeola
// binary once, then runs, rep after rep and in turn: the baseline with
// --surveillance vectorized, rubeola with CSV output, rubeola with Parquet
// output and (N ≤ -loop-max) the baseline's --surveillance loop (what the
// Python reference does). Each run is timed from start to exit (wall clock)
// and its peak resident set size read from the kernel's rusage. It prints
// (and with -md writes) the target table: best-of-reps whole-process
// ratios, run-phase ratios, peak RSS ratio, the mixing-matrix build time and
// the agreement check (final R and total reported cases, means over reps,
// within 1 % of the baseline's: different random streams, same model),
// labelled with the CPU (cpuid) and the date.
//
// With -replicates R it measures ensemble throughput instead: per rep, R
// baseline runs one after the other (seeds base … base+R−1) against one
// `rubeola run --replicates R --seed base` process per output format, and
// a rubeola single run as the memory reference. The table gives the
// per-replicate throughput ratio (the R baseline runs' total seconds over
// the ensemble's), the ensemble's peak RSS against the single run's plus R
// replicates' states and tracker arrays, and the agreement of the mean
// final R.
//
//	go run ./benchmarks/compare -replicates 16 -n 1000,5000 -reps 2
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
	"time"
)

// options are the command-line settings.
type options struct {
	sizes    []int
	formats  []string
	ticks    int
	reps     int
	loopMax  int
	baseline string
	md       string
	keep     bool
	// replicates, when > 0, measures ensemble throughput instead: R
	// baseline runs in a row against one `rubeola run --replicates R`.
	replicates int
}

func main() {
	opt, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(2)
	}
	if err := run(opt, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line.
func parseFlags(args []string) (options, error) {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	sizes := fs.String("n", "1000,5000", "comma-separated numbers of patches")
	formats := fs.String("formats", "csv,parquet", "rubeola output formats to run (comma-separated: csv, parquet)")
	opt := options{}
	fs.IntVar(&opt.ticks, "ticks", 520, "ticks per run")
	fs.IntVar(&opt.reps, "reps", 3, "runs of each command (seeds 1…reps); figures are best of reps")
	fs.IntVar(&opt.loopMax, "loop-max", 1000, "largest N at which the baseline's --surveillance loop is run too (0: never)")
	fs.StringVar(&opt.baseline, "baseline", "../shared/baseline/run.sh", "the NumPy baseline's run script")
	fs.StringVar(&opt.md, "md", "", "also write the tables as Markdown to this file")
	fs.IntVar(&opt.replicates, "replicates", 0, "measure ensemble throughput: this many baseline runs in a row vs one rubeola ensemble (0: the single-run comparison)")
	fs.BoolVar(&opt.keep, "keep", false, "keep the work directory (scenarios, outputs) and print its path")
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			return opt, fmt.Errorf("-n: %q is not a number of patches ≥ 2", f)
		}
		opt.sizes = append(opt.sizes, n)
	}
	for _, f := range strings.Split(*formats, ",") {
		if f = strings.TrimSpace(f); f != "csv" && f != "parquet" {
			return opt, fmt.Errorf("-formats: %q is not csv or parquet", f)
		}
		opt.formats = append(opt.formats, strings.TrimSpace(f))
	}
	if opt.ticks < 1 || opt.reps < 1 || opt.replicates < 0 {
		return opt, fmt.Errorf("-ticks and -reps must be ≥ 1, -replicates ≥ 0")
	}
	return opt, nil
}

// run measures every size and prints the report.
func run(opt options, out io.Writer) error {
	work, err := os.MkdirTemp("", "rubeola-compare-")
	if err != nil {
		return err
	}
	if opt.keep {
		fmt.Fprintln(os.Stderr, "work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	bin := filepath.Join(work, "rubeola")
	if err := command("go", "build", "-o", bin, "./cmd/rubeola").Run(); err != nil {
		return fmt.Errorf("go build ./cmd/rubeola: %w", err)
	}
	rep := report{
		Date:    time.Now().UTC().Format("2006-01-02 15:04 MST"),
		Machine: machine(),
		Go:      runtime.Version(),
		Ticks:   opt.ticks,
		Reps:    opt.reps,
	}
	for _, n := range opt.sizes {
		if opt.replicates > 0 {
			e, err := measureEnsemble(opt, work, bin, n)
			if err != nil {
				//lint:ignore ST1005 N is the population size, named as in the report's headings and progress lines
				return fmt.Errorf("N = %d, ensembles: %w", n, err)
			}
			rep.Ensembles = append(rep.Ensembles, e)
			continue
		}
		s, err := measureSize(opt, work, bin, n)
		if err != nil {
			//lint:ignore ST1005 N is the population size, named as in the report's headings and progress lines
			return fmt.Errorf("N = %d: %w", n, err)
		}
		rep.Sizes = append(rep.Sizes, s)
	}
	text := rep.markdown()
	fmt.Fprint(out, text)
	if opt.md != "" {
		return os.WriteFile(opt.md, []byte(text), 0o644)
	}
	return nil
}
