package fit

import (
	"context"
	"math"

	"github.com/rubeola/rubeola/rng"
)

// pass is the result of one filter pass over the observations.
type pass struct {
	loglik float64       // Σ over blocks and reports of the conditional log-likelihoods
	cond   [][]float64   // [block][k]
	ess    [][]float64   // [block][k]
	means  [][][]float64 // [place][k][state…, C]; nil unless kept
}

// hooks let iterated filtering act on the particles during a pass.
type hooks struct {
	// beforeObs runs before the model steps to report k.
	beforeObs func(k int)
}

// weigher computes the particles' log weights for report k, block by block
// on the model's workers ([phases.Blocker]).
type weigher struct {
	ps    *particles
	obs   *Observations
	k     int
	logw  []float64
	cases []int64
}

// Block weighs the particles of block b. A particle whose report, count,
// ρ and ψ equal the previous particle's takes its log density (a pure
// function of them: [Measurement]s are stateless): a town's particles
// share the report and, at fixed parameters, ρ and ψ, and a small town's
// often count no case.
func (w *weigher) Block(b int) {
	lo := b * rng.BlockSize
	hi := min(lo+rng.BlockSize, len(w.logw))
	var last densityArgs
	var lastD float64
	fresh := true // no density computed yet
	for i := lo; i < hi; i++ {
		y := w.obs.Counts[i/w.ps.j][w.k]
		if y == Missing {
			w.logw[i] = 0
			continue
		}
		a := densityArgs{y, w.cases[i], math.Float64bits(w.ps.rho[i]), math.Float64bits(w.ps.psi[i])}
		if fresh || a != last {
			lastD, last, fresh = w.ps.meas.LogDensity(y, w.cases[i], w.ps.rho[i], w.ps.psi[i]), a, false
		}
		w.logw[i] = lastD
	}
}

// densityArgs are the arguments of one particle's log density, ρ and ψ
// by their bits.
type densityArgs struct {
	y, c     int64
	rho, psi uint64
}

// run filters the particles (initialised) through every report: the block
// particle filter (Rebeschini & van Handel 2015) over ps.blocks, which is
// the bootstrap filter of each place when every block is one place.
func (ps *particles) run(ctx context.Context, obs *Observations, h hooks, keepMeans bool) (*pass, error) {
	np, nb := len(obs.Places), len(ps.blocks)
	out := &pass{cond: make([][]float64, nb), ess: make([][]float64, nb)}
	for b := range nb {
		out.cond[b] = make([]float64, len(obs.Dates))
		out.ess[b] = make([]float64, len(obs.Dates))
	}
	if keepMeans {
		out.means = make([][][]float64, np)
		for p := range np {
			out.means[p] = make([][]float64, len(obs.Dates))
		}
	}
	n := ps.j * np
	w := &weigher{ps: ps, obs: obs, logw: make([]float64, n)}
	res := newBlockResampler(ps, obs, w.logw, ps.m.ForBlocks, out.means)
	start := obs.Start()
	nblocks := (n + rng.BlockSize - 1) / rng.BlockSize
	for k, date := range obs.Dates {
		if h.beforeObs != nil {
			h.beforeObs(k)
		}
		if err := ps.advance(ctx, dayIndex(start, date)); err != nil {
			return nil, err
		}
		w.k, w.cases = k, ps.counter.Cases()
		ps.m.ForBlocks(nblocks, w)
		out.loglik += res.report(k, out.cond, out.ess)
		ps.resample()
		ps.counter.ResetCases()
	}
	return out, nil
}
