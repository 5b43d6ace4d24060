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
	t, np := h.tree, h.np
	yt := make([]float64, h.n)
	for k, i := range t.perm {
		yt[k] = y[i]
	}
	w := make([]float64, len(t.nodes)*np) // proxy weights
	loc := make([]float64, len(t.nodes)*np)
	for d := t.depth; d >= 1; d-- {
		level := h.byDepth[d]
		_ = forTiles(h.workers, len(level), func(k int) error {
			h.upward(w, yt, level[k])
			return nil
		})
	}
	_ = forTiles(h.workers, len(t.nodes), func(k int) error {
		h.farField(loc, w, int32(k))
		return nil
	})
	for d := 2; d <= t.depth; d++ {
		level := h.byDepth[d]
		_ = forTiles(h.workers, len(level), func(k int) error {
			h.downward(loc, level[k])
			return nil
		})
	}
	zt, nt := make([]float64, h.n), []float64(nil)
	if near != nil {
		nt = make([]float64, h.n)
	}
	_ = forTiles(h.workers, len(t.leaves), func(k int) error {
		h.leafOutput(zt, nt, yt, loc, t.leaves[k])
		return nil
	})
	for k, i := range t.perm {
		z[i] = zt[k]
		if near != nil {
			near[i] = nt[k]
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

// farField adds node k's far interactions to its local expansion.
func (h *Hierarchical) farField(loc, w []float64, k int32) {
	np := h.np
	out := loc[int(k)*np : int(k+1)*np]
	for _, r := range h.farOf[k] {
		h.farLR[r.block].apply(out, w[int(r.other)*np:int(r.other+1)*np], r.trans)
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

// leafOutput computes z for the points of leaf k: the near blocks in list
// order, then the interpolated local expansion; with nt non-nil it copies
// the near part there.
func (h *Hierarchical) leafOutput(zt, nt, yt, loc []float64, k int32) {
	nd := &h.tree.nodes[k]
	out := zt[nd.lo:nd.hi]
	for _, r := range h.nearOf[k] {
		o := &h.tree.nodes[r.other]
		blk := &h.near[r.block]
		src := yt[o.lo:o.hi]
		if blk.data32 != nil {
			nearBlock(out, src, blk.data32, r.trans)
		} else {
			nearBlock(out, src, blk.data, r.trans)
		}
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

// nearBlock adds blk·src (rows = outputs) or, transposed, blkᵀ·src.
func nearBlock[T float32 | float64](out, src []float64, blk []T, trans bool) {
	if trans {
		w := len(out)
		for m, v := range src {
			axpy(out, blk[m*w:(m+1)*w], v)
		}
		return
	}
	w := len(src)
	for m := range out {
		out[m] += dot(blk[m*w:(m+1)*w], src)
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
