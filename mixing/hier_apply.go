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
	zt := make([]float64, h.n)
	_ = forTiles(h.workers, len(t.leaves), func(k int) error {
		h.leafOutput(zt, yt, loc, t.leaves[k])
		return nil
	})
	for k, i := range t.perm {
		z[i] = zt[k]
	}
}

// upward computes node k's proxy weights: from its points (leaf) or from
// its children's weights through the transfers.
func (h *Hierarchical) upward(w, yt []float64, k int32) {
	np := h.np
	out := w[int(k)*np : int(k+1)*np]
	nd := &h.tree.nodes[k]
	if nd.leaf() {
		for i := nd.lo; i < nd.hi; i++ {
			axpy(out, h.leafS[i*np:(i+1)*np], yt[i])
		}
		return
	}
	for _, c := range nd.child {
		wc := w[int(c)*np : int(c+1)*np]
		tr := h.trans[int(c)*np*np : int(c+1)*np*np]
		for m, v := range wc {
			axpy(out, tr[m*np:(m+1)*np], v)
		}
	}
}

// farField adds node k's far interactions to its local expansion.
func (h *Hierarchical) farField(loc, w []float64, k int32) {
	np := h.np
	out := loc[int(k)*np : int(k+1)*np]
	for _, r := range h.farOf[k] {
		kb := h.far[r.block].data
		src := w[int(r.other)*np : int(r.other+1)*np]
		if r.trans {
			for m, v := range src {
				axpy(out, kb[m*np:(m+1)*np], v)
			}
		} else {
			for m := range out {
				out[m] += dot(kb[m*np:(m+1)*np], src)
			}
		}
	}
}

// downward adds the parent's local expansion, interpolated, to node k's.
func (h *Hierarchical) downward(loc []float64, k int32) {
	np := h.np
	out := loc[int(k)*np : int(k+1)*np]
	par := loc[int(h.tree.nodes[k].parent)*np : int(h.tree.nodes[k].parent+1)*np]
	tr := h.trans[int(k)*np*np : int(k+1)*np*np]
	for m := range out {
		out[m] += dot(tr[m*np:(m+1)*np], par)
	}
}

// leafOutput computes z for the points of leaf k: the near blocks in list
// order, then the interpolated local expansion.
func (h *Hierarchical) leafOutput(zt, yt, loc []float64, k int32) {
	nd := &h.tree.nodes[k]
	out := zt[nd.lo:nd.hi]
	for _, r := range h.nearOf[k] {
		o := &h.tree.nodes[r.other]
		blk := h.near[r.block].data
		src := yt[o.lo:o.hi]
		if r.trans {
			w := len(out)
			for m, v := range src {
				axpy(out, blk[m*w:(m+1)*w], v)
			}
		} else {
			w := len(src)
			for m := range out {
				out[m] += dot(blk[m*w:(m+1)*w], src)
			}
		}
	}
	np := h.np
	l := loc[int(k)*np : int(k+1)*np]
	for i := range out {
		out[i] += dot(h.leafS[(nd.lo+i)*np:(nd.lo+i+1)*np], l)
	}
}

// axpy adds a·x to out (len(x) ≥ len(out)).
func axpy(out, x []float64, a float64) {
	x = x[:len(out)]
	for i := range out {
		out[i] += float64(a * x[i])
	}
}

// dot returns Σ x_i·y_i in index order (len(y) ≥ len(x)).
func dot(x, y []float64) float64 {
	y = y[:len(x)]
	s := 0.0
	for i := range x {
		s += float64(x[i] * y[i])
	}
	return s
}
