package fit

import (
	"math"

	"github.com/rubeola/rubeola/phases"
)

// resampleChunk is the number of a block's particles one work item of
// [blockResampler] covers. It is fixed, not derived from the worker count,
// so that a filter's draws do not depend on how many workers ran it.
const resampleChunk = 512

// blockResampler weighs and resamples the blocks of a filter at a report
// on the model's workers (the block particle filter of Rebeschini & van
// Handel 2015; with one block of every place the bootstrap filter). Each
// block's J particles are cut into chunks of [resampleChunk]; a work item
// is one chunk of one block, and a report runs three passes over the
// items with a few sums per block between them:
//
//  1. a particle's block log weight is the sum of its places' (places
//     whose report is missing add nothing); the chunk's maximum;
//  2. weight w = exp(log weight − the block's maximum); the chunk's Σw
//     and Σw²;
//  3. systematic resampling (Kitagawa 1996): one uniform U per block,
//     step = Σw/J, and particle i takes the first particle whose
//     cumulative weight reaches (U + i)·step. The chunk whose cumulative
//     weights span a target finds its ancestor, so the chunks work apart:
//     chunk c owns the targets in (O_c, O_c+1], O_c being the weight of
//     the chunks before it, summed in chunk order. Every place of the
//     block takes the same ancestor particle. The weighted means of the
//     places' states are summed by chunk too.
//
// A block whose places all miss the report keeps its particles (its
// conditional log-likelihood is 0) and draws no uniform. A block whose
// particles are all impossible (every log weight −Inf) has conditional
// log-likelihood −Inf and resamples with equal weights.
type blockResampler struct {
	ps  *particles
	obs *Observations
	// forBlocks runs a pass's items (the model's workers in a filter).
	forBlocks func(n int, w phases.Blocker)
	nc        int         // chunks per block
	logw      []float64   // the particles' log weights ([weigher])
	lw, w     []float64   // [b·J + i]: block b's log weights and weights
	cmax      []float64   // per item b·nc + c: the chunk's largest log weight
	csum, csq []float64   // per item: Σw and Σw² over the chunk
	off       []float64   // per item: the block's Σw over the chunks before
	blk       []blockDraw // per block
	means     [][][]float64
	mpart     []float64 // [(p·nc + c)·(states + 1) + s]: a chunk's Σ w·state
	k         int       // the report
	pass      int       // 1, 2 or 3
}

// blockDraw is one block's sums and systematic draw at a report.
type blockDraw struct {
	observed    bool
	max         float64 // the largest log weight
	total       float64 // Σw over the chunks, in chunk order
	u, step     float64 // the systematic draw: targets (u + i)·step
	first, last int     // the first and last chunk with weight (−1: none)
}

// newBlockResampler sizes the resampler of ps for the log weights logw;
// means, when not nil, receives the weighted means of every place
// (means[p][k], states then cases).
func newBlockResampler(ps *particles, obs *Observations, logw []float64, forBlocks func(int, phases.Blocker), means [][][]float64) *blockResampler {
	nb, j := len(ps.blocks), ps.j
	nc := (j + resampleChunk - 1) / resampleChunk
	r := &blockResampler{ps: ps, obs: obs, forBlocks: forBlocks, nc: nc, logw: logw,
		lw: make([]float64, nb*j), w: make([]float64, nb*j),
		cmax: make([]float64, nb*nc), csum: make([]float64, nb*nc), csq: make([]float64, nb*nc),
		off: make([]float64, nb*nc), blk: make([]blockDraw, nb), means: means}
	if means != nil {
		r.mpart = make([]float64, len(obs.Places)*nc*(len(ps.states)+1))
	}
	return r
}

// report weighs and resamples every block at report k: it sets ps.anc
// and returns each block's conditional log-likelihood and effective
// sample size in cond[b][k] and ess[b][k], and their sum over the blocks.
func (r *blockResampler) report(k int, cond, ess [][]float64) float64 {
	r.k = k
	for b, towns := range r.ps.blocks {
		r.blk[b] = blockDraw{first: -1, last: -1}
		for _, p := range towns {
			if r.obs.Counts[p][k] != Missing {
				r.blk[b].observed = true
				break
			}
		}
	}
	n := len(r.blk) * r.nc
	r.pass = 1
	r.forBlocks(n, r)
	for b := range r.blk {
		r.blk[b].max = math.Inf(-1)
		for _, v := range r.cmax[b*r.nc : (b+1)*r.nc] {
			r.blk[b].max = max(r.blk[b].max, v)
		}
	}
	r.pass = 2
	r.forBlocks(n, r)
	loglik := 0.0
	for b := range r.blk {
		cond[b][k], ess[b][k] = r.sums(b)
		loglik += cond[b][k]
	}
	r.pass = 3
	r.forBlocks(n, r)
	if r.means != nil {
		r.collectMeans()
	}
	return loglik
}

// sums forms block b's total weight, chunk offsets and first and last
// chunks with weight, draws its uniform when it is observed, and returns
// its conditional log-likelihood and effective sample size.
func (r *blockResampler) sums(b int) (cond, essB float64) {
	d, j := &r.blk[b], float64(r.ps.j)
	total, sq := 0.0, 0.0
	for c := range r.nc {
		it := b*r.nc + c
		r.off[it] = total
		total += r.csum[it]
		sq += r.csq[it]
		if r.csum[it] > 0 {
			if d.first < 0 {
				d.first = c
			}
			d.last = c
		}
	}
	d.total = total
	if !d.observed {
		return 0, j
	}
	d.u = float64(r.ps.resrc[b].Uint64()>>11) * 0x1p-53
	d.step = total / j
	cond = d.max
	if !math.IsInf(d.max, -1) {
		cond = d.max + math.Log(total/j)
	}
	return cond, total * total / sq
}

// Block runs the current pass on item it (chunk it % nc of block it / nc).
func (r *blockResampler) Block(it int) {
	b, c := it/r.nc, it%r.nc
	lo := c * resampleChunk
	hi := min(lo+resampleChunk, r.ps.j)
	switch r.pass {
	case 1:
		r.sumChunk(b, it, lo, hi)
	case 2:
		r.weighChunk(b, it, lo, hi)
	default:
		r.ancestors(b, c, lo, hi)
		if r.means != nil {
			r.meanChunk(b, c, lo, hi)
		}
	}
}

// sumChunk sums the log weights of block b's observed places over
// particles lo … hi−1 and records their maximum.
func (r *blockResampler) sumChunk(b, it, lo, hi int) {
	if !r.blk[b].observed {
		return
	}
	j := r.ps.j
	lw := r.lw[b*j+lo : b*j+hi]
	started := false
	for _, p := range r.ps.blocks[b] {
		if r.obs.Counts[p][r.k] == Missing {
			continue
		}
		src := r.logw[p*j+lo : p*j+hi]
		if !started {
			copy(lw, src)
			started = true
			continue
		}
		for i, v := range src {
			lw[i] += v
		}
	}
	mx := math.Inf(-1)
	for _, v := range lw {
		mx = max(mx, v)
	}
	r.cmax[it] = mx
}

// weighChunk sets the weights of block b's particles lo … hi−1 (equal
// weights when the block is unobserved or every particle impossible)
// and their sums.
func (r *blockResampler) weighChunk(b, it, lo, hi int) {
	j := r.ps.j
	w := r.w[b*j+lo : b*j+hi]
	d := &r.blk[b]
	if !d.observed || math.IsInf(d.max, -1) {
		for i := range w {
			w[i] = 1
		}
		r.csum[it], r.csq[it] = float64(len(w)), float64(len(w))
		return
	}
	s, s2 := 0.0, 0.0
	for i, v := range r.lw[b*j+lo : b*j+hi] {
		x := math.Exp(v - d.max)
		w[i] = x
		s += x
		s2 += x * x
	}
	r.csum[it], r.csq[it] = s, s2
}

// ancestors sets the ancestors of the targets chunk c of block b owns
// (every particle of an unobserved block is its own ancestor, as is every
// particle of a block without weight, whose log-likelihood is then NaN).
func (r *blockResampler) ancestors(b, c, lo, hi int) {
	j := r.ps.j
	towns := r.ps.blocks[b]
	anc := r.ps.anc
	if !r.blk[b].observed || r.blk[b].first < 0 { // unobserved, or no weight (NaN log weights): kept
		for _, p := range towns {
			for i := lo; i < hi; i++ {
				anc[p*j+i] = int32(p*j + i)
			}
		}
		return
	}
	iLo, iHi := r.owned(b, c)
	if iLo >= iHi {
		return
	}
	d := &r.blk[b]
	w := r.w[b*j : b*j+j]
	k := lo
	cum := r.off[b*r.nc+c] + w[lo]
	for i := iLo; i < iHi; i++ {
		t := (d.u + float64(i)) * d.step
		for t > cum && k < hi-1 {
			k++
			cum += w[k]
		}
		a := k
		if w[a] == 0 { // a rounding edge: the nearest particle with weight
			a = positiveNear(w, k, lo, hi)
		}
		for _, p := range towns {
			anc[p*j+i] = int32(p*j + a)
		}
	}
}

// positiveNear returns the first index from k up to hi−1 whose weight is
// positive, or else the last one below k (from lo; the chunk has weight).
func positiveNear(w []float64, k, lo, hi int) int {
	for a := k; a < hi; a++ {
		if w[a] > 0 {
			return a
		}
	}
	for a := k - 1; a > lo; a-- {
		if w[a] > 0 {
			return a
		}
	}
	return lo
}

// owned returns the targets i ∈ [iLo, iHi) whose ancestors chunk c of
// block b holds: those with (u + i)·step in (O_c, O_c+1], from 0 for the
// first chunk with weight and to J for the last. Two neighbouring chunks
// compute their common bound from the same offset, so every target has
// exactly one chunk.
func (r *blockResampler) owned(b, c int) (iLo, iHi int) {
	d := &r.blk[b]
	it := b*r.nc + c
	if c < d.first || c > d.last || r.csum[it] == 0 {
		return 0, 0
	}
	iLo, iHi = 0, r.ps.j
	if c > d.first {
		iLo = r.above(d, r.off[it])
	}
	if c < d.last {
		iHi = r.above(d, r.off[it+1])
	}
	return iLo, iHi
}

// above returns the least i in [0, J] whose target (u + i)·step exceeds
// o (J when none does).
func (r *blockResampler) above(d *blockDraw, o float64) int {
	j := r.ps.j
	target := func(i int) float64 { return (d.u + float64(i)) * d.step }
	i := int(min(max(math.Ceil(o/d.step-d.u), 0), float64(j)))
	for i > 0 && target(i-1) > o {
		i--
	}
	for i < j && target(i) <= o {
		i++
	}
	return i
}

// meanChunk sums w·state and w·cases over particles lo … hi−1 of every
// place of block b.
func (r *blockResampler) meanChunk(b, c, lo, hi int) {
	j, ns := r.ps.j, len(r.ps.states)
	w := r.w[b*j+lo : b*j+hi]
	cases := r.ps.counter.Cases()
	for _, p := range r.ps.blocks[b] {
		part := r.mpart[(p*r.nc+c)*(ns+1) : (p*r.nc+c+1)*(ns+1)]
		for s, col := range r.ps.states {
			part[s] = weightedSum(w, col[p*j+lo:p*j+hi])
		}
		part[ns] = weightedSum(w, cases[p*j+lo:p*j+hi])
	}
}

// weightedSum returns Σ w[i]·x[i].
func weightedSum(w []float64, x []int64) float64 {
	s := 0.0
	for i, v := range x {
		s += w[i] * float64(v)
	}
	return s
}

// collectMeans sets means[p][k] from the chunks' sums: the weighted means
// of every state and of the accumulated cases.
func (r *blockResampler) collectMeans() {
	ns := len(r.ps.states)
	for b, towns := range r.ps.blocks {
		total := r.blk[b].total
		for _, p := range towns {
			out := make([]float64, ns+1)
			for c := range r.nc {
				for s, v := range r.mpart[(p*r.nc+c)*(ns+1) : (p*r.nc+c+1)*(ns+1)] {
					out[s] += v
				}
			}
			for s := range out {
				out[s] /= total
			}
			r.means[p][r.k] = out
		}
	}
}
