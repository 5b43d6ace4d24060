package mixing

import (
	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/internal/vecops"
)

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
	fills []int32   // the active sources whose rows must be filled, increasing
	base  []int     // per fill: the offset of its row in rows
	from  []int     // per block b: its sources in fills are fills[from[b]:from[b+1]]
	tasks []int32   // fill tasks: I·nb + J, segment J of the rows of block I's fills
}

// newRowCache returns an empty row cache for n patches in nb blocks (nil
// when it would hold fewer than one row).
func newRowCache(n, nb int) *rowCache {
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
		base:  make([]int, capacity),
		from:  make([]int, nb+1),
		tasks: make([]int32, 0, nb*nb),
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

// assign starts evaluation act (at most capacity sources, increasing):
// marks the cached rows of act used, gives every other source of act a
// slot, listing it in fills, and lists the fill tasks (one per block with
// fills and destination block).
func (c *rowCache) assign(act []int32, nb int) {
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
	for f, i := range c.fills {
		c.base[f] = int(c.slot[i]) * c.n
	}
	c.tasks = c.tasks[:0]
	k := 0
	for b := range nb {
		c.from[b] = k
		for k < len(c.fills) && int(c.fills[k])/FactoredTileSize == b {
			k++
		}
		if k > c.from[b] {
			for bj := range nb {
				c.tasks = append(c.tasks, int32(b*nb+bj))
			}
		}
	}
	c.from[nb] = k
}

// fillTask runs fill task t: segment J of the cached rows of the sources
// of block I that must be filled — from the rows of tile (I, J) when J ≥ I
// (contiguous copies), else from the columns of tile (J, I): one strided
// walk per source when they are few, otherwise one streaming pass over the
// tile, each row scattering its values to every source's row (cheaper than
// many strided walks, by the traffic model of factored_sparse.go).
func (w *FactoredForce) fillTask(t int) {
	m, c := w.m, w.rc
	task := int(c.tasks[t])
	bi, bj := task/m.nb, task%m.nb
	fills := c.fills[c.from[bi]:c.from[bi+1]]
	base := c.base[c.from[bi]:c.from[bi+1]]
	ilo := bi * FactoredTileSize
	jlo, jhi := m.blockRange(bj)
	if bj >= bi {
		tr := m.tiles[m.tileIndex(bi, bj)]
		stride := m.stride(bj)
		for _, i := range fills {
			off := tr.off + (int(i)-ilo)*stride
			copy(c.row(i)[jlo:jhi], m.data[off:off+jhi-jlo])
		}
		return
	}
	tr := m.tiles[m.tileIndex(bj, bi)]
	stride := m.stride(bi)
	rows := jhi - jlo
	if stridedCost*len(fills) < streamCost*lines(stride) {
		for _, i := range fills {
			seg := c.row(i)[jlo:jhi]
			col := m.data[tr.off+int(i)-ilo:]
			_ = col[(rows-1)*stride]
			for k := range seg {
				seg[k] = col[k*stride]
			}
		}
		return
	}
	dst := c.rows
	for k := range rows {
		src := m.data[tr.off+k*stride : tr.off+(k+1)*stride]
		for f, i := range fills {
			dst[base[f]+jlo+k] = src[int(i)-ilo]
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
		vecops.AddRows4(s, w.y[i0], w.y[i1], w.y[i2], w.y[i3],
			c.row(i0)[jlo:jhi], c.row(i1)[jlo:jhi], c.row(i2)[jlo:jhi], c.row(i3)[jlo:jhi])
	}
	for ; k < len(act); k++ {
		vecops.Axpy(s, w.y[act[k]], c.row(act[k])[jlo:jhi])
	}
}
