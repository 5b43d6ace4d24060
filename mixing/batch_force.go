package mixing

// BatchForce evaluates the factored force of infection for R source
// vectors at once (the replicates of an ensemble) over one [Factored]: each
// vector r gets, bit for bit, the acc that a [FactoredForce] of its own
// computes for it (SPEC §7.5's guarantees hold per vector).
//
// Every vector keeps its own evaluator ([Factored.NewLeanForce]: the pass
// choice of [Factored.NewForce] without a row cache). Load loads each
// vector into its evaluator, which chooses its pass from its x alone. The
// vectors that take the tile pass — most of them, in an established
// epidemic — are evaluated together: their y = f·x are gathered
// replicate-minor (y_i of vector g at i·G + g, G padded to a multiple of 8)
// and every stored tile is read once for all of them by the batched tile
// kernel (batch_tile.go), which keeps each vector's summation order of the
// tile kernel; Combine sums each destination block's partials in
// increasing source-block order like [FactoredForce.Combine]. The vectors
// that take a source-major pass (few active sources) are evaluated by their
// own evaluator, reading only their sources' rows of D.
//
// Batching needs the assembly kernel (AVX-512): the pure-Go batched kernel
// is slower than R single evaluations with their SIMD tile kernels, so
// without it every vector takes its own pass over the shared storage
// (the same bits; batchTiles).
//
// One evaluation is [BatchForce.Load], [BatchForce.Tile] for every t <
// [BatchForce.Tiles] (any order, any goroutines), then
// [BatchForce.Combine] over destination blocks (any goroutines). It
// allocates nothing; it serves one evaluation at a time.
type BatchForce struct {
	m       *Factored
	members []*FactoredForce // per vector
	xs      [][]float64      // the loaded vectors (callers' slices)
	group   []int            // the vectors in the batched tile pass, increasing
	inGroup []bool           // per vector: in group
	single  bool             // no batching: every vector takes its own pass (see batchTiles)
	G       int              // len(group) padded to a multiple of batchLanes
	y       []float64        // the group's y, replicate-minor, nb·T·G values
	active  []bool           // per block: some vector of the group has a y_i ≠ 0
	partial []float64        // (J·nb + I)·T·G: block I's contribution to block J; then nb scratch slots
	sum     []float64        // per destination block J at J·T·G: its sums (Combine scratch)
}

// NewBatchForce returns a batched evaluator for r vectors (r ≥ 1) with its
// scratch: per vector a lean evaluator (about 8·(nb²+nb)·256 bytes of
// partials, nb = ⌈N/256⌉), and the batch's replicate-minor y, partials and
// sums (r times as many, padded to a multiple of 8 vectors).
func (m *Factored) NewBatchForce(r int) *BatchForce {
	r = max(r, 1)
	b := &BatchForce{m: m, members: make([]*FactoredForce, r), xs: make([][]float64, r), group: make([]int, 0, r),
		inGroup: make([]bool, r), single: !batchTiles}
	for k := range b.members {
		b.members[k] = m.NewLeanForce()
	}
	gp := (r + batchLanes - 1) &^ (batchLanes - 1)
	nb := m.nb
	b.y = make([]float64, nb*FactoredTileSize*gp)
	b.active = make([]bool, nb)
	b.partial = make([]float64, (nb*nb+nb)*FactoredTileSize*gp)
	b.sum = make([]float64, nb*FactoredTileSize*gp)
	return b
}

// Vectors returns the number of vectors R.
func (b *BatchForce) Vectors() int { return len(b.members) }

// Member returns the evaluator of vector r (its pass: [FactoredForce.Pass]).
func (b *BatchForce) Member(r int) *FactoredForce { return b.members[r] }

// Load prepares an evaluation of the R vectors xs (each of length N,
// values ≥ 0; kept, not copied, until Combine): each vector's pass is
// chosen as by [FactoredForce.Load], and the vectors taking the tile pass
// are gathered for the batched tiles.
func (b *BatchForce) Load(xs [][]float64) {
	if len(xs) != len(b.members) {
		panic("mixing: BatchForce.Load: wrong number of vectors")
	}
	copy(b.xs, xs)
	b.group = b.group[:0]
	for r, w := range b.members {
		w.Load(xs[r])
		b.inGroup[r] = !b.single && !w.cached && !w.srcMaj
		if b.inGroup[r] {
			b.group = append(b.group, r)
		}
	}
	G := (len(b.group) + batchLanes - 1) &^ (batchLanes - 1)
	b.G = G
	clear(b.active)
	if G == 0 {
		return
	}
	y := b.y[:len(b.members[0].y)*G]
	clear(y)
	for g, r := range b.group {
		w := b.members[r]
		for i, v := range w.y {
			y[i*G+g] = v
		}
		for k, a := range w.active {
			b.active[k] = b.active[k] || a
		}
	}
}

// Tiles returns the number of tile tasks of the loaded evaluation: every
// stored tile when some vector takes the batched tile pass, else 0; without
// batching, every stored tile of every vector.
func (b *BatchForce) Tiles() int {
	switch {
	case b.single:
		return len(b.members) * len(b.m.tiles)
	case b.G == 0:
		return 0
	}
	return len(b.m.tiles)
}

// Blocks returns the number of destination blocks of [BatchForce.Combine].
func (b *BatchForce) Blocks() int { return b.m.nb }

// slot returns the partial vectors (T·G values) of block bi's contribution
// to block bj.
func (b *BatchForce) slot(bj, bi int) []float64 {
	tg := FactoredTileSize * b.G
	off := (bj*b.m.nb + bi) * tg
	return b.partial[off : off+tg]
}

// Tile computes the partials of stored tile t for every vector of the
// tile-pass group, reading the tile once. A tile none of whose two blocks
// has an active source in the group is skipped (its partials would be +0
// and Combine skips them).
func (b *BatchForce) Tile(t int) {
	if b.single { // task t: tile t mod T of vector t / T, if it takes the tile pass
		nt := len(b.m.tiles)
		if w := b.members[t/nt]; !w.cached && !w.srcMaj {
			w.Tile(t % nt)
		}
		return
	}
	m, G := b.m, b.G
	tr := m.tiles[t]
	if !b.active[tr.bi] && !b.active[tr.bj] {
		return
	}
	ilo, ihi := m.blockRange(tr.bi)
	jlo, _ := m.blockRange(tr.bj)
	stride := m.stride(tr.bj)
	rows := ihi - ilo
	yRow := b.y[ilo*G : ihi*G]
	yCol := b.y[jlo*G : (jlo+stride)*G] // padding: y = 0 there, D = 0 there
	z := b.slot(tr.bj, tr.bi)[:stride*G]
	clear(z)
	dots := b.slot(tr.bi, tr.bj)
	if tr.bi == tr.bj { // D_II·y_I is z by symmetry; the dots go to scratch
		tg := FactoredTileSize * G
		off := (m.nb*m.nb + tr.bi) * tg
		dots = b.partial[off : off+tg]
	}
	dots = dots[:rows*G]
	end := tr.off + rows*stride
	if m.data32 != nil {
		batchTileMain32(m.data32[tr.off:end], stride, rows, stride, G, yRow, yCol, z, dots)
		return
	}
	batchTileMain(m.data[tr.off:end], stride, rows, stride, G, yRow, yCol, z, dots)
}

// Combine writes acc_j = M[j,j]·x_j + g_j·Σ_{i≠j} y_i·D_ij into accs[r]
// for every vector r and the patches of destination blocks [lo, hi) (0 ≤ lo
// ≤ hi ≤ Blocks()), after every tile task ran. Tile-pass vectors sum their
// partials in increasing source-block order (as [FactoredForce.Combine]);
// the others are combined by their own evaluator.
func (b *BatchForce) Combine(accs [][]float64, lo, hi int) {
	m, G := b.m, b.G
	for r, w := range b.members {
		if !b.inGroup[r] {
			w.Combine(accs[r], lo, hi)
		}
	}
	if G == 0 {
		return
	}
	for bj := lo; bj < hi; bj++ {
		jlo, jhi := m.blockRange(bj)
		s := b.sum[jlo*G : jhi*G]
		clear(s)
		for bi := range m.nb {
			if !b.active[bi] {
				continue // no vector of the group has a source in bi: every partial is +0
			}
			src := b.slot(bj, bi)[:len(s)]
			for k, v := range src {
				s[k] += v
			}
		}
		for g, r := range b.group {
			acc, x := accs[r], b.xs[r]
			for j := jlo; j < jhi; j++ {
				acc[j] = float64(m.diag[j]*x[j]) + float64(m.g[j]*s[(j-jlo)*G+g])
			}
		}
	}
}

// Force evaluates the force of every vector on the calling goroutine (the
// same bits as any parallel split).
func (b *BatchForce) Force(accs, xs [][]float64) {
	b.Load(xs)
	for t := range b.Tiles() {
		b.Tile(t)
	}
	b.Combine(accs, 0, b.Blocks())
}
