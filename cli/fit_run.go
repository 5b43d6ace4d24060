package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/plot"
)

// Picture names of a fit.
const (
	fitTracePNG   = "trace.png"
	fitBandsPNG   = "fit.png"
	fitProfilePNG = "profile.png"
)

// run runs the job's method. A whole fit is written into a temporary
// folder beside DIR/fit that replaces it at the end; a shard writes its one
// file into DIR/fit.
func (j *fitJob) run(ctx context.Context) error {
	var err error
	if j.key, err = j.checkpointKey(); err != nil {
		return err
	}
	if j.flags.resume {
		if j.resumed, err = j.loadCheckpoint(j.key); err != nil {
			return invalid(err)
		}
	}
	if j.sharded {
		if err := j.runShard(ctx); err != nil {
			return err
		}
		return j.removeCheckpoint()
	}
	pend, err := output.NewPendingDir(j.dir())
	if err != nil {
		return err
	}
	defer pend.Discard()
	out := &fit.Output{Dir: pend.Path()}
	switch {
	case j.flags.loglik:
		err = j.runLogLik(ctx, out)
	case j.file.Method == fit.MethodIF2 || j.file.Method == fit.MethodIBPF:
		err = j.runIF2(ctx, out)
	case j.file.Method == fit.MethodProfile:
		err = j.runProfile(ctx, out)
	default:
		err = j.runPFilter(ctx, out)
	}
	if err != nil {
		return err
	}
	if err := pend.Commit(j.dir(), j.flags.force); err != nil {
		return err
	}
	var names []string
	for _, p := range out.Written {
		names = append(names, filepath.Base(p))
	}
	j.say("wrote %s: %s", j.dir(), strings.Join(names, ", "))
	if err := j.removeCheckpoint(); err != nil {
		return err
	}
	return j.runSimulations(ctx)
}

// removeCheckpoint removes the fit's checkpoint once its files are
// written.
func (j *fitJob) removeCheckpoint() error {
	if err := os.Remove(j.checkpointPath()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// say reports progress on stderr (unless --no-progress).
func (j *fitJob) say(format string, args ...any) {
	fmt.Fprintf(j.progress, "rubeola fit: "+format+"\n", args...)
}

// describe names the problem's size for progress lines.
func (j *fitJob) describe() string {
	f := j.file
	return fmt.Sprintf("%s, %d reports %s … %s", plural(len(f.Obs.Places), "place"), len(f.Obs.Dates),
		f.Obs.Dates[0].Format("2006-01-02"), f.Obs.Dates[len(f.Obs.Dates)-1].Format("2006-01-02"))
}

// pfilter evaluates the likelihood at set with the file's particles,
// filters and seed.
func (j *fitJob) pfilter(ctx context.Context, set map[string]float64) (*fit.PFilterResult, error) {
	opts := j.file.PFilterOptions(j.flags.workers)
	opts.Set = set
	opts.Forecast = j.flags.forecast
	j.say("particle filter: %d filters × %d particles, %s", opts.Filters, opts.Particles, j.describe())
	return fit.PFilter(ctx, j.file.Spec, j.file.Obs, opts)
}

// logLikLine is the one-line summary of a likelihood evaluation.
// The standard error of one filter is NA.
func logLikLine(r *fit.PFilterResult) string {
	se := fmt.Sprintf("%.2f", r.SE)
	if math.IsNaN(r.SE) {
		se = "NA"
	}
	return fmt.Sprintf("loglik %.2f ± %s (%d particles, %s, %.1f s, %.3g particle-days/s)",
		r.LogLik, se, r.Particles, plural(r.Filters, "filter"), r.Seconds, r.ParticleDays)
}

// plural is "1 filter", "2 filters".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// runLogLik is --loglik: loglik.json and one line.
func (j *fitJob) runLogLik(ctx context.Context, out *fit.Output) error {
	params := j.file.Params()
	res, err := j.pfilter(ctx, params)
	if err != nil {
		return err
	}
	fmt.Fprintln(j.stdout, logLikLine(res))
	if err := out.LogLik(res, j.file.Seed, params); err != nil {
		return err
	}
	if err := j.writeForecast(out, res, "the file's parameters"); err != nil {
		return err
	}
	return j.writeRunFile(ctx, out, params)
}

// runPFilter is method pfilter: the likelihood with the filter's
// diagnostics, and simulations at the same parameters.
func (j *fitJob) runPFilter(ctx context.Context, out *fit.Output) error {
	params := j.file.Params()
	res, err := j.pfilter(ctx, params)
	if err != nil {
		return err
	}
	fmt.Fprintln(j.stdout, logLikLine(res))
	if err := out.LogLik(res, j.file.Seed, params); err != nil {
		return err
	}
	if err := out.Filter(res); err != nil {
		return err
	}
	if err := j.writeForecast(out, res, "the file's parameters"); err != nil {
		return err
	}
	if err := j.writeRunFile(ctx, out, params); err != nil {
		return err
	}
	return j.simulate(ctx, out, params, "the file's parameters")
}

// simulate writes simulated.csv and fit.png: the file's particles as
// trajectories at params.
func (j *fitJob) simulate(ctx context.Context, out *fit.Output, params map[string]float64, where string) error {
	n := j.file.Particles
	j.say("simulating %d trajectories at %s", n, where)
	sim, err := fit.Simulate(ctx, j.file.Spec, j.file.Obs, n, j.file.Seed, params)
	if err != nil {
		return err
	}
	if err := out.Simulated(sim); err != nil {
		return err
	}
	if err := j.seasonalProfile(out, sim); err != nil {
		return err
	}
	if j.flags.noPlot {
		return nil
	}
	title := fmt.Sprintf("Reports and %d simulations at %s (%s measurement)", n, where, j.file.Spec.Measurement.Name())
	return j.picture(out, fitBandsPNG, func(path string) error { return plot.FitBands(path, sim, title, plot.Options{}) })
}

// picture draws one picture into the output folder and records it.
func (j *fitJob) picture(out *fit.Output, name string, draw func(path string) error) error {
	path := filepath.Join(out.Dir, name)
	if err := draw(path); err != nil {
		return fmt.Errorf("drawing %s: %w", name, err)
	}
	out.Written = append(out.Written, path)
	return nil
}

// estimateNames are the shared and the per-town estimates' names, each in
// file order.
func (j *fitJob) estimateNames() (shared, perTown []string) {
	for _, e := range j.file.Estimates {
		if e.PerTown {
			perTown = append(perTown, e.Name)
		} else {
			shared = append(shared, e.Name)
		}
	}
	return shared, perTown
}

// runIF2 is methods if2 and ibpf: the search, its evaluation at the
// estimate and simulations there.
func (j *fitJob) runIF2(ctx context.Context, out *fit.Output) error {
	f := j.file
	opts := f.IF2Options(j.flags.workers)
	names, townNames := j.estimateNames()
	method, search := "if2", fit.IF2
	if f.Method == fit.MethodIBPF {
		method, search = "ibpf", fit.IBPF
	}
	opts.Progress = func(it fit.IF2Iteration) {
		j.say("%s: iteration %d/%d: loglik %.2f%s", method, it.Iteration, opts.Iterations, it.LogLik, formatParams(it.Params, names))
	}
	opts.Checkpoint = func(c *fit.IF2Checkpoint) error { return j.saveCheckpoint(&fitCheckpoint{Key: j.key, IF2: c}) }
	if j.resumed != nil && j.resumed.IF2 != nil {
		opts.Resume = j.resumed.IF2
		j.say("%s: resuming after iteration %d (%s)", method, len(opts.Resume.Trace), j.checkpointPath())
	}
	j.say("%s: %d iterations × %d particles, cooling %g, %s", method, opts.Iterations, opts.Particles, opts.Cooling, j.describe())
	res, err := search(ctx, f.Spec, f.Obs, opts)
	if err != nil {
		return err
	}
	sel, err := j.selectIF2(ctx, res)
	if err != nil {
		return err
	}
	chosen := sel.Chosen()
	fmt.Fprintf(j.stdout, "%s: %d iterations in %.1f s; at the estimate %s\n", method, len(res.Trace), res.Seconds, logLikLine(chosen.Eval))
	fmt.Fprintf(j.stdout, "estimate:%s\n", formatParams(chosen.Params, names))
	fmt.Fprintf(j.stdout, "%s: the estimate is iteration %d's means: %s\n", method, chosen.Iteration, sel.Rule())
	conv := fit.TraceConvergence(res.Trace, names)
	fmt.Fprintf(j.stdout, "%s: trace %s\n", method, conv.Describe())
	if !conv.Settled {
		fmt.Fprintf(j.stderr, "%s: warning: the %s trace has %s; more iterations may move the estimate (docs/fit.md)\n", j.name, strings.ToUpper(method), conv.Describe())
	}
	if err := out.Trace(res, names); err != nil {
		return err
	}
	if len(townNames) > 0 {
		if err := out.TownTrace(res, townNames, f.Obs.Places); err != nil {
			return err
		}
	}
	if err := out.MLE(res, sel, conv, f.Seed); err != nil {
		return err
	}
	if err := j.writeForecast(out, chosen.Eval, "the "+strings.ToUpper(method)+" estimate"); err != nil {
		return err
	}
	if err := j.writeRunFile(ctx, out, chosen.Params); err != nil {
		return err
	}
	if !j.flags.noPlot && len(names) > 0 {
		title := fmt.Sprintf("%s: %d iterations of %d particles, cooling %g (trace.csv; the log-likelihood of the perturbed filter)",
			strings.ToUpper(method), len(res.Trace), opts.Particles, opts.Cooling)
		if err := j.picture(out, fitTracePNG, func(path string) error {
			return plot.FitTrace(path, res, names, title, plot.Options{})
		}); err != nil {
			return err
		}
	}
	return j.simulate(ctx, out, chosen.Params, "the "+strings.ToUpper(method)+" estimate")
}

// formatParams formats the named parameters as " a = 1, b = 2".
func formatParams(m map[string]float64, names []string) string {
	var b strings.Builder
	for i, n := range names {
		if x, ok := m[n]; ok {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s = %.4g", n, x)
		}
	}
	return b.String()
}

// profilePoints runs the profile's points indices one by one, reporting
// each.
func (j *fitJob) profilePoints(ctx context.Context, indices []int) ([]fit.ProfilePoint, error) {
	opts := j.file.ProfileOptions(j.flags.workers)
	search := "IF2"
	if len(j.file.Obs.Places) > 1 {
		search = "IBPF" // with one place IBPF is IF2
	}
	j.say("profile of %s: %d of %d points (%d values × %d starts), each %s of %d iterations × %d particles, %s",
		opts.Parameter, len(indices), len(opts.Values)*opts.Starts, len(opts.Values), opts.Starts, search, opts.IF2.Iterations,
		opts.IF2.Particles, j.describe())
	done := map[int]fit.ProfilePoint{}
	if j.resumed != nil {
		for _, p := range j.resumed.Points {
			done[p.Index] = p
		}
		j.say("profile: resuming with %d points done (%s)", len(done), j.checkpointPath())
	}
	var points []fit.ProfilePoint
	for n, i := range indices {
		p, ok := done[i]
		if !ok {
			pts, err := fit.ProfilePoints(ctx, j.file.Spec, j.file.Obs, opts, []int{i})
			if err != nil {
				return nil, err
			}
			p = pts[0]
		}
		j.say("profile point %d/%d: %s = %.4g, start %d: loglik %.2f ± %.2f", n+1, len(indices), opts.Parameter, p.Value, p.Start, p.LogLik, p.SE)
		points = append(points, p)
		if !ok {
			if err := j.saveCheckpoint(&fitCheckpoint{Key: j.key, Points: points}); err != nil {
				return nil, err
			}
		}
	}
	return points, nil
}

// runProfile is method profile: every point, the MCAP interval and the
// picture.
func (j *fitJob) runProfile(ctx context.Context, out *fit.Output) error {
	f := j.file
	points, err := j.profilePoints(ctx, f.ProfileIndices(0, 1))
	if err != nil {
		return err
	}
	return writeProfile(out, f.Profile.Parameter, points, f.Profile.Level, j.flags.noPlot, j.name, j.stdout, j.stderr)
}

// writeProfile summarises the points (MCAP) and writes profile.csv,
// mcap.json and profile.png (unless noPlot); an MCAP that fails (too few
// values) is a warning and leaves mcap.json out.
func writeProfile(out *fit.Output, parameter string, points []fit.ProfilePoint, level float64, noPlot bool, name string, stdout, stderr io.Writer) error {
	res, mcapErr := fit.SummarizeProfile(parameter, points, level)
	if err := out.Profile(fit.ProfileFile, parameter, points); err != nil {
		return err
	}
	if res.MCAP != nil {
		m := res.MCAP
		fmt.Fprintf(stdout, "profile of %s: %d values, %d searches; MLE %.4g, %g %% CI [%.4g, %.4g] (MCAP: delta %.3g, se %.3g of which Monte Carlo %.3g)\n",
			parameter, len(res.Best), len(points), m.MLE, 100*m.Level, m.Lower, m.Upper, m.Delta, m.SE, m.SEMC)
		if err := out.MCAP(parameter, len(res.Best), m); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stderr, "%s: warning: no MCAP interval (%s omitted): %v\n", name, fit.MCAPFile, mcapErr)
		fmt.Fprintf(stdout, "profile of %s: %d values, %d searches\n", parameter, len(res.Best), len(points))
	}
	if noPlot {
		return nil
	}
	path := filepath.Join(out.Dir, fitProfilePNG)
	if err := plot.FitProfile(path, res, plot.Options{}); err != nil {
		return fmt.Errorf("drawing %s: %w", fitProfilePNG, err)
	}
	out.Written = append(out.Written, path)
	return nil
}

// runShard runs one shard's profile points into DIR/fit.
func (j *fitJob) runShard(ctx context.Context) error {
	f := j.file
	indices := f.ProfileIndices(j.shard.I, j.shard.N)
	points, err := j.profilePoints(ctx, indices)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(j.dir(), 0o755); err != nil {
		return err
	}
	out := &fit.Output{Dir: j.dir()}
	name := fit.ProfileShardFile(j.shard.I, j.shard.N)
	grid := fit.ProfileGrid(f.Profile.Parameter, f.Profile.Values, f.Profile.Starts)
	if err := out.ProfileShard(name, f.Profile.Parameter, grid, points); err != nil {
		return err
	}
	fmt.Fprintf(j.stdout, "shard %s: %d profile points written to %s (join the shards with `rubeola fit merge --out DIR SHARD_DIR…`)\n",
		j.shard, len(points), filepath.Join(j.dir(), name))
	return nil
}
