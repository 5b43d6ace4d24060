// Command he2010 fits He, Ionides & King (2010)'s measles model to London,
// end to end (docs/fit.md): the particle-filter log-likelihood at their
// estimates, a short iterated-filtering search from the file's start away
// from them, whether that search has settled, and the picture of the
// reports against the model simulated at the estimate.
//
//	go run ./examples/he2010 [DIR]
//
// It reads london.toml (and through it the shared He et al. data, which are
// not part of rubeola) and writes DIR/trace.png and DIR/fit.png (DIR:
// he2010-out).
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/plot"
)

// settings are the run's sizes: the test makes them small.
type settings struct {
	particles, filters int // the likelihood at the estimates
	ifParticles, iters int // the search
	sims               int // trajectories of the picture
}

// full are the program's sizes: about 20 s for the filter, 30 s for the
// search on 2 cores.
var full = settings{particles: 2000, filters: 5, ifParticles: 1000, iters: 15, sims: 500}

func main() {
	dir := "he2010-out"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	_, self, _, _ := runtime.Caller(0)
	if err := run(os.Stdout, filepath.Join(filepath.Dir(self), "london.toml"), dir, full); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer, file, dir string, s settings) error {
	ctx := context.Background()
	// 1. The fit file: the model (its run file), the data, the measurement.
	f, err := fit.LoadFile(file)
	if err != nil {
		return err
	}
	// 2. The log-likelihood at He et al.'s estimates (the run file's values).
	pf, err := fit.PFilter(ctx, f.Spec, f.Obs, fit.PFilterOptions{Particles: s.particles, Filters: s.filters, Seed: 1})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "log-likelihood at the MLE: %.1f ± %.1f (%d reports, %.3g particle-days/s)\n",
		pf.LogLik, pf.SE, len(pf.Dates), pf.ParticleDays)
	// 3. A short search from the file's start (R0 40, amplitude 0.3,
	//    rho 0.6: away from the MLE).
	opts := f.IF2Options(0)
	opts.Particles, opts.Iterations = s.ifParticles, s.iters
	res, err := fit.IF2(ctx, f.Spec, f.Obs, opts)
	if err != nil {
		return err
	}
	first, last := res.Trace[0], res.Trace[len(res.Trace)-1]
	fmt.Fprintf(out, "IF2: %d iterations, log-likelihood %.1f → %.1f, R0 %.1f → %.1f, amplitude %.3f → %.3f\n",
		len(res.Trace), first.LogLik, last.LogLik, first.Params["r0"], res.MLE["r0"], first.Params["amplitude"], res.MLE["amplitude"])
	names := make([]string, len(opts.Estimates))
	for k, e := range opts.Estimates {
		names[k] = e.Name
	}
	// Has the search settled? (A short search has not: `rubeola fit` runs
	// the file's 100 iterations.)
	fmt.Fprintf(out, "IF2 trace: %s\n", fit.TraceConvergence(res.Trace, names).Describe())
	// 4. The pictures: the search's trace (with the diagnostic), and the
	//    reports against the model simulated at its estimate.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := plot.FitTrace(filepath.Join(dir, "trace.png"), res, names, "London: iterated filtering", plot.Options{}); err != nil {
		return err
	}
	sim, err := fit.Simulate(ctx, f.Spec, f.Obs, s.sims, 7, res.MLE)
	if err != nil {
		return err
	}
	if err := plot.FitBands(filepath.Join(dir, "fit.png"), sim, "London: reports and the model at the estimate", plot.Options{}); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s and %s\n", filepath.Join(dir, "trace.png"), filepath.Join(dir, "fit.png"))
	return nil
}
