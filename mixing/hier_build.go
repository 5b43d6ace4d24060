package mixing

import (
	"fmt"
	"math"
	"sync"
)

// openingRatio is the admissibility of a box pair (A, B) for the far
// field: rA + rB ≤ openingRatio · |cA − cB| (bounding-sphere radii and
// centres on the unit sphere). Smaller means more near field and a faster
// converging interpolation; 0.65 gave the fewest stored values per point
// at tolerance 1e−6 among 0.4, 0.5, 0.65 and 0.8 (clustered points,
// N = 20 000 and 100 000; docs/scale.md).
const openingRatio = 0.65

// The far field's entrywise relative error at openingRatio (the worst
// case over all states y ≥ 0, hier_entry.go) falls as orderRate^p:
// 3.5e−6, 8.6e−7, 2.6e−7, 9.7e−8 at p = 11…14 on clustered points at
// N = 3 000 (float64 factors), and grows with N as more box pairs sit at
// the opening limit: 1.0e−6 at p = 13 on N = 20 000, where orderScale
// comes from. The relative error for all-ones weights is about 200 times
// smaller (0.2·0.26^p, the first version's model), which is why that
// check passed rows that a few distant infectious patches pushed to 4.5
// times the tolerance.
const (
	orderRate  = 0.26
	orderScale = 40
)

// acaShare is the far-field compression's share of the tolerance: the
// cross approximation stops when every residual entry is at most
// acaShare·tolerance times its kernel value.
const acaShare = 0.1

// float32NearTolerance is the smallest tolerance at which the near blocks
// are stored as float32: rounding to float32 changes each entry by at most
// 2⁻²⁴ ≈ 6e−8 relative, so for y ≥ 0 (all terms ≥ 0) the near-field sum
// by at most 6e−8 relative, 6 % of a 1e−6 budget, for half the bytes.
const float32NearTolerance = 1e-6

// float32FarTolerance is the smallest tolerance at which the far-field
// factors are stored as float32 (applied by the float32 tile kernel):
// rounding each factor entry changes a rank term by at most about 1.2e−7
// relative. Measured (clustered points, tolerance 1e−6): N = 10⁵ stores
// 523 MB instead of 652 at the same order 11; N = 10⁶ 7.7 GB instead of
// 9.3 at order 12, 8.5 GB peak RSS instead of 10.6; N = 20 000 needs
// order 12 instead of 11 (111 MB instead of 120, max error 0.06 of the
// tolerance on every row).
const float32FarTolerance = 1e-6

// leafSizeFor returns the leaf size for order p: leaves hold 3p²/4 to
// 3p²/2 points (and at least 32 for the SIMD near field). With the near
// blocks read once by the SIMD tile kernels, near values cost less than
// far ones: at N = 5 000 (BenchmarkHierarchicalVsFactored) leaves of up to
// 1.5p² took 2.9 ms CPU per Apply against 4.0 ms with up to p², for the
// same stored bytes; 2p² took 3.3–3.5 ms and stored 28 % more at
// N = 10⁵.
//
// The leaf size is capped at leafSizeCap: the near blocks are most of the
// stored bytes (80 % at N = 20 000, order 14), and leaves of up to 1.5p²
// at the orders the worst-case control needs (p = 14–15 at 1e−6) let the
// kd-tree's halving stop one level early at some N: 3·10⁵ points stored
// 11.9 KB per point in 1 024 leaves of 293 against 8.2 KB at 10⁵.
func leafSizeFor(p int) int { return max(32, min(p*p*3/2, leafSizeCap)) }

// leafSizeCap is the largest leaf: 1.5·12², the leaf of the order the
// first version used at 1e−6 from 500 000 points (7.7 KB per point at
// N = 10⁶).
const leafSizeCap = 216

// buildNear builds what does not depend on the interpolation order: the
// tree with leaves of at most leaf points, the interaction lists and the
// near blocks. [Hierarchical.atOrder] completes it.
func buildNear(lat, lon []float64, decay func(float64) float64, tol float64, leaf, workers int) (*Hierarchical, error) {
	n := len(lat)
	x := make([][3]float64, n)
	for i := range n {
		x[i] = unitVector(lat[i], lon[i])
	}
	t := buildTree(x, leaf)
	latT, lonT := make([]float64, n), make([]float64, n)
	for k, i := range t.perm {
		latT[k], lonT[k] = lat[i], lon[i]
	}
	h := &Hierarchical{n: n, workers: workers, decay: decay, tol: tol, tree: t, co: newCoords(latT, lonT)}
	h.byDepth = make([][]int32, t.depth+1)
	for k := range t.nodes {
		d := t.nodes[k].depth
		h.byDepth[d] = append(h.byDepth[d], int32(k))
	}
	h.buildLists()
	h.nearOff, h.nearOutLen = h.nearOffsets()
	if err := h.buildNearBlocks(); err != nil {
		return nil, err
	}
	return h, nil
}

// atOrder returns the operator of h's tree and near blocks (shared,
// immutable) at interpolation order p, with its measured error.
func (h *Hierarchical) atOrder(p int) (*Hierarchical, error) {
	o := *h
	o.rule, o.np = newChebRule(p), p*p
	o.scratch = &sync.Pool{New: func() any { return new(applyScratch) }}
	o.buildInterpolation()
	if err := o.buildFarBlocks(); err != nil {
		return nil, err
	}
	o.est = o.EntryCheck(o.estimateSample())
	return &o, nil
}

// admissible reports whether boxes a and b are far enough apart for the
// far field: rA + rB ≤ openingRatio times the distance from cA to the
// nearer of cB and its antipode −cB. The great-circle distance is not
// smooth where x = y nor where x = −y (the cut locus: d = πR), so both are
// singularities of the kernel for the interpolation; without the antipodal
// condition the error of uniform points on the whole sphere stalled at
// 2e−6 for p = 8…13.
func admissible(a, b *hnode) bool {
	anti := [3]float64{-b.center[0], -b.center[1], -b.center[2]}
	sep := min(chord(a.center, b.center), chord(a.center, anti))
	return a.radius+b.radius <= openingRatio*sep
}

// buildInterpolation fills the node positions, the leaves' point-to-node
// weights and the child-to-parent transfers.
func (h *Hierarchical) buildInterpolation() {
	t, np, r := h.tree, h.np, h.rule
	nodeLat, nodeLon := make([]float64, len(t.nodes)*np), make([]float64, len(t.nodes)*np)
	p := r.p
	h.leafSU, h.leafSV = make([]float64, h.n*p), make([]float64, h.n*p)
	h.transU, h.transV = make([]float64, len(t.nodes)*p*p), make([]float64, len(t.nodes)*p*p)
	_ = forTiles(h.workers, len(t.nodes), func(k int) error {
		if k == 0 {
			return nil
		}
		nd := &t.nodes[k]
		for m := range np {
			u, v := r.nodeUV(nd, m)
			nodeLat[k*np+m], nodeLon[k*np+m] = latLonOf(fromFace(nd.face, u, v))
		}
		if nd.leaf() {
			for i := nd.lo; i < nd.hi; i++ {
				r.basis(h.leafSU[i*p:(i+1)*p], ref(t.u[i], nd.u0, nd.u1))
				r.basis(h.leafSV[i*p:(i+1)*p], ref(t.v[i], nd.v0, nd.v1))
			}
		}
		if nd.depth >= 2 {
			par := &t.nodes[nd.parent]
			for a := range p {
				u, v := r.nodeUV(nd, a*p+a)
				r.basis(h.transU[(k*p+a)*p:(k*p+a+1)*p], ref(u, par.u0, par.u1))
				r.basis(h.transV[(k*p+a)*p:(k*p+a+1)*p], ref(v, par.v0, par.v1))
			}
		}
		return nil
	})
	h.nodeCo = newCoords(nodeLat, nodeLon)
}

// latLonOf returns the latitude and longitude in degrees of the unit
// vector x.
func latLonOf(x [3]float64) (lat, lon float64) {
	return math.Atan2(x[2], math.Hypot(x[0], x[1])) / degToRad, math.Atan2(x[1], x[0]) / degToRad
}

// buildLists runs the dual-tree traversal: every pair of points is covered
// by exactly one near block (both leaves) or one far pair (admissible
// boxes), each unordered pair of boxes stored once.
func (h *Hierarchical) buildLists() {
	t := h.tree
	var interact func(a, b int32)
	interact = func(a, b int32) {
		ka, kb := t.children(a), t.children(b)
		if a == b {
			if len(ka) == 0 {
				h.near = append(h.near, pairBlock{a: a, b: a})
				return
			}
			for i := range ka {
				for j := i; j < len(ka); j++ {
					interact(ka[i], ka[j])
				}
			}
			return
		}
		na, nb := &t.nodes[a], &t.nodes[b]
		if admissible(na, nb) {
			h.far = append(h.far, pairBlock{a: a, b: b})
			return
		}
		switch {
		case len(ka) == 0 && len(kb) == 0:
			h.near = append(h.near, pairBlock{a: a, b: b})
		case len(kb) == 0 || (len(ka) > 0 && na.radius >= nb.radius):
			for _, c := range ka {
				interact(c, b)
			}
		default:
			for _, c := range kb {
				interact(a, c)
			}
		}
	}
	interact(0, 0)
	h.farOf = refLists(len(t.nodes), h.far)
	h.nearOf = refLists(len(t.nodes), h.near)
}

// refLists returns every node's interaction list over the blocks, in
// block order (the traversal's order, which depends on the tree only).
func refLists(nodes int, blocks []pairBlock) [][]pairRef {
	out := make([][]pairRef, nodes)
	for k, b := range blocks {
		out[b.a] = append(out[b.a], pairRef{other: b.b, block: int32(k)})
		if b.b != b.a {
			out[b.b] = append(out[b.b], pairRef{other: b.a, block: int32(k), trans: true})
		}
	}
	return out
}

// buildNearBlocks computes the near blocks (exact kernel values).
func (h *Hierarchical) buildNearBlocks() error {
	nodes := h.tree.nodes
	rows := sync.Pool{New: func() any { return new([]float64) }}
	return forTiles(h.workers, len(h.near), func(k int) error {
		blk := &h.near[k]
		a, b := &nodes[blk.a], &nodes[blk.b]
		w := b.hi - b.lo
		f32 := h.tol >= float32NearTolerance
		if f32 {
			blk.data32 = make([]float32, (a.hi-a.lo)*w)
		} else {
			blk.data = make([]float64, (a.hi-a.lo)*w)
		}
		// One float64 row at a time, converted in place, in a pooled row:
		// the build makes no garbage per block (at N = 10⁶ a whole float64
		// block per block doubled the peak memory; a new row per block made
		// 385 MB of garbage at 10⁵).
		rp := rows.Get().(*[]float64)
		defer rows.Put(rp)
		if cap(*rp) < w {
			*rp = make([]float64, w)
		}
		row := (*rp)[:w]
		for i := a.lo; i < a.hi; i++ {
			h.co.distRow(row, i, b.lo, false)
			for c, d := range row {
				j := b.lo + c
				if j == i {
					row[c] = 0
					continue
				}
				v := h.decay(d)
				if !(v >= 0 && v <= math.MaxFloat64) {
					return h.decayError(i, j, d, v)
				}
				row[c] = v
			}
			r := i - a.lo
			if f32 {
				for c, v := range row {
					blk.data32[r*w+c] = float32(v)
				}
			} else {
				copy(blk.data[r*w:(r+1)*w], row)
			}
		}
		return nil
	})
}

// buildFarBlocks computes the kernel matrices between the Chebyshev nodes
// of the far pairs (the SIMD haversine rows of distrow.go between the
// nodes' latitudes and longitudes, then the decay) and compresses them.
func (h *Hierarchical) buildFarBlocks() error {
	np := h.np
	h.farLR = make([]lowRank, len(h.far))
	scratch := sync.Pool{New: func() any { return new(acaScratch) }}
	return forTiles(h.workers, len(h.far), func(k int) error {
		blk := &h.far[k]
		sc := scratch.Get().(*acaScratch)
		defer scratch.Put(sc)
		kb := sc.block(np)
		a0, b0 := int(blk.a)*np, int(blk.b)*np
		for m := range np {
			row := kb[m*np : (m+1)*np]
			h.nodeCo.distRow(row, a0+m, b0, false)
			for q, d := range row {
				row[q] = h.decay(d)
			}
		}
		h.farLR[k] = compressACA(kb, np, h.tol*acaShare, h.tol >= float32FarTolerance, sc)
		return nil
	})
}

// decayError is the error for a bad kernel value v at distance d between
// tree positions i and j, naming the patches by their input indices.
func (h *Hierarchical) decayError(i, j int, d, v float64) error {
	pi, pj := h.tree.perm[i], h.tree.perm[j]
	pi, pj = min(pi, pj), max(pi, pj)
	if d == 0 {
		return fmt.Errorf("%w: patches %d and %d are at distance 0 and the kernel is %v there; "+
			"a power-law decay needs distinct locations", ErrCoincidentPatches, pi, pj, v)
	}
	return fmt.Errorf("%w: %v at distance %v km (patches %d and %d)", ErrBadDecay, v, d, pi, pj)
}
