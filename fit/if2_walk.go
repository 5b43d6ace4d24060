package fit

import (
	"fmt"
	"math/rand/v2"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// walker holds IF2's per-particle parameters on the estimation scale and
// perturbs them block by block ([phases.Blocker]). It owns the values:
// they carry from one iteration's model to the next, and it permutes them
// itself at every resampling (initial-value parameters are read once, so
// no component moves them with their particles).
type walker struct {
	plan   *if2Plan
	n      int         // particles
	theta  [][]float64 // [estimate][particle], estimation scale
	live   [][]float64 // [estimate]: the model's live slice
	lo, hi []float64   // estimation-scale bounds
	kind   []transformKind
	sd     []float64 // the current step's sd per estimate (0: no step)
	rnd    []*rand.Rand
	blocks int
	ps     *particles
	tmp    []float64
}

// newWalker puts every particle at the plan's start.
func newWalker(plan *if2Plan, n int) *walker {
	w := &walker{plan: plan, n: n, tmp: make([]float64, n), blocks: (n + rng.BlockSize - 1) / rng.BlockSize}
	for e, est := range plan.est {
		th := make([]float64, n)
		y := est.ToEstimation(plan.start[e])
		for i := range th {
			th[i] = y
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

// means returns each estimate's particle mean on the estimation scale,
// transformed back.
func (w *walker) means() map[string]float64 {
	out := make(map[string]float64, len(w.plan.est))
	for e, est := range w.plan.est {
		s := 0.0
		for _, y := range w.theta[e] {
			s += y
		}
		out[est.Name] = est.FromEstimation(s / float64(w.n))
	}
	return out
}
