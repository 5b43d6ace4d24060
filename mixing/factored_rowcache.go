package mixing

import "github.com/rubeola/rubeola/internal/hugepage"

// The row cache of the source-major pass. An infectious patch usually stays
// infectious for several ticks, and the expensive part of its row of D is
// the strided half (the column of tile (J, I) for J < I, one cache line per
// value). The row cache keeps the whole rows D_i· of recent sources
// contiguous, so a source pays the strided gather once when it becomes
// active and then reads one contiguous row per tick, like the dense
// active-source kernel. D itself stays stored once: the cache is bounded
// scratch of N/rowCacheDiv rows (8·N²/rowCacheDiv bytes, on huge pages; its
// pages are only touched when used, slot by slot), used only while the
// active sources fit in it.
//
// Rows are copies of D's values, and a destination's force adds the active
// sources' products in increasing source order whether their rows were
// cached or just filled, so the bits of an evaluation never depend on what
// the cache held (only its speed does; tests check it). Slots are assigned
// in Load, on the caller.
//
// Replacement is the clock (second chance) policy without reference bits:
// the hand skips slots used by the current evaluation and takes the next
// other one (Corbató, "A paging experiment with the Multics system", 1968).

// rowCacheDiv bounds the row cache to N/rowCacheDiv rows: 8·N²/8 bytes, a
// quarter of D's 4·N² (so D and the cache together stay at 5/8 of the dense
// matrix), enough for ticks with up to 12.5 % of the patches infectious.
const rowCacheDiv = 8

// rowCache holds whole rows of D for recent active sources.
type rowCache struct {
	n     int
	rows  []float64 // slot s at s·n: D_i· of patch owner[s]
	slot  []int32   // per patch: its slot, or −1
	owner []int32   // per slot: its patch, or −1
	used  []uint64  // per slot: the evaluation that last used it
	eval  uint64    // evaluations loaded so far
	hand  int       // clock hand
	act   []int32   // the active sources of the loaded evaluation, increasing
	fills []int32   // the active sources whose rows must be filled
}

// newRowCache returns an empty row cache for n patches (nil when it would
// hold fewer than one row).
func newRowCache(n int) *rowCache {
	capacity := n / rowCacheDiv
	if capacity < 1 {
		return nil
	}
	c := &rowCache{
		n:     n,
		rows:  hugepage.Make[float64](capacity * n),
		slot:  make([]int32, n),
		owner: make([]int32, capacity),
		used:  make([]uint64, capacity),
		act:   make([]int32, 0, n),
		fills: make([]int32, 0, capacity),
	}
	for k := range c.slot {
		c.slot[k] = -1
	}
	for k := range c.owner {
		c.owner[k] = -1
	}
	return c
}

// capacity returns the number of rows the cache holds.
func (c *rowCache) capacity() int { return len(c.owner) }

// row returns the cached row of patch i (which has a slot).
func (c *rowCache) row(i int32) []float64 {
	s := int(c.slot[i])
	return c.rows[s*c.n : (s+1)*c.n]
}

// missing returns how many of the active sources have no cached row.
func (c *rowCache) missing(act []int32) int {
	k := 0
	for _, i := range act {
		if c.slot[i] < 0 {
			k++
		}
	}
	return k
}

// assign starts evaluation act (at most capacity sources): marks the cached
// rows of act used and gives every other source of act a slot, listing it
// in fills.
func (c *rowCache) assign(act []int32) {
	c.eval++
	c.fills = c.fills[:0]
	for _, i := range act {
		if s := c.slot[i]; s >= 0 {
			c.used[s] = c.eval
		} else {
			c.fills = append(c.fills, i)
		}
	}
	for _, i := range c.fills {
		for {
			s := c.hand
			c.hand = (c.hand + 1) % len(c.owner)
			if c.owner[s] >= 0 && c.used[s] == c.eval {
				continue
			}
			if old := c.owner[s]; old >= 0 {
				c.slot[old] = -1
			}
			c.owner[s], c.slot[i], c.used[s] = i, int32(s), c.eval
			break
		}
	}
}

// fillRow copies D_i· (i = patch) into its cache slot: the row segments of
// tiles (I, J ≥ I) and the columns of tiles (J < I, I).
func (w *FactoredForce) fillRow(i int32) {
	m, c := w.m, w.rc
	dst := c.row(i)
	bi := int(i) / FactoredTileSize
	r := int(i) - bi*FactoredTileSize
	for bj := range m.nb {
		jlo, jhi := m.blockRange(bj)
		seg := dst[jlo:jhi]
		if bj >= bi {
			tr := m.tiles[m.tileIndex(bi, bj)]
			off := tr.off + r*m.stride(bj)
			copy(seg, m.data[off:off+len(seg)])
			continue
		}
		tr := m.tiles[m.tileIndex(bj, bi)]
		stride := m.stride(bi)
		col := m.data[tr.off+r:]
		_ = col[(len(seg)-1)*stride]
		for k := range seg {
			seg[k] = col[k*stride]
		}
	}
}

// cachedRange writes s_j = Σ_{i≠j} y_i·D_ij for the destinations [jlo,
// jlo+len(s)) into s from the cached rows, the sources in increasing order,
// four rows per pass over s (each s_j still receives the products one by
// one in source order, so the bits do not depend on the range).
func (w *FactoredForce) cachedRange(s []float64, jlo int) {
	c := w.rc
	clear(s)
	jhi := jlo + len(s)
	act := c.act
	k := 0
	for ; k+4 <= len(act); k += 4 {
		i0, i1, i2, i3 := act[k], act[k+1], act[k+2], act[k+3]
		addRows4(s, w.y[i0], w.y[i1], w.y[i2], w.y[i3],
			c.row(i0)[jlo:jhi], c.row(i1)[jlo:jhi], c.row(i2)[jlo:jhi], c.row(i3)[jlo:jhi])
	}
	for ; k < len(act); k++ {
		axpy(s, w.y[act[k]], c.row(act[k])[jlo:jhi])
	}
}

// addRows4 adds y0·r0[j], y1·r1[j], y2·r2[j], y3·r3[j] to s[j], in that
// order, each product rounded and added in turn.
func addRows4(s []float64, y0, y1, y2, y3 float64, r0, r1, r2, r3 []float64) {
	n := len(s)
	r0, r1, r2, r3 = r0[:n], r1[:n], r2[:n], r3[:n]
	for j := range s {
		a := s[j]
		a += float64(y0 * r0[j])
		a += float64(y1 * r1[j])
		a += float64(y2 * r2[j])
		a += float64(y3 * r3[j])
		s[j] = a
	}
}
