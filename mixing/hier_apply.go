package mixing

import "fmt"

// Apply sets z_j = Σ_{i≠j} D_ij·y_i for every j (z and y of length N, not
// overlapping). The passes — proxy weights leaves-up, far interactions per
// box, interpolation down to the leaves, near blocks per leaf — each write
// every output from one goroutine in an order fixed by the tree, so the
// bits do not depend on the workers. It panics if a length is not N.
func (h *Hierarchical) Apply(z, y []float64) {
	if len(z) != h.n || len(y) != h.n {
		panic(fmt.Sprintf("mixing: Hierarchical.Apply: len(z) = %d, len(y) = %d, want %d", len(z), len(y), h.n))
	}
	h.apply(z, y, nil)
}

// apply is Apply; with near non-nil it also writes the near-field part of
// every z_j into near (input order).
func (h *Hierarchical) apply(z, y, near []float64) {
	t := h.tree
	sc := h.scratch.Get().(*applyScratch)
	defer h.scratch.Put(sc)
	sc.reset(h)
	yt, w, loc, farOut, nearOut, zt := sc.yt, sc.w, sc.loc, sc.farOut, sc.nearOut, sc.zt
	for k, i := range t.perm {
		yt[k] = y[i]
	}
	for d := t.depth; d >= 1; d-- {
		level := h.byDepth[d]
		_ = forTiles(h.workers, len(level), func(k int) error {
			h.upward(w, yt, level[k])
			return nil
		})
	}
	chunks := (len(h.far) + farChunk - 1) / farChunk
	_ = forTiles(h.workers, chunks, func(c int) error {
		var sc farScratch
		for k := c * farChunk; k < min((c+1)*farChunk, len(h.far)); k++ {
			h.farPair(farOut, w, k, &sc)
		}
		return nil
	})
	_ = forTiles(h.workers, len(t.nodes), func(k int) error {
		h.farField(loc, farOut, int32(k))
		return nil
	})
	for d := 2; d <= t.depth; d++ {
		level := h.byDepth[d]
		_ = forTiles(h.workers, len(level), func(k int) error {
			h.downward(loc, level[k])
			return nil
		})
	}
	_ = forTiles(h.workers, len(h.near), func(k int) error {
		h.nearPair(nearOut, yt, k)
		return nil
	})
	var nt []float64
	if near != nil {
		nt = make([]float64, h.n)
	}
	_ = forTiles(h.workers, len(t.leaves), func(k int) error {
		h.leafOutput(zt, nt, nearOut, loc, t.leaves[k])
		return nil
	})
	for k, i := range t.perm {
		z[i] = zt[k]
		if near != nil {
			near[i] = nt[k]
		}
	}
}

// applyScratch is the memory of one Apply, reused through
// Hierarchical.scratch so that a run's ticks make no garbage (at N = 10⁶
// one Apply's buffers are hundreds of MB, and garbage lets the Go heap
// grow to twice the operator's size before it is collected).
type applyScratch struct {
	yt, w, loc, farOut, nearOut, zt []float64
}

// reset sizes the buffers for h and zeroes those Apply accumulates into
// (yt is overwritten).
func (sc *applyScratch) reset(h *Hierarchical) {
	nodes := len(h.tree.nodes) * h.np
	for _, b := range []struct {
		buf *[]float64
		n   int
	}{{&sc.yt, h.n}, {&sc.w, nodes}, {&sc.loc, nodes}, {&sc.farOut, len(h.far) * 2 * h.np},
		{&sc.nearOut, h.nearOutLen}, {&sc.zt, h.n}} {
		if len(*b.buf) != b.n {
			*b.buf = make([]float64, b.n)
		} else if b.buf != &sc.yt {
			clear(*b.buf)
		}
	}
}

// upward computes node k's proxy weights: from its points (leaf) or from
// its children's weights through the transfers (one dimension at a time).
func (h *Hierarchical) upward(w, yt []float64, k int32) {
	np, p := h.np, h.rule.p
	out := w[int(k)*np : int(k+1)*np]
	nd := &h.tree.nodes[k]
	if nd.leaf() {
		for i := nd.lo; i < nd.hi; i++ {
			su, sv := h.leafSU[i*p:(i+1)*p], h.leafSV[i*p:(i+1)*p]
			for a, s := range su {
				axpy(out[a*p:(a+1)*p], sv, float64(yt[i]*s))
			}
		}
		return
	}
	var buf [maxChebOrder * maxChebOrder]float64
	tmp := buf[:np]
	for _, c := range nd.child {
		wc := w[int(c)*np : int(c+1)*np]
		tu, tv := h.transU[int(c)*p*p:int(c+1)*p*p], h.transV[int(c)*p*p:int(c+1)*p*p]
		clear(tmp)
		for a := range p { // tmp[a][b'] = Σ_b W_c[a][b]·Tv[b][b']
			for b := range p {
				axpy(tmp[a*p:(a+1)*p], tv[b*p:(b+1)*p], wc[a*p+b])
			}
		}
		for a := range p { // out[a'][b'] += Σ_a Tu[a][a']·tmp[a][b']
			for a2 := range p {
				axpy(out[a2*p:(a2+1)*p], tmp[a*p:(a+1)*p], tu[a*p+a2])
			}
		}
	}
}

// farChunk is the number of far pairs per task of Apply: each task
// allocates one farScratch (on the heap: the tile kernels are called
// through a function value, so their slices escape).
const farChunk = 256

// farScratch is farPair's scratch: the rank vectors t1, t2, zeros and a
// sink for the unused outputs.
type farScratch struct {
	t       [3 * maxChebOrder * maxChebOrder]float64
	discard [maxChebOrder * maxChebOrder]float64
}

// farPair evaluates far pair k = (A, B) in one pass over its factors
// K ≈ Σ_r u_r·v_rᵀ (tile kernels, tile.go): t1 = Vᵀ·w_B, then K·w_B =
// U·t1 with t2 = Uᵀ·w_A, then Kᵀ·w_A = V·t2 (the second read of V is from
// cache). It writes K·w_B to farOut[2k·np:] and Kᵀ·w_A after it.
func (h *Hierarchical) farPair(farOut, w []float64, k int, sc *farScratch) {
	np := h.np
	blk, lr := &h.far[k], h.farLR[k]
	rank := lr.rank(np)
	if rank == 0 {
		return
	}
	wa, wb := w[int(blk.a)*np:int(blk.a+1)*np], w[int(blk.b)*np:int(blk.b+1)*np]
	outA, outB := farOut[2*k*np:(2*k+1)*np], farOut[(2*k+1)*np:(2*k+2)*np]
	if lr.u32 != nil {
		farPasses(tileKernel32, lr.u32, lr.v32, rank, wa, wb, outA, outB, sc)
	} else {
		farPasses(tileKernel, lr.u, lr.v, rank, wa, wb, outA, outB, sc)
	}
}

// farPasses runs farPair's three tile-kernel passes over the factors u
// and v (rank × np each, row-major) with the kernel kern.
func farPasses[E element](kern func(d []E, stride int, yRow, yCol, z, dots []float64), u, v []E, rank int,
	wa, wb, outA, outB []float64, sc *farScratch) {
	np := len(wa)
	t1, t2, zeros := sc.t[:rank], sc.t[rank:2*rank], sc.t[2*rank:2*rank+max(rank, np)]
	kern(v, np, zeros[:rank], wb, sc.discard[:np], t1)
	kern(u, np, t1, wa, outA, t2)
	kern(v, np, t2, zeros[:np], outB, sc.discard[:rank])
}

// farField adds node k's far interactions (farPair's outputs) to its
// local expansion, in list order.
func (h *Hierarchical) farField(loc, farOut []float64, k int32) {
	np := h.np
	out := loc[int(k)*np : int(k+1)*np]
	for _, r := range h.farOf[k] {
		off := 2 * int(r.block) * np
		if r.trans {
			off += np
		}
		addTo(out, farOut[off:off+np])
	}
}

// downward adds the parent's local expansion, interpolated, to node k's.
func (h *Hierarchical) downward(loc []float64, k int32) {
	np, p := h.np, h.rule.p
	out := loc[int(k)*np : int(k+1)*np]
	par := loc[int(h.tree.nodes[k].parent)*np : int(h.tree.nodes[k].parent+1)*np]
	tu, tv := h.transU[int(k)*p*p:int(k+1)*p*p], h.transV[int(k)*p*p:int(k+1)*p*p]
	var buf [maxChebOrder * maxChebOrder]float64
	tmp := buf[:np]
	for a2 := range p { // tmp[a'][b] = Σ_b' L_P[a'][b']·Tv[b][b']
		for b := range p {
			tmp[a2*p+b] = dot(tv[b*p:(b+1)*p], par[a2*p:(a2+1)*p])
		}
	}
	for a := range p { // L_c[a][b] += Σ_a' Tu[a][a']·tmp[a'][b]
		for a2 := range p {
			axpy(out[a*p:(a+1)*p], tmp[a2*p:(a2+1)*p], tu[a*p+a2])
		}
	}
}

// nearPair evaluates near block k = (a, b) in one pass (tile kernels,
// tile.go): D_ab·y_b into nearOut[nearOff[k]:] (a's points) and D_abᵀ·y_a
// after it (b's points). A diagonal block (a = b) is symmetric and whole,
// so its first product is the block's; the second is not used.
func (h *Hierarchical) nearPair(nearOut, yt []float64, k int) {
	blk := &h.near[k]
	a, b := &h.tree.nodes[blk.a], &h.tree.nodes[blk.b]
	off, ra, cb := h.nearOff[k], a.hi-a.lo, b.hi-b.lo
	rows, cols := nearOut[off:off+ra], nearOut[off+ra:off+ra+cb]
	if blk.data32 != nil {
		tileKernel32(blk.data32, cb, yt[a.lo:a.hi], yt[b.lo:b.hi], cols, rows)
	} else {
		tileKernel(blk.data, cb, yt[a.lo:a.hi], yt[b.lo:b.hi], cols, rows)
	}
}

// nearOffsets returns each near block's offset in nearPair's output (its
// rows' products, then its columns') and the total length.
func (h *Hierarchical) nearOffsets() ([]int, int) {
	off, n := make([]int, len(h.near)), 0
	for k, blk := range h.near {
		a, b := &h.tree.nodes[blk.a], &h.tree.nodes[blk.b]
		off[k] = n
		n += (a.hi - a.lo) + (b.hi - b.lo)
	}
	return off, n
}

// leafOutput computes z for the points of leaf k: the near blocks'
// products (nearPair) in list order, then the interpolated local
// expansion; with nt non-nil it copies the near part there.
func (h *Hierarchical) leafOutput(zt, nt, nearOut, loc []float64, k int32) {
	nd := &h.tree.nodes[k]
	out := zt[nd.lo:nd.hi]
	for _, r := range h.nearOf[k] {
		off := h.nearOff[r.block]
		if r.trans {
			o := &h.tree.nodes[r.other]
			off += o.hi - o.lo
		}
		addTo(out, nearOut[off:off+len(out)])
	}
	if nt != nil {
		copy(nt[nd.lo:nd.hi], out)
	}
	np, p := h.np, h.rule.p
	l := loc[int(k)*np : int(k+1)*np]
	for i := range out {
		su, sv := h.leafSU[(nd.lo+i)*p:(nd.lo+i+1)*p], h.leafSV[(nd.lo+i)*p:(nd.lo+i+1)*p]
		s := 0.0
		for a, x := range su {
			s += float64(x * dot(sv, l[a*p:(a+1)*p]))
		}
		out[i] += s
	}
}

// axpy adds a·x to out (len(x) ≥ len(out)).
func axpy[T float32 | float64](out []float64, x []T, a float64) {
	x = x[:len(out)]
	for i := range out {
		out[i] += float64(a * float64(x[i]))
	}
}

// dot returns Σ x_i·y_i (len(y) ≥ len(x)) with four running sums (lanes
// i mod 4, combined as (s0 + s1) + (s2 + s3), then the tail in order): a
// fixed order, so the bits do not depend on anything but the inputs, and
// four independent additions in flight instead of one.
func dot[T float32 | float64](x []T, y []float64) float64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 += float64(float64(x[i]) * y[i])
		s1 += float64(float64(x[i+1]) * y[i+1])
		s2 += float64(float64(x[i+2]) * y[i+2])
		s3 += float64(float64(x[i+3]) * y[i+3])
	}
	s := (s0 + s1) + (s2 + s3)
	for ; i < len(x); i++ {
		s += float64(float64(x[i]) * y[i])
	}
	return s
}
