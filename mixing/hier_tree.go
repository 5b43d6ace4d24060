package mixing

import (
	"math"
	"sort"
)

// The hierarchical operator's spatial tree. Every point is placed on one of
// the six faces of the cube circumscribing the unit sphere by the gnomonic
// (central) projection: the face is the axis of the largest |component| of
// the point's unit vector x, and the face coordinates are the other two
// components divided by that one, (u, v) ∈ [−1, 1]². Great circles are
// straight lines in these coordinates and the inverse map is analytic, so
// g(d(x, y)) is an analytic function of (u, v) away from x = y on every
// face: the far field can be interpolated in 2D (p² Chebyshev nodes per box
// instead of p³ for an octree over the 3D coordinates, whose boxes mostly
// hold points on a 2D surface), and poles and the antimeridian are
// interior points of a face (±z and −x), not coordinate seams. Distances
// stay great-circle everywhere: the kernel is evaluated at the 3D positions
// of points and Chebyshev nodes.
//
// Below the six faces the tree is a kd-tree: a box with more than leafSize
// points is split at the median of its longer side, so clustered patches
// (cities, a country's raster cells) give a balanced tree of depth
// log2(N/leafSize) however heavy the clustering, and coincident points do
// not make it deeper.

// hnode is a box of the hierarchical tree: the points [lo, hi) of the tree
// order, on one face, inside the rectangle [u0, u1]×[v0, v1].
type hnode struct {
	face           int // 0…5: axis·2 + (1 if negative)
	lo, hi         int
	child          [2]int32 // children (−1: none)
	parent         int32
	depth          int32
	u0, u1, v0, v1 float64
	center         [3]float64 // 3D image of the rectangle's centre
	radius         float64    // bound on the chord from center to any point of the box
}

// leaf reports whether n has no children.
func (n *hnode) leaf() bool { return n.child[0] < 0 }

// faceOf returns the cube face and gnomonic coordinates of the unit vector x.
func faceOf(x [3]float64) (face int, u, v float64) {
	ax, ay, az := math.Abs(x[0]), math.Abs(x[1]), math.Abs(x[2])
	axis := 0
	if ay > ax && ay >= az {
		axis = 1
	} else if az > ax && az > ay {
		axis = 2
	}
	a, b := (axis+1)%3, (axis+2)%3
	m := x[axis]
	face = 2 * axis
	if m < 0 {
		face++
	}
	am := math.Abs(m)
	return face, x[a] / am, x[b] / am
}

// fromFace is the inverse of faceOf: the unit vector of (u, v) on face.
func fromFace(face int, u, v float64) [3]float64 {
	axis := face / 2
	s := 1.0
	if face%2 == 1 {
		s = -1
	}
	inv := 1 / math.Sqrt(1+u*u+v*v)
	var x [3]float64
	x[axis] = s * inv
	x[(axis+1)%3] = u * inv
	x[(axis+2)%3] = v * inv
	return x
}

// unitVector returns the 3D unit vector of (lat, lon) in degrees.
func unitVector(lat, lon float64) [3]float64 {
	phi, lam := lat*degToRad, lon*degToRad
	c := math.Cos(phi)
	return [3]float64{c * math.Cos(lam), c * math.Sin(lam), math.Sin(phi)}
}

// chord returns |x − y|.
func chord(x, y [3]float64) float64 {
	dx, dy, dz := x[0]-y[0], x[1]-y[1], x[2]-y[2]
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// minBoxWidth is the smallest side of a box rectangle in face coordinates
// (about 6 mm on the ground): boxes of coincident or collinear points are
// padded to it so their Chebyshev nodes are distinct.
const minBoxWidth = 1e-9

// htree is the tree: nodes[0] is the root (all faces, no rectangle),
// perm[k] the original index of the point at tree position k.
type htree struct {
	nodes     []hnode
	perm      []int
	face      []int8
	u, v      []float64
	leaves    []int32 // leaf node indices in tree order
	rootFaces []int32 // the root's children: one node per non-empty face
	depth     int     // maximum depth
}

// children returns node k's children.
func (t *htree) children(k int32) []int32 {
	if k == 0 {
		return t.rootFaces
	}
	nd := &t.nodes[k]
	if nd.leaf() {
		return nil
	}
	return nd.child[:]
}

// positions returns the tree position of every input index (the inverse
// of perm).
func (t *htree) positions() []int {
	pos := make([]int, len(t.perm))
	for k, i := range t.perm {
		pos[i] = k
	}
	return pos
}

// buildTree builds the tree of the points x (unit vectors) with at most
// leafSize points per leaf.
func buildTree(x [][3]float64, leafSize int) *htree {
	n := len(x)
	t := &htree{perm: make([]int, n), face: make([]int8, n), u: make([]float64, n), v: make([]float64, n)}
	fu, fv, ff := make([]float64, n), make([]float64, n), make([]int8, n)
	for i := range n {
		f, u, v := faceOf(x[i])
		ff[i], fu[i], fv[i] = int8(f), u, v
		t.perm[i] = i
	}
	// Tree order: by face, then kd splits within each face.
	sort.SliceStable(t.perm, func(a, b int) bool { return ff[t.perm[a]] < ff[t.perm[b]] })
	t.nodes = append(t.nodes, hnode{lo: 0, hi: n, child: [2]int32{-1, -1}, parent: -1, face: -1})
	var faces []int32
	for lo := 0; lo < n; {
		f := ff[t.perm[lo]]
		hi := lo
		for hi < n && ff[t.perm[hi]] == f {
			hi++
		}
		faces = append(faces, int32(len(t.nodes)))
		t.nodes = append(t.nodes, hnode{face: int(f), lo: lo, hi: hi, child: [2]int32{-1, -1}, parent: 0, depth: 1})
		lo = hi
	}
	for _, fi := range faces {
		t.split(fi, fu, fv, leafSize)
	}
	for i := range n {
		p := t.perm[i]
		t.face[i], t.u[i], t.v[i] = ff[p], fu[p], fv[p]
	}
	for k := range t.nodes {
		nd := &t.nodes[k]
		if k > 0 && nd.leaf() {
			t.leaves = append(t.leaves, int32(k))
		}
		t.depth = max(t.depth, int(nd.depth))
	}
	t.rootFaces = faces
	return t
}

// split fills node k's rectangle and splits it recursively.
func (t *htree) split(k int32, fu, fv []float64, leafSize int) {
	nd := &t.nodes[k]
	lo, hi := nd.lo, nd.hi
	u0, u1, v0, v1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range t.perm[lo:hi] {
		u0, u1 = min(u0, fu[p]), max(u1, fu[p])
		v0, v1 = min(v0, fv[p]), max(v1, fv[p])
	}
	u0, u1 = padInterval(u0, u1)
	v0, v1 = padInterval(v0, v1)
	nd.u0, nd.u1, nd.v0, nd.v1 = u0, u1, v0, v1
	nd.center = fromFace(nd.face, (u0+u1)/2, (v0+v1)/2)
	r := 0.0
	for _, uu := range [3]float64{u0, (u0 + u1) / 2, u1} {
		for _, vv := range [3]float64{v0, (v0 + v1) / 2, v1} {
			r = max(r, chord(nd.center, fromFace(nd.face, uu, vv)))
		}
	}
	// The image of the rectangle is a spherical quadrilateral bounded by
	// great-circle arcs; its farthest point from the centre is a corner.
	// The margin covers rounding.
	nd.radius = r * (1 + 1e-9)
	if hi-lo <= leafSize {
		return
	}
	key := fu
	if v1-v0 > u1-u0 {
		key = fv
	}
	seg := t.perm[lo:hi]
	sort.Slice(seg, func(a, b int) bool {
		ka, kb := key[seg[a]], key[seg[b]]
		if ka != kb {
			return ka < kb
		}
		return seg[a] < seg[b]
	})
	mid := lo + (hi-lo)/2
	face, depth := nd.face, nd.depth+1
	a := int32(len(t.nodes))
	t.nodes = append(t.nodes,
		hnode{face: face, lo: lo, hi: mid, child: [2]int32{-1, -1}, parent: k, depth: depth},
		hnode{face: face, lo: mid, hi: hi, child: [2]int32{-1, -1}, parent: k, depth: depth})
	t.nodes[k].child = [2]int32{a, a + 1}
	t.split(a, fu, fv, leafSize)
	t.split(a+1, fu, fv, leafSize)
}

// padInterval widens [a, b] symmetrically to at least minBoxWidth.
func padInterval(a, b float64) (float64, float64) {
	if w := b - a; w < minBoxWidth {
		c := (a + b) / 2
		return c - minBoxWidth/2, c + minBoxWidth/2
	}
	return a, b
}
