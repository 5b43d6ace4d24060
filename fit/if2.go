package fit

import (
	"context"
	"fmt"
	"maps"
	"math"
	"time"
)

// IF2Options configure [IF2].
type IF2Options struct {
	// Particles is J (default 1000) and Iterations M (default 50).
	Particles, Iterations int
	// Cooling is pomp's cooling.fraction.50 (default 0.5): the random
	// walks' sd shrinks geometrically to this fraction over 50 iterations
	// (see [IF2]).
	Cooling float64
	// Seed seeds iteration m with Seed + m (its model's streams, its
	// resampling streams and its random walks); results do not depend on
	// Workers (goroutines per filter, 0: GOMAXPROCS).
	Seed    uint64
	Workers int
	// Estimates are the parameters estimated, with their walks (IBPF:
	// shared or per town, [Estimate.PerTown]).
	Estimates []Estimate
	// Start gives starting values by parameter name, or by [TownKey] for
	// one town's ("S_0[London]", which wins over "S_0"). An estimate
	// missing from it starts at the model's value in each town; a name
	// that is not estimated is set for every particle (of its town), like
	// Fixed.
	Start map[string]float64
	// SpatRegression is IBPF's spatial regression of the shared
	// estimates' town copies (spatPomp's spat_regression, in [0, 1]; see
	// [IBPF]). It does nothing with one town.
	SpatRegression float64
	// Fixed holds parameters at a value for every particle (a profile's
	// focal parameter); it wins over Start and may not be estimated.
	Fixed map[string]float64
	// Progress, when set, is called after every iteration.
	Progress func(IF2Iteration)
	// Checkpoint, when set, is called after every iteration with the
	// search's state; an error stops the search.
	Checkpoint func(*IF2Checkpoint) error
	// Resume, when set, goes on from a checkpoint of the same search
	// (spec, observations and options but Iterations, which may be
	// larger): the result is the uninterrupted search's.
	Resume *IF2Checkpoint
}

// IF2Iteration is one iteration's outcome.
type IF2Iteration struct {
	// Iteration is m, from 1.
	Iteration int
	// LogLik is the log-likelihood of the iteration's perturbed filter
	// (pomp's mif log-likelihood: not the model's, evaluate that with
	// [PFilter]).
	LogLik float64
	// Params are the estimates after the iteration: the mean of the
	// particles (after the last resampling) on the estimation scale,
	// transformed back (pomp's coef); IBPF: per-town estimates by
	// [TownKey], shared ones the mean over the towns of their copies'
	// means.
	Params map[string]float64
}

// IF2Result is the outcome of [IF2].
type IF2Result struct {
	// Trace has one entry per iteration.
	Trace []IF2Iteration
	// MLE is the last iteration's Params with the held parameters (Fixed
	// and the non-estimated Start values): a complete [PFilterOptions.Set]
	// (per-town values by [TownKey]).
	MLE map[string]float64
	// Seconds is the wall time.
	Seconds float64
}

// IF2 maximises the likelihood of spec over the estimates by iterated
// filtering (Ionides, Nguyen, Atchadé, Stoev & King 2015, PNAS 112:719),
// as pomp's mif2 with rw.sd and cooling.type = "geometric".
//
// Every particle carries its own parameters. Iteration m filters with a
// fresh model whose particles start from the previous iteration's
// (iteration 1: all at Start); on the estimation scale each IVP estimate
// takes one N(0, (RWSD·c)²) step before the model is initialised and every
// other estimate one before each report n = 1 … N, with pomp's documented
// geometric cooling c = Cooling^((n − 1 + (m − 1)·N)/(50·N)); steps are
// reflected at the bounds. Resampling moves the parameters with their
// particles, so the swarm drifts to parameters that explain the reports.
// The walks draw from per-block streams ("fit.if2"), so results do not
// depend on Workers.
//
// IF2 fits one place: the observations must have exactly one ([IBPF]
// fits several together).
func IF2(ctx context.Context, spec *Spec, obs *Observations, opts IF2Options) (*IF2Result, error) {
	return search(ctx, spec, obs, opts, false)
}

// IBPF maximises the likelihood of spec over shared and per-town
// estimates of several towns by the iterated block particle filter
// (Ionides, Ning & Wheeler 2022, Statistica Sinica; spatPomp's ibpf).
// Every particle carries a copy of every estimate for each town (its
// patch in that town), perturbed by IF2's random walk and resampled with
// its town's block (the filter's ancestors: today every town is a block
// of its own). Before each report's perturbation the shared estimates'
// copies are regressed toward the mean over the towns: a copy in town u
// moves by SpatRegression·(m̄ − m_u), m_u the swarm mean of town u's
// copies and m̄ the mean of those. A per-town estimate is its town's
// swarm mean; a shared one the mean over the towns of its copies' swarm
// means (both transformed back). With one town it is [IF2] exactly.
func IBPF(ctx context.Context, spec *Spec, obs *Observations, opts IF2Options) (*IF2Result, error) {
	return search(ctx, spec, obs, opts, true)
}

// search is IF2 (one place) and IBPF (several allowed).
func search(ctx context.Context, spec *Spec, obs *Observations, opts IF2Options, several bool) (*IF2Result, error) {
	begin := time.Now()
	plan, err := planIF2(spec, obs, &opts, several)
	if err != nil {
		return nil, err
	}
	n := len(obs.Dates)
	w := newWalker(plan, opts.Particles)
	res := &IF2Result{}
	if opts.Resume != nil {
		if err := opts.Resume.check(plan.est, w.n, opts.Iterations); err != nil {
			return nil, err
		}
		res.Trace = w.restore(opts.Resume)
	}
	for m := len(res.Trace) + 1; m <= opts.Iterations; m++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cool := func(k int) float64 { return geometricCooling(opts.Cooling, m, k, n) }
		loglik, err := w.iterate(ctx, spec, obs, opts, opts.Seed+uint64(m), cool)
		if err != nil {
			return nil, fmt.Errorf("fit: IF2 iteration %d: %w", m, err)
		}
		it := IF2Iteration{Iteration: m, LogLik: loglik, Params: w.means()}
		res.Trace = append(res.Trace, it)
		if opts.Progress != nil {
			opts.Progress(it)
		}
		if opts.Checkpoint != nil {
			if err := opts.Checkpoint(w.checkpoint(res.Trace)); err != nil {
				return nil, err
			}
		}
	}
	res.MLE = maps.Clone(res.Trace[len(res.Trace)-1].Params)
	maps.Copy(res.MLE, plan.held)
	res.Seconds = time.Since(begin).Seconds()
	return res, nil
}

// iterate runs one IF2 iteration with a fresh model seeded with seed and
// the cooling factor cool(k) before report k (0-based); it returns the
// perturbed filter's log-likelihood.
func (w *walker) iterate(ctx context.Context, spec *Spec, obs *Observations, opts IF2Options, seed uint64, cool func(k int) float64) (float64, error) {
	ps, err := newParticles(spec, obs, opts.Particles, seed, opts.Workers)
	if err != nil {
		return 0, err
	}
	if err := ps.set(w.plan.held); err != nil {
		return 0, err
	}
	if err := w.attach(ps, seed); err != nil {
		return 0, err
	}
	w.regress()
	w.perturb(true, cool(0))
	if err := ps.initialize(); err != nil {
		return 0, err
	}
	h := hooks{beforeObs: func(k int) {
		if k > 0 {
			w.permute(ps.anc) // report k − 1's resampling
			w.regress()
		}
		w.perturb(false, cool(k))
	}}
	out, err := ps.run(ctx, obs, h, false)
	if err != nil {
		return 0, err
	}
	w.permute(ps.anc) // the last report's resampling
	if err := w.check(); err != nil {
		return 0, err
	}
	return out.loglik, nil
}

// geometricCooling is pomp's documented geometric cooling factor before
// report k (0-based, n = k + 1 in pomp's notation) of iteration m (from 1)
// with N reports: fraction^((k + (m − 1)·N)/(50·N)), so 50 iterations
// shrink the walks to fraction. (pomp's code uses k + 1 for k, one
// report's worth of cooling more: a factor fraction^(1/(50·N)).)
func geometricCooling(fraction float64, m, k, n int) float64 {
	return math.Pow(fraction, float64(k+(m-1)*n)/float64(50*n))
}
