package mixing

import "math"

// The worst case over every state. For y ≥ 0 the relative error of row j,
// |Σ_i E_ji·y_i| / Σ_i D_ji·y_i with E = D̃ − D the operator's error, is at
// most max_i |E_ji| / D_ji, and a single source y = e_i attains it. So the
// entrywise relative error of row j of D̃ is the largest relative error
// that row can have for any non-negative state: sparse states (a few
// infectious patches far away) included, where an all-ones or uniform
// test vector averages the far field's errors away (docs/scale.md: 4.5e−6
// at tolerance 1e−6 with 1 % of 3 000 patches infectious, while the
// all-ones check said 1e−8). D̃ is symmetric (each far pair's factors and
// each near block serve both directions), so row j's entries are also the
// error of every row for the single source y = e_j.

// entryScratch is one worker's memory for rowEntryError.
type entryScratch struct {
	approx, exact []float64
	su, sv, s, c  []float64
	t             []float64
	u, v          []float64
}

// newEntryScratch returns the scratch for h.
func (h *Hierarchical) newEntryScratch() *entryScratch {
	p, np := h.rule.p, h.np
	return &entryScratch{approx: make([]float64, h.n), exact: make([]float64, h.n),
		su: make([]float64, p), sv: make([]float64, p), s: make([]float64, np), c: make([]float64, np),
		t: make([]float64, np)}
}

// leafOfPoints returns the leaf node of every tree position.
func (h *Hierarchical) leafOfPoints() []int32 {
	out := make([]int32, h.n)
	for _, k := range h.tree.leaves {
		nd := &h.tree.nodes[k]
		for i := nd.lo; i < nd.hi; i++ {
			out[i] = k
		}
	}
	return out
}

// rowEntryError returns max_{i≠j} |D̃_ji − D_ji| / D_ji for the point at
// tree position j, leaf its leaf: the row's worst relative error over all
// states y ≥ 0. Entries whose exact value is 0 (a kernel that underflows
// far away, such as exp(−d/s)) have no relative error; they are compared
// with the smallest positive exact value of the row instead.
func (h *Hierarchical) rowEntryError(j int, leaf int32, sc *entryScratch) float64 {
	approx, exact := sc.approx, sc.exact
	clear(approx)
	h.nearRowEntries(approx, j, leaf)
	for a := leaf; ; a = h.tree.nodes[a].parent {
		for _, r := range h.farOf[a] {
			h.farRowEntries(approx, j, a, r, sc)
		}
		if h.tree.nodes[a].depth <= 1 {
			break
		}
	}
	h.co.distRow(exact, j, 0, false)
	floor := math.Inf(1)
	for i, d := range exact {
		v := 0.0
		if i != j {
			v = h.decay(d)
		}
		exact[i] = v
		if v > 0 {
			floor = min(floor, v)
		}
	}
	worst := 0.0
	for i, e := range exact {
		if i == j {
			continue
		}
		diff := math.Abs(approx[i] - e)
		if e == 0 {
			e = floor
		}
		worst = max(worst, diff/e)
	}
	return worst
}

// nearRowEntries writes row j's entries of the near blocks of its leaf.
func (h *Hierarchical) nearRowEntries(approx []float64, j int, leaf int32) {
	for _, r := range h.nearOf[leaf] {
		blk := &h.near[r.block]
		a, b := &h.tree.nodes[blk.a], &h.tree.nodes[blk.b]
		w := b.hi - b.lo
		at := func(row, col int) float64 {
			if blk.data32 != nil {
				return float64(blk.data32[row*w+col])
			}
			return blk.data[row*w+col]
		}
		if !r.trans {
			for c := range w {
				approx[b.lo+c] = at(j-a.lo, c)
			}
			continue
		}
		for row := range a.hi - a.lo {
			approx[a.lo+row] = at(row, j-b.lo)
		}
	}
}

// farRowEntries writes row j's entries of far pair r of node a (an
// ancestor of j's leaf, or the leaf): D̃_ji = S_a(x_j)ᵀ·K̃·S_b(x_i) for the
// points i of the other box b, with S the tensor Chebyshev basis of each
// box (what Apply's transfers compute, up to rounding).
func (h *Hierarchical) farRowEntries(approx []float64, j int, a int32, r pairRef, sc *entryScratch) {
	p, np := h.rule.p, h.np
	lr := h.farLR[r.block]
	rank := lr.rank(np)
	if rank == 0 {
		return
	}
	sc.u, sc.v = factorsFloat64(sc.u, lr.u, lr.u32), factorsFloat64(sc.v, lr.v, lr.v32)
	left, right := sc.u, sc.v // K̃ = Σ_r u_r·v_rᵀ, rows a's nodes when not trans
	if r.trans {
		left, right = right, left
	}
	h.pointBasis(sc.s, sc.su, sc.sv, j, a)
	clear(sc.c)
	for q := range rank {
		tq := dot(left[q*np:(q+1)*np], sc.s)
		axpy(sc.c, right[q*np:(q+1)*np], tq)
	}
	b := &h.tree.nodes[r.other]
	for i := b.lo; i < b.hi; i++ {
		h.rule.basis(sc.su, ref(h.tree.u[i], b.u0, b.u1))
		h.rule.basis(sc.sv, ref(h.tree.v[i], b.v0, b.v1))
		s := 0.0
		for x, su := range sc.su {
			s += su * dot(sc.sv, sc.c[x*p:(x+1)*p])
		}
		approx[i] = s
	}
}

// pointBasis writes S_k(x_j) for the p² nodes of box k into s.
func (h *Hierarchical) pointBasis(s, su, sv []float64, j int, k int32) {
	nd, p := &h.tree.nodes[k], h.rule.p
	h.rule.basis(su, ref(h.tree.u[j], nd.u0, nd.u1))
	h.rule.basis(sv, ref(h.tree.v[j], nd.v0, nd.v1))
	for x := range p {
		for y := range p {
			s[x*p+y] = su[x] * sv[y]
		}
	}
}

// factorsFloat64 returns the factor f64 or f32 as float64, in buf.
func factorsFloat64(buf, f64 []float64, f32 []float32) []float64 {
	if f32 == nil {
		return f64
	}
	buf = buf[:0]
	for _, x := range f32 {
		buf = append(buf, float64(x))
	}
	return buf
}

// EntryCheck returns the worst relative error over every state y ≥ 0 of
// the rows (input indices): for each row j, max_i |D̃_ji − D_ji| / D_ji,
// the error of z_j for the single source y = e_i that is worst for it,
// and so a bound on z_j's relative error for any y ≥ 0 (the Max and Mean
// over the rows).
func (h *Hierarchical) EntryCheck(rows []int) ErrorReport {
	pos := h.tree.positions()
	leafOf := h.leafOfPoints()
	errs := make([]float64, len(rows))
	scs := make(chan *entryScratch, h.workers)
	_ = forTiles(h.workers, len(rows), func(r int) error {
		var sc *entryScratch
		select {
		case sc = <-scs:
		default:
			sc = h.newEntryScratch()
		}
		j := pos[rows[r]]
		errs[r] = h.rowEntryError(j, leafOf[j], sc)
		select {
		case scs <- sc:
		default:
		}
		return nil
	})
	return errorReport(errs)
}

// edgeRows returns, for leaves evenly spaced over the tree order (every
// leaf when there are at most leaves of them), the input indices of their
// points with the smallest and largest u and v: a leaf's interpolation
// error is largest on its box's edges, nearest the boxes it interacts
// with, so these rows are where the entrywise error peaks.
func (h *Hierarchical) edgeRows(leaves int) []int {
	all := h.tree.leaves
	leaves = min(leaves, len(all))
	var rows []int
	for s := range leaves {
		nd := &h.tree.nodes[all[int64(s)*int64(len(all))/int64(leaves)]]
		ext := [4]int{nd.lo, nd.lo, nd.lo, nd.lo}
		for i := nd.lo; i < nd.hi; i++ {
			u, v := h.tree.u[i], h.tree.v[i]
			if u < h.tree.u[ext[0]] {
				ext[0] = i
			}
			if u > h.tree.u[ext[1]] {
				ext[1] = i
			}
			if v < h.tree.v[ext[2]] {
				ext[2] = i
			}
			if v > h.tree.v[ext[3]] {
				ext[3] = i
			}
		}
		for _, i := range ext {
			rows = append(rows, h.tree.perm[i])
		}
	}
	return rows
}
