package fit

import (
	"context"
	"math"

	"github.com/rubeola/rubeola/rng"
)

// pass is the result of one filter pass over the observations.
type pass struct {
	loglik float64       // Σ over places and reports of the conditional log-likelihoods
	cond   [][]float64   // [place][k]
	ess    [][]float64   // [place][k]
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

// Block weighs the particles of block b.
func (w *weigher) Block(b int) {
	lo := b * rng.BlockSize
	hi := min(lo+rng.BlockSize, len(w.logw))
	for i := lo; i < hi; i++ {
		y := w.obs.Counts[i/w.ps.j][w.k]
		if y == Missing {
			w.logw[i] = 0
			continue
		}
		w.logw[i] = w.ps.meas.LogDensity(y, w.cases[i], w.ps.rho[i], w.ps.psi[i])
	}
}

// run filters the particles (initialised) through every report.
func (ps *particles) run(ctx context.Context, obs *Observations, h hooks, keepMeans bool) (*pass, error) {
	np := len(obs.Places)
	out := &pass{cond: make([][]float64, np), ess: make([][]float64, np)}
	for p := range np {
		out.cond[p] = make([]float64, len(obs.Dates))
		out.ess[p] = make([]float64, len(obs.Dates))
	}
	if keepMeans {
		out.means = make([][][]float64, np)
		for p := range np {
			out.means[p] = make([][]float64, len(obs.Dates))
		}
	}
	n := ps.j * np
	w := &weigher{ps: ps, obs: obs, logw: make([]float64, n)}
	weights := make([]float64, ps.j)
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
		for p := range np {
			lo := p * ps.j
			lw := w.logw[lo : lo+ps.j]
			if obs.Counts[p][k] == Missing {
				for i := range ps.j {
					ps.anc[lo+i] = int32(lo + i)
				}
				out.ess[p][k] = float64(ps.j)
				if keepMeans {
					out.means[p][k] = ps.mean(lo, nil)
				}
				continue
			}
			mx := math.Inf(-1)
			for _, v := range lw {
				mx = max(mx, v)
			}
			if math.IsInf(mx, -1) {
				// Every particle is impossible: the report has likelihood 0.
				out.cond[p][k] = mx
				for i := range weights {
					weights[i] = 1
				}
			} else {
				sum := 0.0
				for i, v := range lw {
					weights[i] = math.Exp(v - mx)
					sum += weights[i]
				}
				out.cond[p][k] = mx + math.Log(sum/float64(ps.j))
			}
			out.ess[p][k] = ess(weights)
			if keepMeans {
				out.means[p][k] = ps.mean(lo, weights)
			}
			systematic(ps.resrc[p], weights, ps.anc[lo:lo+ps.j], int32(lo))
		}
		ps.resample()
		ps.counter.ResetCases()
		for p := range np {
			out.loglik += out.cond[p][k]
		}
	}
	return out, nil
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
