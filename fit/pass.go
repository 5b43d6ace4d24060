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

// blockScratch holds one block's weights and ancestors at a report.
type blockScratch struct {
	logw, weights []float64
	anc           []int32
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
	sc := &blockScratch{logw: make([]float64, ps.j), weights: make([]float64, ps.j), anc: make([]int32, ps.j)}
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
		for b, towns := range ps.blocks {
			out.cond[b][k], out.ess[b][k] = ps.weighBlock(b, towns, obs, k, w.logw, sc, out.means)
			out.loglik += out.cond[b][k]
		}
		ps.resample()
		ps.counter.ResetCases()
	}
	return out, nil
}

// weighBlock sums the log weights of the places of block b at report k,
// returns the block's conditional log-likelihood log(mean weight) and
// effective sample size, records its places' filtering means (when
// means is not nil) and sets their ancestors: one systematic draw for the
// block, every place of the block taking the same ancestor particle. A
// block whose places all miss report k is not resampled.
func (ps *particles) weighBlock(b int, towns []int, obs *Observations, k int, logw []float64, sc *blockScratch, means [][][]float64) (cond, essB float64) {
	j := ps.j
	observed := false
	clear(sc.logw)
	for _, p := range towns {
		if obs.Counts[p][k] == Missing {
			continue
		}
		observed = true
		for i, v := range logw[p*j : p*j+j] {
			sc.logw[i] += v
		}
	}
	if !observed {
		for _, p := range towns {
			for i := range j {
				ps.anc[p*j+i] = int32(p*j + i)
			}
			if means != nil {
				means[p][k] = ps.mean(p*j, nil)
			}
		}
		return 0, float64(j)
	}
	mx := math.Inf(-1)
	for _, v := range sc.logw {
		mx = max(mx, v)
	}
	if math.IsInf(mx, -1) {
		// Every particle is impossible: the report has likelihood 0.
		cond = mx
		for i := range sc.weights {
			sc.weights[i] = 1
		}
	} else {
		sum := 0.0
		for i, v := range sc.logw {
			sc.weights[i] = math.Exp(v - mx)
			sum += sc.weights[i]
		}
		cond = mx + math.Log(sum/float64(j))
	}
	for _, p := range towns {
		if means != nil {
			means[p][k] = ps.mean(p*j, sc.weights)
		}
	}
	systematic(ps.resrc[b], sc.weights, sc.anc, 0)
	for _, p := range towns {
		base := int32(p * j)
		for i, a := range sc.anc {
			ps.anc[p*j+i] = base + a
		}
	}
	return cond, ess(sc.weights)
}

// ess returns (Σw)²/Σw².
func ess(w []float64) float64 {
	s, s2 := 0.0, 0.0
	for _, v := range w {
		s += v
		s2 += v * v
	}
	return s * s / s2
}

// mean returns the weighted means (nil weights: equal) of every state and
// of the accumulated cases over the particles lo … lo+J−1.
func (ps *particles) mean(lo int, weights []float64) []float64 {
	out := make([]float64, len(ps.states)+1)
	cases := ps.counter.Cases()
	total := 0.0
	for i := range ps.j {
		wt := 1.0
		if weights != nil {
			wt = weights[i]
		}
		total += wt
		for s, col := range ps.states {
			out[s] += wt * float64(col[lo+i])
		}
		out[len(ps.states)] += wt * float64(cases[lo+i])
	}
	for s := range out {
		out[s] /= total
	}
	return out
}

// systematic draws systematic-resampling ancestors (Kitagawa 1996;
// Douc, Cappé & Moulines 2005) from weights into anc, offset by base: one
// uniform U, then particle i takes the index where the cumulative
// normalised weight first reaches (i + U)/J.
func systematic(src interface{ Uint64() uint64 }, weights []float64, anc []int32, base int32) {
	j := len(weights)
	total := 0.0
	for _, v := range weights {
		total += v
	}
	u := float64(src.Uint64()>>11) * 0x1p-53
	step := total / float64(j)
	target := u * step
	cum := weights[0]
	k := 0
	for i := range j {
		for target > cum && k < j-1 {
			k++
			cum += weights[k]
		}
		anc[i] = base + int32(k)
		target += step
	}
}
