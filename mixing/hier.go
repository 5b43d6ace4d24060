package mixing

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// Hierarchical is a fast-summation operator for a symmetric distance kernel
// D_ij = Decay(d_ij) (d the haversine distance in km, zero diagonal):
// [Hierarchical.Apply] computes z_j = Σ_{i≠j} D_ij·y_i in O(N) time and
// memory per call after an O(N log N) build, to a relative error that the
// build measures ([Hierarchical.Estimate]: each sampled row's worst case
// over every state y ≥ 0, its largest entrywise relative error, see
// [Hierarchical.EntryCheck]) and [Hierarchical.Check] re-measures against
// the exact direct sum for one state.
//
// The method is the black-box fast multipole method (Fong and Darve 2009)
// on a tree over the sphere (hier_tree.go): boxes closer than the opening
// criterion interact exactly (near-field blocks of D, computed with the
// haversine of [Haversine] and stored once per pair of leaves), boxes
// farther apart through p×p Chebyshev interpolation of the kernel in each
// box's face coordinates (p² "proxy" weights per box, built leaves-up, one
// p²×p² kernel matrix per well-separated pair, interpolated back down to
// the points). The order p is chosen from the tolerance and raised until
// the measured error meets it.
//
// Apply is deterministic: every output is summed in an order fixed by the
// tree (which depends on the coordinates only), so the result has the same
// bits for any Workers and GOMAXPROCS. A Hierarchical is immutable once
// built and safe for concurrent Apply calls.
type Hierarchical struct {
	n       int
	workers int
	decay   func(d float64) float64
	tol     float64
	rule    chebRule
	np      int // p², Chebyshev nodes per box
	tree    *htree
	co      coords // coordinates in tree order
	// The 2D interpolation is a tensor product, so it is stored per
	// dimension: leafSU/leafSV hold S_a(u_i), S_b(v_i) (p per point, tree
	// order); transU/transV the child-to-parent transfers per node, p×p,
	// entry [a·p + a'] = S^parent_a'(node a of the child).
	leafSU, leafSV []float64
	transU, transV []float64
	nodeCo         coords      // Chebyshev node positions, p² per tree node
	far            []pairBlock // far pairs (data unused: see farLR)
	farLR          []lowRank
	farOf          [][]pairRef // per node
	near           []pairBlock
	nearOf         [][]pairRef // per leaf node
	nearOff        []int       // per near block: its offset in nearPair's output
	nearOutLen     int         // the length of nearPair's output
	est            ErrorReport
	scratch        *sync.Pool // of *applyScratch
	byDepth        [][]int32  // nodes at each depth
}

// pairBlock is a stored block of an interaction pair (a, b): rows are a's
// points, columns b's, row-major, in float64 or (tolerance ≥
// float32NearTolerance) float32.
type pairBlock struct {
	a, b   int32
	data   []float64
	data32 []float32
}

// pairRef is one entry of a node's interaction list: the other node and
// the block, transposed when the node is the block's column side.
type pairRef struct {
	other int32
	block int32
	trans bool
}

// HierarchicalOptions configures [NewHierarchical].
type HierarchicalOptions struct {
	// Tolerance is the target relative error of every z_j for y ≥ 0, in
	// (0, 1); 0 means DefaultHierarchicalTolerance.
	Tolerance float64
	// Workers is the number of goroutines of the build and of Apply (≤ 0:
	// GOMAXPROCS). It never changes the result.
	Workers int
}

// DefaultHierarchicalTolerance is the tolerance when none is given.
const DefaultHierarchicalTolerance = 1e-6

// MinHierarchicalTolerance is the smallest tolerance accepted: the
// largest interpolation order (maxChebOrder, 24) bottoms out at a relative
// error of 3.1e-13 in float64 (2000 clustered points: 1e-12 is reached at
// order 24, 1e-13 and 1e-14 are not, after 4 s and 51 s of trying). A
// smaller tolerance is refused at once instead of after every order
// (issue 37 item 6: tolerance = 1e-300 worked 19–45 s before "tolerance
// not reached").
const MinHierarchicalTolerance = 1e-12

// Errors of [NewHierarchical], usable with errors.Is.
var (
	// ErrHierarchicalTolerance: the tolerance is not in
	// [MinHierarchicalTolerance, 1) (or NaN).
	ErrHierarchicalTolerance = errors.New("mixing: hierarchical tolerance must be in [1e-12, 1) (1e-12 is the smallest float64 arithmetic reaches)")
	// ErrNoPatches: no coordinates were given.
	ErrNoPatches = errors.New("mixing: hierarchical operator needs at least one patch")
	// ErrCoincidentPatches: two patches are at distance 0 and the kernel
	// is infinite there (a power law d^(−c), c > 0).
	ErrCoincidentPatches = errors.New("mixing: patches at the same location")
	// ErrBadDecay: the kernel gave a NaN, infinite or negative value.
	ErrBadDecay = errors.New("mixing: distance kernel value is not finite and >= 0")
	// ErrToleranceNotReached: no interpolation order up to the maximum met
	// the tolerance on the sampled rows.
	ErrToleranceNotReached = errors.New("mixing: hierarchical tolerance not reached")
)

// maxChebOrder bounds the interpolation order (p² = 576 nodes per box;
// the entrywise control needs p = 21 at tolerance 1e−10, N = 20 000).
const maxChebOrder = 24

// NewHierarchical builds the operator for the points (lat[i], lon[i]) in
// degrees and the kernel decay (a pure function of the distance in km,
// finite and ≥ 0 at every distance between distinct points; gravity's is
// d^(−c)). It returns ErrNoPatches for empty input, the error of
// [Distances] for bad coordinates, ErrHierarchicalTolerance,
// ErrCoincidentPatches naming both patches (0-based indices) when two
// patches coincide and decay(0) is infinite, ErrBadDecay, or
// ErrToleranceNotReached.
func NewHierarchical(lat, lon []float64, decay func(d float64) float64, opts HierarchicalOptions) (*Hierarchical, error) {
	tol := opts.Tolerance
	if tol == 0 {
		tol = DefaultHierarchicalTolerance
	}
	if !(tol >= MinHierarchicalTolerance && tol < 1) {
		return nil, fmt.Errorf("%w (got %v)", ErrHierarchicalTolerance, opts.Tolerance)
	}
	if err := checkCoords(lat, lon); err != nil {
		return nil, err
	}
	if len(lat) == 0 {
		return nil, ErrNoPatches
	}
	if decay == nil {
		return nil, errors.New("mixing: hierarchical operator needs a decay function")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p0 := initialOrder(tol)
	base, err := buildNear(lat, lon, decay, tol, leafSizeFor(p0), workers)
	if err != nil {
		return nil, err
	}
	var last ErrorReport
	for p := p0; p <= maxChebOrder; p++ {
		h, err := base.atOrder(p)
		if err != nil {
			return nil, err
		}
		if h.est.Max <= tol*estimateShare {
			return h, nil
		}
		last = h.est
		// The failed attempt's far field is garbage (h is dead here):
		// return it before the next is built, or the heap holds both (at
		// N = 10⁶ about 4 GB each) until the GC's next cycle.
		debug.FreeOSMemory()
	}
	return nil, fmt.Errorf("%w: %v at order %d, tolerance %v", ErrToleranceNotReached, last.Max, maxChebOrder, tol)
}

// estimateShare is the share of the tolerance the build's sampled
// estimate may reach. The estimate is each sampled row's worst case over
// every state y ≥ 0 (its entrywise relative error, [Hierarchical.EntryCheck]),
// but the sample can miss the worst rows: at N = 3 000 the 256 sampled
// rows gave 2.8e−6 where every row gave 3.5e−6 (order 11).
const estimateShare = 0.5

// initialOrder is the first interpolation order tried for tol: the order
// at which the worst-case error model orderScale·orderRate^p reaches
// estimateShare·tol. The tree and the near blocks are built once for it
// (its leaf size) and kept when the order is raised; the far field is
// built again. (The first version started one order higher from 500 000
// points, because its all-ones model missed at 10⁶; the entrywise model
// is fitted to the worst pairs already.)
func initialOrder(tol float64) int {
	p := int(math.Ceil(math.Log(tol*estimateShare/orderScale) / math.Log(orderRate)))
	return min(max(p, 2), maxChebOrder)
}

// N returns the number of points.
func (h *Hierarchical) N() int { return h.n }

// Order returns the Chebyshev interpolation order p (p² nodes per box).
func (h *Hierarchical) Order() int { return h.rule.p }

// Tolerance returns the tolerance the operator was built for.
func (h *Hierarchical) Tolerance() float64 { return h.tol }

// Estimate returns the error the build measured: the worst case over
// every state y ≥ 0 of 256 sampled rows ([Hierarchical.EntryCheck]).
func (h *Hierarchical) Estimate() ErrorReport { return h.est }

// HierarchicalStats describes an operator's size ([Hierarchical.Stats]).
type HierarchicalStats struct {
	Order, Nodes, Leaves, Depth int
	NearPairs, FarPairs         int
	// NearFloats, FarFloats and InterpFloats count the stored values
	// (float32 or float64) of the near blocks, the far low-rank factors
	// and the interpolation (point weights and transfers, float64).
	NearFloats, FarFloats, InterpFloats int
}

// StoredBytes returns the bytes of the operator's stored blocks and
// interpolation weights (near blocks and far factors in float32 at
// tolerance ≥ float32NearTolerance and float32FarTolerance).
func (h *Hierarchical) StoredBytes() int {
	b := 8 * (len(h.leafSU) + len(h.leafSV) + len(h.transU) + len(h.transV))
	for _, blk := range h.near {
		b += 8*len(blk.data) + 4*len(blk.data32)
	}
	for _, lr := range h.farLR {
		b += 8*(len(lr.u)+len(lr.v)) + 4*(len(lr.u32)+len(lr.v32))
	}
	return b
}

// Stats returns the operator's size.
func (h *Hierarchical) Stats() HierarchicalStats {
	s := HierarchicalStats{Order: h.rule.p, Nodes: len(h.tree.nodes), Leaves: len(h.tree.leaves), Depth: h.tree.depth,
		NearPairs: len(h.near), FarPairs: len(h.far)}
	s.InterpFloats = len(h.leafSU) + len(h.leafSV) + len(h.transU) + len(h.transV)
	for _, b := range h.near {
		s.NearFloats += len(b.data) + len(b.data32)
	}
	for _, b := range h.farLR {
		s.FarFloats += len(b.u) + len(b.v) + len(b.u32) + len(b.v32)
	}
	return s
}
