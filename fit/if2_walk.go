package fit

import (
	"fmt"
	"math/rand/v2"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// walker holds IF2's and IBPF's per-particle parameters on the estimation
// scale and perturbs them block by block ([phases.Blocker]). A particle of
// a town is a patch (patch p·J + i is town p's particle i), so a patch's
// value is the particle's copy for its town: per-town parameters and the
// town copies of shared ones alike. The walker owns the values: they carry
// from one iteration's model to the next, and it permutes them itself at
// every resampling (initial-value parameters are read once, so no
// component moves them with their particles).
type walker struct {
	plan   *if2Plan
	j      int         // particles per town
	n      int         // patches: particles × towns
	theta  [][]float64 // [estimate][patch], estimation scale
	live   [][]float64 // [estimate]: the model's live slice
	lo, hi []float64   // estimation-scale bounds
	kind   []transformKind
	sd     []float64 // the current step's sd per estimate (0: no step)
	rnd    []*rand.Rand
	blocks int
	ps     *particles
	tmp    []float64
}

// newWalker puts every particle of each town at the plan's start.
func newWalker(plan *if2Plan, j int) *walker {
	n := j * len(plan.places)
	w := &walker{plan: plan, j: j, n: n, tmp: make([]float64, n), blocks: (n + rng.BlockSize - 1) / rng.BlockSize}
	for e, est := range plan.est {
		th := make([]float64, n)
		for i := range th {
			th[i] = est.ToEstimation(plan.start[e][i/j])
		}
		w.theta = append(w.theta, th)
		lo, hi := est.estBounds()
		w.lo, w.hi = append(w.lo, lo), append(w.hi, hi)
		w.kind = append(w.kind, est.kind())
	}
	w.sd = make([]float64, len(plan.est))
	w.live = make([][]float64, len(plan.est))
	w.rnd = make([]*rand.Rand, w.blocks)
	return w
}

// attach binds the walker to a new iteration's model: its live slices get
// the particles' current values and its blocks new streams from seed.
func (w *walker) attach(ps *particles, seed uint64) error {
	w.ps = ps
	for e, est := range w.plan.est {
		v, err := ps.param(est.Name)
		if err != nil {
			return err
		}
		w.live[e] = v
		for i, y := range w.theta[e] {
			v[i] = est.FromEstimation(y)
		}
	}
	for b := range w.rnd {
		w.rnd[b] = rand.New(rng.NewSource(seed, "fit.if2", uint64(b)))
	}
	return nil
}

// perturb steps the IVP estimates (ivp) or the others with sd RWSD·cool
// and writes the new values into the live slices. It allocates nothing.
func (w *walker) perturb(ivp bool, cool float64) {
	for e, est := range w.plan.est {
		w.sd[e] = 0
		if est.IVP == ivp {
			w.sd[e] = est.RWSD * cool
		}
	}
	w.ps.m.ForBlocks(w.blocks, w)
}

// Block steps the particles of block b from block b's stream: estimate by
// estimate, particle by particle.
func (w *walker) Block(b int) {
	lo := b * rng.BlockSize
	hi := min(lo+rng.BlockSize, w.n)
	r := w.rnd[b]
	for e := range w.plan.est {
		sd := w.sd[e]
		if sd == 0 {
			continue
		}
		k, xlo, xhi := w.kind[e], w.plan.est[e].Lower, w.plan.est[e].Upper
		ylo, yhi := w.lo[e], w.hi[e]
		th, v := w.theta[e], w.live[e]
		for i := lo; i < hi; i++ {
			y := reflect(th[i]+sd*r.NormFloat64(), ylo, yhi)
			th[i] = y
			v[i] = fromEstimation(k, xlo, xhi, y)
		}
	}
}

// permute moves the values with their particles: particle i takes
// particle anc[i]'s.
func (w *walker) permute(anc []int32) {
	for _, th := range w.theta {
		systems.PermuteFloat64(th, w.tmp, anc)
	}
}

// check confirms that the model moved every regular estimate's live values
// with their particles as the walker did (a parameter the model only reads
// at initialisation must be marked IVP).
func (w *walker) check() error {
	for e, est := range w.plan.est {
		if est.IVP {
			continue
		}
		for i, y := range w.theta[e] {
			if w.live[e][i] != est.FromEstimation(y) {
				return fmt.Errorf("fit: parameter %q did not move with its particles when they were resampled (an initial value? mark it IVP)", est.Name)
			}
		}
	}
	return nil
}

// means returns the estimates (pomp's and spatPomp's coef): a per-town
// estimate's value in each town ([TownKey]) is the mean of its particles
// on the estimation scale, transformed back; a shared estimate's is the
// mean over the towns of those (spatPomp's mean_by_unit), which with one
// town is IF2's swarm mean.
func (w *walker) means() map[string]float64 {
	out := make(map[string]float64, len(w.plan.est))
	for e, est := range w.plan.est {
		total := 0.0
		for p, town := range w.plan.places {
			x := est.FromEstimation(w.townMean(e, p))
			if est.PerTown {
				out[TownKey(est.Name, town)] = x
			}
			total += x
		}
		if !est.PerTown {
			out[est.Name] = total / float64(len(w.plan.places))
		}
	}
	return out
}

// townMean is the mean of estimate e's particles in town p, estimation
// scale.
func (w *walker) townMean(e, p int) float64 {
	s := 0.0
	for _, y := range w.theta[e][p*w.j : (p+1)*w.j] {
		s += y
	}
	return s / float64(w.j)
}

// regress is IBPF's spatial regression of the shared estimates (spatPomp's
// ibpf, run before every report's perturbation): every particle's copy in
// town u moves by SpatRegression·(m̄ − m_u), where m_u is the mean of
// town u's copies (the swarm mean, not the particle's own copies) and m̄
// the mean of the m_u, all on the estimation scale; a copy leaving the
// bounds is reflected back. The spread within a town is kept; the towns'
// swarm means are pulled together. With one town it changes nothing.
func (w *walker) regress() {
	towns := len(w.plan.places)
	if towns < 2 || w.plan.regression == 0 {
		return
	}
	for e, est := range w.plan.est {
		if est.PerTown {
			continue
		}
		th, v := w.theta[e], w.live[e]
		unit := w.tmp[:towns]
		overall := 0.0
		for p := range unit {
			unit[p] = w.townMean(e, p)
			overall += unit[p]
		}
		overall /= float64(towns)
		k, xlo, xhi, ylo, yhi := w.kind[e], est.Lower, est.Upper, w.lo[e], w.hi[e]
		for i := range th {
			th[i] = reflect(th[i]+w.plan.regression*(overall-unit[i/w.j]), ylo, yhi)
			v[i] = fromEstimation(k, xlo, xhi, th[i])
		}
	}
}
