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
// is stored. Memory is O(N) plus about 0.6 MB of scratch per worker; one
// application computes N² kernel values (each pair twice: once per
// direction, so that every destination block is summed by one goroutine in
// a fixed order), fewer when few sources are active.
//
// The patches are blocked as the factored storage is ([FactoredTileSize]).
// A destination block J is processed against every source block I with an
// active source (y_i ≠ 0), in increasing I; each pair of blocks is the
// factored tile (min(I,J), max(I,J)) computed into scratch by the factored
// build's own fill, then reduced by the factored tile kernel (its column
// sums for I ≤ J, its 8-lane row dot products for I > J), and the partials
// are added in increasing I. So the bits are exactly those of the factored
// tile pass ([FactoredForce] with its tile pass; its source-major passes
// differ in the last bits), within SPEC §7.5's 1e−12 of the reference, and
// they do not depend on the number of workers or GOMAXPROCS (rule 1). A
// source block with few active sources computes only their rows of D, with
// the same bits (the tile kernel's lane layout kept; D is symmetric bit for
// bit, and a decay is a function of the distance alone; a user kernel's
// DecayRow must then give the same bits at any position of its batch, as
// an element-wise DecayRow does).
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
}

// streamScratch is one worker's scratch.
type streamScratch struct {
	tile  []float64 // a tile of D (or one row of it)
	part  []float64 // one source block's partial sums for the destination block
	waste []float64 // the tile kernel's other output, unused
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
	sm, err := asSeparable(m)
	if err != nil {
		return nil, 0, err
	}
	terms, k, err := sm.separable(scn)
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
			idx: make([]int32, nb*FactoredTileSize)}
	}
	s.scratch.New = func() any {
		const t = FactoredTileSize
		return &streamScratch{tile: make([]float64, t*t), part: make([]float64, t), waste: make([]float64, t),
			lanes: make([]float64, t*tileLanes)}
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

// apply runs one application on up to s.workers goroutines, destination
// blocks handed out from a shared counter; each block is computed by one
// goroutine in a fixed order, so the bits do not depend on the split.
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
	var errs []error
	if checked {
		errs = make([]error, s.nb)
	}
	var next atomic.Int64
	run := func() {
		sc := s.scratch.Get().(*streamScratch)
		defer s.scratch.Put(sc)
		for {
			bj := int(next.Add(1) - 1)
			if bj >= s.nb {
				return
			}
			if err := s.destBlock(z, st, sc, bj, checked); err != nil {
				errs[bj] = err
			}
		}
	}
	var wg sync.WaitGroup
	for range s.workers - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	return firstPairError(errs)
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

// destBlock computes z for destination block bj: the partial of each
// source block with an active source (every block when checked), added in
// increasing source block. Checked, it returns the first error of the
// tiles (I, bj), I ≤ bj, in increasing I (the lowest failing row), as
// fillTileData reports it; unchecked, the values were checked by the
// operator's build and errors cannot occur.
func (s *Streaming) destBlock(z []float64, st *streamState, sc *streamScratch, bj int, checked bool) error {
	jlo, jhi := s.blockRange(bj)
	dst := z[jlo:jhi]
	clear(dst)
	for bi := range s.nb {
		if st.count[bi] == 0 && !checked {
			continue
		}
		_, ihi := s.blockRange(bi)
		rows := ihi - bi*FactoredTileSize
		whole := checked || !streamSparse || 2*st.count[bi] >= rows
		var err error
		switch {
		case bi <= bj && whole:
			err = s.columnSums(st, sc, bi, bj)
		case bi <= bj:
			s.columnSumsSparse(st, sc, bi, bj)
		case whole:
			s.rowDots(st, sc, bi, bj)
		default:
			s.rowDotsSparse(st, sc, bi, bj)
		}
		if err != nil {
			return err
		}
		for k, v := range sc.part[:jhi-jlo] {
			dst[k] += v
		}
	}
	return nil
}

// columnSums writes into sc.part what source block bi ≤ bj sends to block bj:
// the column sums of tile (bi, bj) computed whole (the tile kernel's z).
func (s *Streaming) columnSums(st *streamState, sc *streamScratch, bi, bj int) error {
	ilo, ihi := s.blockRange(bi)
	jlo, jhi := s.blockRange(bj)
	stride := s.stride(bj)
	tile := sc.tile[:(ihi-ilo)*stride]
	clear(tile)
	if err := fillTileData(tile, stride, ilo, ihi, jlo, jhi, s.terms); err != nil {
		return err
	}
	z := sc.part[:stride]
	clear(z)
	tileKernel(tile, stride, st.y[ilo:ihi], st.y[jlo:jlo+stride], z, sc.waste)
	return nil
}

// columnSumsSparse is columnSums from the rows of bi's active sources only:
// each row through the tile kernel alone adds exactly its whole-tile terms
// to z; inactive rows would add +0.
func (s *Streaming) columnSumsSparse(st *streamState, sc *streamScratch, bi, bj int) {
	ilo := bi * FactoredTileSize
	jlo, jhi := s.blockRange(bj)
	stride := s.stride(bj)
	row := sc.tile[:stride]
	z := sc.part[:stride]
	clear(z)
	for _, off := range st.idx[bi*FactoredTileSize : bi*FactoredTileSize+st.count[bi]] {
		i := ilo + int(off)
		clear(row)
		s.sourceRow(row[:jhi-jlo], i, jlo)
		tileKernel(row, stride, st.y[i:i+1], st.y[jlo:jlo+stride], z, sc.waste[:1])
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

// rowDots writes into sc.part what source block bi > bj sends to block bj: the
// 8-lane dot products of the rows of tile (bj, bi) with y of block bi,
// computed whole. Its errors are those of tile (bj, bi), reported by block
// bi's columnSums.
func (s *Streaming) rowDots(st *streamState, sc *streamScratch, bi, bj int) {
	ilo, ihi := s.blockRange(bi)
	jlo, jhi := s.blockRange(bj)
	stride := s.stride(bi)
	tile := sc.tile[:(jhi-jlo)*stride]
	clear(tile)
	_ = fillTileData(tile, stride, jlo, jhi, ilo, ihi, s.terms)
	waste := sc.waste[:stride]
	clear(waste)
	tileKernel(tile, stride, st.y[jlo:jhi], st.y[ilo:ilo+stride], waste, sc.part)
}

// rowDotsSparse is rowDots from the rows of bi's active sources only (D is
// symmetric bit for bit): each product D_ij·y_i goes to lane i mod 8 of
// destination j in increasing i, then the tile kernel's reduction tree —
// the whole-tile dot products without their +0 terms.
func (s *Streaming) rowDotsSparse(st *streamState, sc *streamScratch, bi, bj int) {
	ilo := bi * FactoredTileSize
	jlo, jhi := s.blockRange(bj)
	w := jhi - jlo
	row := sc.tile[:w]
	lanes := sc.lanes[:w*tileLanes]
	clear(lanes)
	for _, off := range st.idx[bi*FactoredTileSize : bi*FactoredTileSize+st.count[bi]] {
		i := ilo + int(off)
		yi := st.y[i]
		_ = s.terms.decayRow(row, i, jlo)
		l := lanes[int(off)&(tileLanes-1):]
		for r, d := range row {
			l[r*tileLanes] += float64(d * yi)
		}
	}
	for r := range w {
		l := lanes[r*tileLanes : r*tileLanes+tileLanes]
		sc.part[r] = ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]))
	}
}
