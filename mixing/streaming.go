package mixing

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rubeola/rubeola/scenario"
)

// Streaming is the exact streaming [DistanceOperator] of a separable mixer
// (gravity or a [FromKernel] kernel): D_ij is computed on the fly from the
// coordinates (the SIMD haversine rows, then the decay), nothing of size N²
// is stored. Memory is O(N): the inputs, plus about 0.6 MB + 16·N bytes of
// scratch per worker. One application with every source active computes
// each of the N(N−1)/2 distance pairs once (fewer with few active
// sources): about 1.1 s at N = 20 000 on 2 cores, growing as N²
// (BenchmarkStreamingApply; docs/transmission.md).
//
// The patches are blocked as the factored storage is ([FactoredTileSize]),
// and every tile (I, J ≥ I) of that storage is computed in scratch by the
// factored build's own fill and reduced by the factored tile kernel, which
// gives in one pass what block I sends to J (column sums) and what J sends
// to I (row dot products). Row blocks I are handed to the workers in
// increasing order; each adds its partial to z_J only after source blocks
// 0…I−1 did (a turn per destination block), and z_I's own partials (from J
// ≥ I) last, in increasing J. So every z_j sums its partials in increasing
// source block, as the factored tile pass does: the bits are exactly those
// of the factored tile pass ([FactoredForce] with its tile pass; its
// source-major passes differ in the last bits), within SPEC §7.5's 1e−12
// of the reference, and they do not depend on the number of workers or
// GOMAXPROCS (rule 1) — the order is fixed by the blocks, never by the
// scheduling. A tile whose blocks have few active sources is computed from
// their rows only, with the same bits (the tile kernel's lane layout kept;
// D is symmetric bit for bit, and a decay is a function of the distance
// alone; a user kernel's DecayRow must then give the same bits at any
// position of its batch, as an element-wise DecayRow does).
//
// A Streaming is immutable and safe for concurrent use: every application
// takes its scratch from pools.
type Streaming struct {
	terms   *gravityTerms
	n, nb   int
	workers int
	states  sync.Pool // *streamState: per application
	scratch sync.Pool // *streamScratch: per worker
}

// StreamingOptions configures a [Streaming] operator.
type StreamingOptions struct {
	// Workers is the number of goroutines of an application (≤ 0:
	// GOMAXPROCS). The bits do not depend on it.
	Workers int
}

// streamState is the per-application input: y padded with zeros to whole
// blocks, and each block's active sources.
type streamState struct {
	y     []float64 // nb·FactoredTileSize
	count []int     // per block: the number of y_i ≠ 0
	idx   []int32   // block b at b·FactoredTileSize: offsets of its y_i ≠ 0, increasing
	turn  []int     // per destination block: the source blocks added so far (turns)
}

// streamScratch is one worker's scratch (about 0.6 MB + 16·N bytes).
type streamScratch struct {
	tile  []float64 // a tile of D (or one row of it)
	pend  []float64 // block J at J·FactoredTileSize: the row block's partial for z_J
	own   []float64 // block J at J·FactoredTileSize: block J's partial for the row block
	waste []float64 // the tile kernel's unused output
	lanes []float64 // 8 lanes per destination (sparse dot products)
}

// streamSparse enables the sparse reading of source blocks with few active
// sources (tests turn it off to compare the bits with whole tiles).
var streamSparse = true

// NewStreaming returns the exact streaming operator of the separable mixer
// m (gravity or a [FromKernel] kernel, possibly in a [Spec]) for scn. It
// checks every kernel value (one pass over the N² pairs, the cost of one
// application): errors are those of [Gravity.Factored] for D (coincident
// patches when the decay needs distinct locations, a user kernel's NaN,
// infinite or negative value, naming the patches), plus invalid parameters
// or scenario, and a mixer that is not separable. [StreamingMatrix] builds
// the normalised matrix without the extra pass.
func NewStreaming(m Mixer, scn *scenario.Table, opt StreamingOptions) (*Streaming, error) {
	s, _, err := newStreaming(m, scn, opt)
	if err != nil {
		return nil, err
	}
	zero := make([]float64, s.n)
	if err := s.applyChecked(make([]float64, s.n), zero); err != nil {
		return nil, err
	}
	return s, nil
}

// StreamingMatrix returns the mixing matrix of the separable mixer m for
// scn on its [Streaming] operator: the factored build's f, g and diagonal
// bit for bit, with D never stored. The first of the normalisation's two
// applications checks the kernel values. Errors are those of
// [NewStreaming] and [NewOperatorMatrix].
func StreamingMatrix(m Mixer, scn *scenario.Table, opt StreamingOptions) (*OperatorMatrix, error) {
	s, k, err := newStreaming(m, scn, opt)
	if err != nil {
		return nil, err
	}
	return normalise(scn, s.terms, k, s)
}

// newStreaming returns the (unchecked) streaming operator of m for scn and
// the migration scale k.
func newStreaming(m Mixer, scn *scenario.Table, opt StreamingOptions) (*Streaming, float64, error) {
	terms, k, err := separableTerms(m, scn)
	if err != nil {
		return nil, 0, err
	}
	n := scn.Len()
	nb := (n + FactoredTileSize - 1) / FactoredTileSize
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &Streaming{terms: terms, n: n, nb: nb, workers: max(min(workers, nb), 1)}
	s.states.New = func() any {
		return &streamState{y: make([]float64, nb*FactoredTileSize), count: make([]int, nb),
			idx: make([]int32, nb*FactoredTileSize), turn: make([]int, nb)}
	}
	s.scratch.New = func() any {
		const t = FactoredTileSize
		return &streamScratch{tile: make([]float64, t*t), pend: make([]float64, nb*t), own: make([]float64, nb*t),
			waste: make([]float64, t), lanes: make([]float64, t*tileLanes)}
	}
	return s, k, nil
}

// N returns the number of patches.
func (s *Streaming) N() int { return s.n }

// Workers returns the number of goroutines of an application.
func (s *Streaming) Workers() int { return s.workers }

// Apply writes z_j = Σ_{i≠j} D_ij·y_i for every j (see [Streaming]).
func (s *Streaming) Apply(z, y []float64) {
	_ = s.apply(z, y, false)
}

// applyChecked is Apply that also checks every kernel value (whole tiles,
// inactive blocks too) and returns the error the factored build gives.
func (s *Streaming) applyChecked(z, y []float64) error {
	return s.apply(z, y, true)
}

// apply runs one application on up to s.workers goroutines (see
// [Streaming]): row blocks I handed out in increasing order from a shared
// counter, each computing its tiles (I, J ≥ I) once, then adding its
// partials in turn (rowTask).
func (s *Streaming) apply(z, y []float64, checked bool) error {
	z, y = z[:s.n], y[:s.n]
	st := s.states.Get().(*streamState)
	defer s.states.Put(st)
	copy(st.y, y)
	clear(st.count)
	for i, v := range y {
		if v != 0 {
			b := i / FactoredTileSize
			st.idx[b*FactoredTileSize+st.count[b]] = int32(i - b*FactoredTileSize)
			st.count[b]++
		}
	}
	clear(z)
	clear(st.turn)
	t := &turns{turn: st.turn}
	t.cond.L = &t.mu
	errs := make([]error, s.nb)
	var next atomic.Int64
	run := func() {
		sc := s.scratch.Get().(*streamScratch)
		defer s.scratch.Put(sc)
		for {
			bi := int(next.Add(1) - 1)
			if bi >= s.nb {
				return
			}
			errs[bi] = s.rowTask(z, st, sc, t, bi, checked)
		}
	}
	var wg sync.WaitGroup
	for range s.workers - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	if !checked {
		return nil
	}
	return firstPairError(errs)
}

// turns orders the additions into each destination block: turn[J] is the
// number of source blocks whose partial z_J has received (in increasing
// order), guarded by mu; cond is signalled at every change.
type turns struct {
	mu   sync.Mutex
	cond sync.Cond
	turn []int
}

// wait blocks until destination block bj has received the partials of the
// source blocks before bi.
func (t *turns) wait(bj, bi int) {
	t.mu.Lock()
	for t.turn[bj] != bi {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

// done records that block bj received the partial of source block bi.
func (t *turns) done(bj, bi int) {
	t.mu.Lock()
	t.turn[bj] = bi + 1
	t.cond.Broadcast()
	t.mu.Unlock()
}

// blockRange returns the patches [lo, hi) of block b.
func (s *Streaming) blockRange(b int) (lo, hi int) {
	return b * FactoredTileSize, min((b+1)*FactoredTileSize, s.n)
}

// stride returns the padded width of block b (a multiple of tileLanes).
func (s *Streaming) stride(b int) int {
	lo, hi := s.blockRange(b)
	return (hi - lo + tileLanes - 1) &^ (tileLanes - 1)
}

// rowTask computes the tiles (bi, J), J ≥ bi, of row block bi: what block
// bi's sources send to each J (the tile kernel's column sums, into
// sc.pend), and what each J's sources send to block bi (its row dot
// products, into sc.own; the diagonal tile's column sums for J = bi). Then,
// in turn, it adds its partial to each z_J, J > bi, after source blocks
// 0…bi−1 did, and finally adds to z_bi its own partials in increasing J —
// so every z_J is the sum of its partials in increasing source block, as
// the factored tile pass sums them, whichever goroutine ran which row. A
// partial of an inactive source block (all y = 0, so +0) is not added. Each
// tile is read whole (the factored fill and tile kernel) or, with few
// active sources, from their rows only, with the same bits. Checked, every
// tile is computed whole and the row's first failing pair (lowest row,
// then lowest J) is returned.
func (s *Streaming) rowTask(z []float64, st *streamState, sc *streamScratch, t *turns, bi int, checked bool) error {
	const T = FactoredTileSize
	ilo, ihi := s.blockRange(bi)
	rows := ihi - ilo
	var first *pairError
	for bj := bi; bj < s.nb; bj++ {
		cI, cJ := st.count[bi], 0
		if bj > bi {
			cJ = st.count[bj]
		}
		if cI == 0 && cJ == 0 && !checked {
			continue
		}
		pend := sc.pend[bj*T : bj*T+T]
		own := sc.own[bj*T : bj*T+T]
		if checked || !streamSparse || 2*(cI+cJ) >= rows {
			if err := s.wholeTile(pend, own, st, sc, bi, bj); err != nil {
				if pe, ok := err.(*pairError); ok && (first == nil || pe.i < first.i) {
					first = pe
				}
			}
			continue
		}
		if cI > 0 {
			s.columnSumsSparse(pend, st, sc, bi, bj)
		}
		if cJ > 0 {
			s.rowDotsSparse(own, st, sc, bj, bi)
		}
		if bj == bi {
			copy(own, pend)
		}
	}
	for bj := bi + 1; bj < s.nb; bj++ {
		t.wait(bj, bi)
		if st.count[bi] > 0 {
			jlo, jhi := s.blockRange(bj)
			addTo(z[jlo:jhi], sc.pend[bj*T:])
		}
		t.done(bj, bi)
	}
	t.wait(bi, bi)
	for bj := bi; bj < s.nb; bj++ {
		if st.count[bj] > 0 {
			addTo(z[ilo:ihi], sc.own[bj*T:])
		}
	}
	if first == nil {
		return nil
	}
	return first
}

// addTo adds src[k] to dst[k] for every k < len(dst).
func addTo(dst, src []float64) {
	src = src[:len(dst)]
	for k, v := range src {
		dst[k] += v
	}
}

// wholeTile computes tile (bi, bj), bi ≤ bj, whole by the factored build's
// fill and the tile kernel: its column sums into pend (what block bi sends
// to bj) and its row dot products into own (what bj sends to bi); for the
// diagonal tile own gets the column sums (what bi sends to itself). The
// error is the fill's.
func (s *Streaming) wholeTile(pend, own []float64, st *streamState, sc *streamScratch, bi, bj int) error {
	ilo, ihi := s.blockRange(bi)
	jlo, jhi := s.blockRange(bj)
	stride := s.stride(bj)
	tile := sc.tile[:(ihi-ilo)*stride]
	clear(tile)
	err := fillTileData(tile, stride, ilo, ihi, jlo, jhi, s.terms)
	zp := pend[:stride]
	clear(zp)
	dots := own
	if bi == bj {
		dots = sc.waste
	}
	tileKernel(tile, stride, st.y[ilo:ihi], st.y[jlo:jlo+stride], zp, dots)
	if bi == bj {
		copy(own, zp)
	}
	return err
}

// columnSumsSparse writes into pend the column sums of tile (bi, bj) from
// the rows of bi's active sources only: each row through the tile kernel
// alone adds exactly its whole-tile terms; inactive rows would add +0.
func (s *Streaming) columnSumsSparse(pend []float64, st *streamState, sc *streamScratch, bi, bj int) {
	ilo := bi * FactoredTileSize
	jlo, jhi := s.blockRange(bj)
	stride := s.stride(bj)
	row := sc.tile[:stride]
	zp := pend[:stride]
	clear(zp)
	for _, off := range st.idx[bi*FactoredTileSize : bi*FactoredTileSize+st.count[bi]] {
		i := ilo + int(off)
		clear(row)
		s.sourceRow(row[:jhi-jlo], i, jlo)
		tileKernel(row, stride, st.y[i:i+1], st.y[jlo:jlo+stride], zp, sc.waste[:1])
	}
}

// sourceRow writes D_ij for j = j0, j0+1, … into out (D_ii = 0 when i is
// among them).
func (s *Streaming) sourceRow(out []float64, i, j0 int) {
	if k := i - j0; k >= 0 && k < len(out) {
		_ = s.terms.decayRow(out[:k], i, j0)
		out[k] = 0
		_ = s.terms.decayRow(out[k+1:], i, i+1)
		return
	}
	_ = s.terms.decayRow(out, i, j0)
}

// rowDotsSparse writes into out what source block src > dst sends to
// block dst: the row dot products of tile (dst, src) with y of src, from
// the rows of src's active sources only (D is symmetric bit for bit): each
// product D_ij·y_j goes to lane j mod 8 of destination i in increasing j,
// then the tile kernel's reduction tree — the whole-tile dot products
// without their +0 terms.
func (s *Streaming) rowDotsSparse(out []float64, st *streamState, sc *streamScratch, src, dst int) {
	slo := src * FactoredTileSize
	dlo, dhi := s.blockRange(dst)
	w := dhi - dlo
	row := sc.tile[:w]
	lanes := sc.lanes[:w*tileLanes]
	clear(lanes)
	for _, off := range st.idx[src*FactoredTileSize : src*FactoredTileSize+st.count[src]] {
		j := slo + int(off)
		yj := st.y[j]
		_ = s.terms.decayRow(row, j, dlo)
		l := lanes[int(off)&(tileLanes-1):]
		for r, d := range row {
			l[r*tileLanes] += float64(d * yj)
		}
	}
	for r := range w {
		l := lanes[r*tileLanes : r*tileLanes+tileLanes]
		out[r] = ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]))
	}
}
