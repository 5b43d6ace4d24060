package mixing

// FactoredForce evaluates the force of infection on a [Factored] matrix
// (SPEC §7.5):
//
//	acc_j = M[j,j]·x_j + g_j · Σ_{i≠j} y_i·D_ij,   y_i = f_i·x_i.
//
// One evaluation is [FactoredForce.Load], then [FactoredForce.Tile] for every
// tile t < [FactoredForce.Tiles] (in any order, on any goroutines), then
// [FactoredForce.Combine] over destination blocks (again on any goroutines).
// Off-diagonal tile (I, J) contributes Dᵀ·y_I to block J and D·y_J to block
// I in one pass; each tile writes its own partial vectors, and Combine sums
// the partials of a destination block in increasing source-block order, so
// the bits never depend on which goroutine ran which tile (SPEC §7.5 rule
// 1). Tiles whose two blocks have no active source (y = 0) are skipped: they
// would only add +0. A tile with few active sources is read sparsely (see
// tileSparse) with the same bits.
//
// With few active sources overall (the start and end of an epidemic), Load
// selects a source-major pass instead (factored_sparse.go), which reads
// only the rows D_i· of the active sources: from the row cache
// (factored_rowcache.go; Tiles is then the number of rows to fill, Tile
// fills a part of them) or, when the sources do not fit in it, from D
// (Tiles is 0).
// Combine then does the work per destination range. The choice depends
// only on the loaded inputs, and every pass is within SPEC §7.5's 1e−12 of
// the reference; the passes differ from each other in the last bits.
//
// Load keeps state across evaluations (the row cache): the pass and the
// bits of an evaluation depend on its input only, its speed also on the
// inputs before.
//
// A FactoredForce holds all its scratch (sized once by
// [Factored.NewForce]); an evaluation allocates nothing. It serves one
// evaluation at a time.
type FactoredForce struct {
	m       *Factored
	x       []float64 // the loaded x (caller's slice)
	y       []float64 // f_i·x_i, block b at b·FactoredTileSize, zero-padded
	active  []bool    // per block: some y_i ≠ 0
	count   []int     // per block: the number of y_i ≠ 0
	idx     []int32   // block b at b·T: the offsets in the block of its y_i ≠ 0, increasing
	partial []float64 // (J·nb + I)·T: block I's contribution to block J; then nb scratch slots
	zero    []float64 // FactoredTileSize zeros (the source-major pass's row vector)
	rc      *rowCache // rows of recent sources (float64 storage), else nil
	rcCap   int       // the row cache's capacity in rows (also of a lean evaluator's absent cache)
	srcMaj  bool      // the loaded x is evaluated source-major, from D
	cached  bool      // the loaded x is evaluated source-major, from the row cache (or, lean, from D in its order)
}

// NewForce returns a force evaluator for m with its scratch space (with
// float64 storage, a row cache of N/8 rows whose pages are touched only
// when few sources are active; see factored_rowcache.go).
func (m *Factored) NewForce() *FactoredForce {
	w := m.newForce()
	if m.data32 == nil {
		w.rc = newRowCache(m.n, m.nb)
		if w.rc != nil {
			w.rcCap = w.rc.capacity()
		}
	}
	return w
}

// NewLeanForce returns a force evaluator with the bits of [Factored.NewForce]
// for every input but without its row cache (8·N²/8 bytes when used): it
// chooses the same pass for the same x, and evaluates the cached pass from
// D in the cached pass's order (each destination's active sources one by
// one in increasing order, their rows gathered from D), slower but with the
// same bits. The replicates of an ensemble use it, so R replicates do not
// hold R row caches.
func (m *Factored) NewLeanForce() *FactoredForce {
	w := m.newForce()
	if m.data32 == nil {
		w.rcCap = m.n / rowCacheDiv
	}
	return w
}

// newForce returns a force evaluator without a row cache (the build's).
func (m *Factored) newForce() *FactoredForce {
	nb := m.nb
	return &FactoredForce{
		m:       m,
		y:       make([]float64, nb*FactoredTileSize),
		active:  make([]bool, nb),
		count:   make([]int, nb),
		idx:     make([]int32, nb*FactoredTileSize),
		partial: make([]float64, (nb*nb+nb)*FactoredTileSize),
		zero:    make([]float64, FactoredTileSize),
	}
}

// Tiles returns the number of independent parts of the loaded evaluation
// ([FactoredForce.Tile]): every stored tile for the tile pass; for the
// source-major pass from the row cache, the fill tasks of the rows to fill
// (one per source block with rows to fill and destination block); 0 for the
// source-major pass from D (few active sources).
func (w *FactoredForce) Tiles() int {
	switch {
	case w.cached && w.rc != nil:
		return len(w.rc.tasks)
	case w.cached, w.srcMaj:
		return 0
	}
	return len(w.m.tiles)
}

// Pass names the pass of the loaded evaluation (see [FactoredForce.Load]):
// "tiles" (the tile pass), "cached" (source-major from the row cache) or
// "source-major" (source-major from D).
func (w *FactoredForce) Pass() string {
	switch {
	case w.cached:
		return "cached"
	case w.srcMaj:
		return "source-major"
	}
	return "tiles"
}

// Blocks returns the number of destination blocks of [FactoredForce.Combine].
func (w *FactoredForce) Blocks() int { return w.m.nb }

// Load prepares an evaluation for the source vector x (length N, values ≥
// 0): y_i = f_i·x_i, and chooses the pass from the number of active
// sources per block (the tile pass, or the source-major pass when it moves
// fewer bytes; the choice depends only on x). x is kept (not copied) until
// Combine.
func (w *FactoredForce) Load(x []float64) {
	w.x = x
	w.loadY(x, w.m.f)
	w.choosePass()
}

// loadY sets y_i = a_i·b_i (b = nil: y = a) and the active flags, for the
// tile pass.
func (w *FactoredForce) loadY(a, b []float64) {
	w.srcMaj, w.cached = false, false
	clear(w.count)
	for i, v := range a {
		if b != nil {
			v = float64(v * b[i])
		}
		w.y[i] = v
		if v != 0 {
			bl := i / FactoredTileSize
			w.idx[bl*FactoredTileSize+w.count[bl]] = int32(i - bl*FactoredTileSize)
			w.count[bl]++
		}
	}
	for k, c := range w.count {
		w.active[k] = c > 0
	}
}

// activeIn returns the offsets of the active sources of block b.
func (w *FactoredForce) activeIn(b int) []int32 {
	return w.idx[b*FactoredTileSize : b*FactoredTileSize+w.count[b]]
}

// slot returns the partial vector of block bi's contribution to block bj.
func (w *FactoredForce) slot(bj, bi int) []float64 {
	off := (bj*w.m.nb + bi) * FactoredTileSize
	return w.partial[off : off+FactoredTileSize]
}

// Tile computes part t (0 ≤ t < Tiles()) of the loaded evaluation: the
// partials of tile t, or (source-major from the row cache) fill task t of
// the rows to fill.
func (w *FactoredForce) Tile(t int) {
	if w.cached {
		w.fillTask(t)
		return
	}
	m := w.m
	tr := m.tiles[t]
	if !w.active[tr.bi] && !w.active[tr.bj] {
		return
	}
	ilo, ihi := m.blockRange(tr.bi)
	jlo, _ := m.blockRange(tr.bj)
	stride := m.stride(tr.bj)
	yRow := w.y[ilo:ihi]
	yCol := w.y[jlo : jlo+stride] // padding: y = 0 there, D = 0 there
	z := w.slot(tr.bj, tr.bi)
	clear(z)
	dots := w.slot(tr.bi, tr.bj)
	if tr.bi == tr.bj { // D_II·y_I is z by symmetry; the dots go to scratch
		off := (m.nb*m.nb + tr.bi) * FactoredTileSize
		dots = w.partial[off : off+FactoredTileSize]
	}
	end := tr.off + (ihi-ilo)*stride
	if w.sparse(tr, ihi-ilo, stride) {
		w.tileSparse(tr, stride, yRow, yCol, z, dots)
		return
	}
	if m.data32 != nil {
		tileKernel32(m.data32[tr.off:end], stride, yRow, yCol, z, dots)
		return
	}
	tileKernel(m.data[tr.off:end], stride, yRow, yCol, z, dots)
}

// sparseTiles enables sparse tile reads (tests turn it off to compare the
// bits with full reads).
var sparseTiles = true

// sparse reports whether tile tr (rows×stride) is cheaper to read sparsely:
// a_I whole active rows plus, for each other row, one cache line (8 values)
// per active column a_J (none for a diagonal tile, whose dots are unused),
// against the whole tile; strided lines count double (no streaming).
func (w *FactoredForce) sparse(tr tileRef, rows, stride int) bool {
	if !sparseTiles {
		return false
	}
	aI, aJ := w.count[tr.bi], w.count[tr.bj]
	if tr.bi == tr.bj {
		aJ = 0
	}
	cost := aI*stride + 2*tileLanes*(rows-aI)*aJ
	return 2*cost < rows*stride
}

// tileSparse computes tile tr like the tile kernel, with the same bits, from
// its active rows and columns only: an active row goes through the tile
// kernel alone (its z update and its dot are exactly those of the full
// pass), and an inactive row's dot sums only the active columns, each in its
// lane (j mod 8), before the same reduction tree — the skipped terms are
// D·0 = +0, which add nothing. Inactive rows add +0 to z and are skipped.
func (w *FactoredForce) tileSparse(tr tileRef, stride int, yRow, yCol, z, dots []float64) {
	m := w.m
	rows := len(yRow)
	rowAct, colAct := w.activeIn(tr.bi), w.activeIn(tr.bj)
	diagonal := tr.bi == tr.bj
	k := 0
	for r := range rows {
		off := tr.off + r*stride
		if k < len(rowAct) && int(rowAct[k]) == r {
			k++
			if m.data32 != nil {
				tileKernel32(m.data32[off:off+stride], stride, yRow[r:r+1], yCol, z, dots[r:r+1])
			} else {
				tileKernel(m.data[off:off+stride], stride, yRow[r:r+1], yCol, z, dots[r:r+1])
			}
			continue
		}
		if diagonal {
			continue // the dots of a diagonal tile are not used
		}
		var l [tileLanes]float64
		if m.data32 != nil {
			row := m.data32[off : off+stride]
			for _, j := range colAct {
				l[j&(tileLanes-1)] += float64(float64(row[j]) * yCol[j])
			}
		} else {
			row := m.data[off : off+stride]
			for _, j := range colAct {
				l[j&(tileLanes-1)] += float64(row[j] * yCol[j])
			}
		}
		dots[r] = ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]))
	}
}

// sums writes s_j = Σ_{i≠j} y_i·D_ij for destination blocks [lo, hi) into
// s (length N): the partials of each block summed in increasing source-block
// order (inactive source blocks add +0 and are skipped).
func (w *FactoredForce) sums(s []float64, lo, hi int) {
	m := w.m
	for bj := lo; bj < hi; bj++ {
		jlo, jhi := m.blockRange(bj)
		dst := s[jlo:jhi]
		clear(dst)
		for bi := range m.nb {
			if !w.active[bi] {
				continue
			}
			src := w.slot(bj, bi)[:len(dst)]
			for k, v := range src {
				dst[k] += v
			}
		}
	}
}

// Combine writes acc_j = M[j,j]·x_j + g_j·Σ_{i≠j} y_i·D_ij for the patches
// of destination blocks [lo, hi) (0 ≤ lo ≤ hi ≤ Blocks()), after every tile
// was computed.
func (w *FactoredForce) Combine(acc []float64, lo, hi int) {
	m := w.m
	if hi <= lo {
		return
	}
	switch {
	case w.cached && w.rc != nil: // the whole range at once: longer contiguous runs
		jlo, _ := m.blockRange(lo)
		_, jhi := m.blockRange(hi - 1)
		w.cachedRange(acc[jlo:jhi], jlo)
	case w.srcMaj, w.cached: // lean cached: from D, per source (never whole tiles)
		for bj := lo; bj < hi; bj++ {
			jlo, jhi := m.blockRange(bj)
			w.sourceBlock(acc[jlo:jhi], bj, w.cached)
		}
	default:
		w.sums(acc, lo, hi)
	}
	jlo, _ := m.blockRange(lo)
	_, jhi := m.blockRange(hi - 1)
	for j := jlo; j < jhi; j++ {
		acc[j] = float64(m.diag[j]*w.x[j]) + float64(m.g[j]*acc[j])
	}
}

// Force evaluates the whole force on the calling goroutine: acc_j =
// Σ_i x_i·M[i,j] in the factored order (the same bits as any parallel
// split).
func (w *FactoredForce) Force(acc, x []float64) {
	w.Load(x)
	for t := range w.Tiles() {
		w.Tile(t)
	}
	w.Combine(acc, 0, w.Blocks())
}
