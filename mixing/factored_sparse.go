package mixing

import "github.com/rubeola/rubeola/internal/vecops"

// Source-major evaluation of the factored force, for ticks with few active
// sources (the start and end of a seeded epidemic). The tile pass reads each
// stored tile once for both directions, which is the least traffic when
// most sources are active; with a few active sources it is far more than
// the rows of D those sources need. The source-major pass instead computes,
// per destination block J,
//
//	s_j = Σ_I Σ_{i ∈ active(I)} y_i·D_ij   (I in increasing order),
//
// reading for a source block I ≤ J the rows of its active sources in tile
// (I, J) (contiguous), and for I > J the columns of its active sources in
// tile (J, I) (strided: one cache line per value), or — when block I has so
// many active sources that the columns cost more than the whole tile — the
// whole tile (J, I) as a matrix-vector product through the tile kernel (with
// a zero row vector, so only its dots count). Each destination block is
// independent and its order fixed by the data (the active counts), so the
// bits never depend on which goroutine ran which block; they differ from
// the tile pass only by the rounding of a different summation order, within
// SPEC §7.5's 1e−12 of the reference.
//
// The choice between the passes (see choosePass) compares their modelled
// memory traffic in cache lines; it depends only on the active counts per
// block.

// stridedCost / streamCost is the cost of a cache line read by a strided
// column walk relative to one read by a streaming pass. Measured with
// BenchmarkFactoredForceModes at N = 5 000 (AMD EPYC, 2 cores): the tile
// pass streams 1.56 M lines in 3.9 ms (2.5 ns a line); the source-major pass
// with 1 % active sources reads 122 k strided and 16 k streamed lines in
// 0.43 ms (3.2 ns a strided line): a ratio of about 4/3.
const (
	stridedCost = 4
	streamCost  = 3
)

// forceMode selects the force pass: automatic (by the traffic model), or
// forced to one pass (tests compare them; a forced cached pass needs a row
// cache that holds the active sources).
type forceMode int

const (
	modeAuto forceMode = iota
	modeTiles
	modeSourceMajor
	modeCached
)

// passMode is the pass selection in use; tests force one pass.
var passMode = modeAuto

// lines returns the cache lines (8 values) of n values.
func lines(n int) int { return (n + tileLanes - 1) / tileLanes }

// choosePass sets the pass of the loaded evaluation (srcMaj, cached) and
// assigns the row cache's slots when it is used. The choice is a function
// of the active counts alone, never of what the row cache holds, so the
// bits of an evaluation do not depend on the evaluations before it (SPEC
// §7.5 rule 1: across snapshot/resume too): the cached pass when the
// sources fit in the row cache and reading their rows costs less than the
// tile pass (a fill costs more, once per newly active source), else the
// source-major pass from D when its modelled traffic is below the tile
// pass's, else the tile pass.
func (w *FactoredForce) choosePass() {
	w.srcMaj, w.cached = false, false
	if passMode == modeTiles {
		return
	}
	tiles, source := w.passCosts()
	total := 0
	for _, k := range w.count {
		total += k
	}
	if total <= w.rcCap && passMode != modeSourceMajor &&
		(passMode == modeCached || streamCost*total*lines(w.m.n) < tiles) {
		w.cached = true
		c := w.rc
		if c == nil { // lean: evaluated from D in the cached order
			return
		}
		c.act = c.act[:0]
		for b := range w.m.nb {
			for _, r := range w.activeIn(b) {
				c.act = append(c.act, int32(b*FactoredTileSize)+r)
			}
		}
		c.assign(c.act, w.m.nb)
		return
	}
	w.srcMaj = passMode == modeSourceMajor || (passMode == modeAuto && source < tiles)
}

// passCosts returns the modelled traffic (streamed-line units) of the tile
// pass and of the source-major pass from D.
func (w *FactoredForce) passCosts() (tiles, source int) {
	m := w.m
	for _, tr := range m.tiles {
		aI, aJ := w.count[tr.bi], w.count[tr.bj]
		if aI == 0 && aJ == 0 {
			continue
		}
		ilo, ihi := m.blockRange(tr.bi)
		rows, width := ihi-ilo, lines(m.stride(tr.bj))
		tiles += streamCost * rows * width
		// Destination block bj reads the aI active rows of block bi.
		source += streamCost * aI * width
		if tr.bi != tr.bj && aJ > 0 { // destination bi reads aJ columns
			source += min(stridedCost*aJ*rows, streamCost*rows*width)
		}
	}
	return tiles, source
}

// sourceBlock writes s_j = Σ_{i≠j} y_i·D_ij for the patches of destination
// block bj into s (length of the block), source-major (see above). With
// perSource set it never takes a whole tile: every s_j then receives the
// products y_i·D_ij one by one in increasing i, the order (and so the bits)
// of the row cache's pass (cachedRange), which a lean evaluator uses.
func (w *FactoredForce) sourceBlock(s []float64, bj int, perSource bool) {
	m := w.m
	clear(s)
	rows := len(s)
	for bi := range m.nb {
		act := w.activeIn(bi)
		if len(act) == 0 {
			continue
		}
		ilo := bi * FactoredTileSize
		if bi <= bj { // rows of tile (bi, bj)
			tr := m.tiles[m.tileIndex(bi, bj)]
			stride := m.stride(bj)
			for _, r := range act {
				off := tr.off + int(r)*stride
				yi := w.y[ilo+int(r)]
				if m.data32 != nil {
					vecops.Axpy(s, yi, m.data32[off:off+rows])
				} else {
					vecops.Axpy(s, yi, m.data[off:off+rows])
				}
			}
			continue
		}
		// Columns of tile (bj, bi).
		tr := m.tiles[m.tileIndex(bj, bi)]
		stride := m.stride(bi)
		width := lines(stride)
		if perSource || stridedCost*len(act)*rows < streamCost*rows*width {
			for _, c := range act {
				yi := w.y[ilo+int(c)]
				if m.data32 != nil {
					vecops.AxpyStrided(s, yi, m.data32[tr.off+int(c):], stride)
				} else {
					vecops.AxpyStrided(s, yi, m.data[tr.off+int(c):], stride)
				}
			}
			continue
		}
		// The whole tile: dots = D·y_bi through the tile kernel (zero row
		// vector: its z output is +0 updates of a scratch vector).
		z := w.slot(bj, bj)[:stride]
		off := (m.nb*m.nb + bj) * FactoredTileSize
		dots := w.partial[off : off+rows]
		yCol := w.y[ilo : ilo+stride]
		end := tr.off + rows*stride
		if m.data32 != nil {
			tileKernel32(m.data32[tr.off:end], stride, w.zero[:rows], yCol, z, dots)
		} else {
			tileKernel(m.data[tr.off:end], stride, w.zero[:rows], yCol, z, dots)
		}
		for k, v := range dots {
			s[k] += v
		}
	}
}
