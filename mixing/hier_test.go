package mixing

import (
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// gravityDecay is the default gravity decay d^(−1.5) (SPEC §7.1, c = 1.5).
var gravityDecay = distanceDecay(1.5)

// randomWeights returns n deterministic pseudo-random weights in [0, 1).
func randomWeights(n int, salt uint64) []float64 {
	y := make([]float64, n)
	for i := range y {
		y[i] = unitHash(uint64(i) + salt<<32)
	}
	return y
}

// TestHierarchicalAccuracy checks the issue-27 acceptance: the relative
// error of every z_j is at most the tolerance, measured on every row (N ≤
// 20 000) against the exact direct sum, for clustered and uniform points.
// The N = 20 000 cases are long tests (RUBEOLA_LONG=1).
func TestHierarchicalAccuracy(t *testing.T) {
	type points func(n int, seed uint64) ([]float64, []float64)
	for _, tc := range []struct {
		name string
		pts  points
		n    int
		tol  float64
	}{
		{"clustered 2000 1e-3", clusteredPoints, 2000, 1e-3},
		{"clustered 2000 1e-6", clusteredPoints, 2000, 1e-6},
		{"clustered 2000 1e-9", clusteredPoints, 2000, 1e-9},
		{"uniform 2000 1e-3", uniformPoints, 2000, 1e-3},
		{"uniform 2000 1e-6", uniformPoints, 2000, 1e-6},
		{"uniform 2000 1e-9", uniformPoints, 2000, 1e-9},
		{"clustered 20000 1e-3", clusteredPoints, 20000, 1e-3},
		{"clustered 20000 1e-6", clusteredPoints, 20000, 1e-6},
		{"clustered 20000 1e-9", clusteredPoints, 20000, 1e-9},
		{"uniform 20000 1e-6", uniformPoints, 20000, 1e-6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.n > 2000 {
				testkit.Long(t, "N = 20 000: every row checked, O(N²) kernel evaluations: about 30 s each on a busy 2-core machine")
			}
			lat, lon := tc.pts(tc.n, 7)
			h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tc.tol})
			require.NoError(t, err)
			assert.LessOrEqual(t, h.Estimate().Max, tc.tol*estimateShare, "the build's own estimate")
			rep, err := h.Check(randomWeights(tc.n, 3), 0)
			require.NoError(t, err)
			assert.Equal(t, tc.n, rep.Rows, "every row is checked for N ≤ 20 000")
			assert.LessOrEqual(t, rep.Max, tc.tol, "max relative error over all rows, order %d", h.Order())
			assert.LessOrEqual(t, rep.Mean, rep.Max)
		})
	}
}

// TestHierarchicalExponentialKernel checks a user kernel exp(−d/100 km):
// coincident patches are allowed (the kernel is finite at 0) and counted,
// and every row's worst state is within the tolerance. The tolerance is
// 1e−5: the kernel falls about e⁵-fold across a far pair here, so its
// entrywise relative error converges slowly (1e−6 is not reached by order
// 24: 8.6e−7 on the sampled rows, above estimateShare·1e−6; 1e−5 needs
// order 16).
func TestHierarchicalExponentialKernel(t *testing.T) {
	lat, lon := clusteredPoints(3000, 11)
	lat[5], lon[5] = lat[4], lon[4] // a coincident pair
	decay := func(d float64) float64 { return math.Exp(-d / 100) }
	const tol = 1e-5
	h, err := NewHierarchical(lat, lon, decay, HierarchicalOptions{Tolerance: tol})
	require.NoError(t, err)
	rep, err := h.Check(nil, 0)
	require.NoError(t, err)
	assert.LessOrEqual(t, rep.Max, tol)
	assert.LessOrEqual(t, h.EntryCheck(checkRows(len(lat), len(lat))).Max, tol, "every row's worst state")
	// Patch 4's sum includes patch 5 at distance 0 with weight decay(0) = 1.
	y := make([]float64, len(lat))
	y[5] = 1
	z := make([]float64, len(lat))
	h.Apply(z, y)
	assert.InDelta(t, 1, z[4], tol, "z_4 = D_54·y_5 = exp(0)")
	assert.Zero(t, z[5], "the diagonal is excluded")
}

// TestHierarchicalPolesAntimeridian puts points on both sides of 180° and
// around both poles: the cube-face tree has no seam there, so the error
// stays within the tolerance.
func TestHierarchicalPolesAntimeridian(t *testing.T) {
	const n, tol = 3000, 1e-6
	lat, lon := make([]float64, n), make([]float64, n)
	for i := range n {
		u, v := unitHash(uint64(2*i)), unitHash(uint64(2*i+1))
		switch i % 3 {
		case 0: // across the antimeridian: lon in [170, 180] ∪ [−180, −170]
			lat[i], lon[i] = -20+40*u, 170+20*v
			if lon[i] > 180 {
				lon[i] -= 360
			}
		case 1: // north polar cap, including the pole itself
			lat[i], lon[i] = 80+10*u, -180+360*v
		default: // south polar cap
			lat[i], lon[i] = -90+10*u, -180+360*v
		}
	}
	lat[1], lon[1] = 90, 0
	lat[2], lon[2] = -90, 0
	lat[0], lon[0] = 0, 180
	lat[3], lon[3] = 0, -179.999
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol})
	require.NoError(t, err)
	rep, err := h.Check(randomWeights(n, 5), 0)
	require.NoError(t, err)
	assert.LessOrEqual(t, rep.Max, tol)
	// Across the seam: patches 0 and 3 are 0.001° (111 m) apart.
	y := make([]float64, n)
	y[3] = 1
	z := make([]float64, n)
	h.Apply(z, y)
	assert.InDelta(t, gravityDecay(Haversine(0, 180, 0, -179.999)), z[0], tol*z[0])
}

// TestHierarchicalDeterministic checks the same bits for any worker count
// and GOMAXPROCS (SPEC §7.5 rule 1).
func TestHierarchicalDeterministic(t *testing.T) {
	lat, lon := clusteredPoints(5000, 13)
	y := randomWeights(len(lat), 9)
	var want []float64
	for _, tc := range []struct{ procs, workers int }{{1, 1}, {2, 2}, {4, 7}, {2, 0}} {
		prev := runtime.GOMAXPROCS(tc.procs)
		h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Workers: tc.workers})
		require.NoError(t, err)
		z := make([]float64, len(lat))
		h.Apply(z, y)
		runtime.GOMAXPROCS(prev)
		if want == nil {
			want = z
			continue
		}
		for j := range z {
			require.Equal(t, math.Float64bits(want[j]), math.Float64bits(z[j]), "z[%d] with GOMAXPROCS %d, %d workers", j, tc.procs, tc.workers)
		}
	}
}

// TestHierarchicalSmall checks tiny inputs against the direct sum.
func TestHierarchicalSmall(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lat, lon []float64
	}{
		{"one patch", []float64{10}, []float64{5}},
		{"two patches", []float64{40, 34}, []float64{4, 10}},
		{"three collinear", []float64{0, 0, 0}, []float64{0, 1, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := NewHierarchical(tc.lat, tc.lon, gravityDecay, HierarchicalOptions{})
			require.NoError(t, err)
			n := len(tc.lat)
			assert.Equal(t, n, h.N())
			y := randomWeights(n, 1)
			z := make([]float64, n)
			h.Apply(z, y)
			for j := range n {
				want := 0.0
				for i := range n {
					if i != j {
						want += gravityDecay(Haversine(tc.lat[i], tc.lon[i], tc.lat[j], tc.lon[j])) * y[i]
					}
				}
				// Small sets are all near field, stored as float32 at the
				// default tolerance (float32NearTolerance): within 2⁻²³
				// relative (2⁻²⁴ per entry, all terms > 0, plus sum rounding).
				if want == 0 {
					assert.Zero(t, z[j], "z[%d]: no other patch", j)
					continue
				}
				assert.InEpsilon(t, want, z[j], 0x1p-23, "z[%d]", j)
			}
		})
	}
}

// TestHierarchicalBadInput checks the named errors.
func TestHierarchicalBadInput(t *testing.T) {
	lat, lon := clusteredPoints(500, 17)
	dupLat, dupLon := append([]float64(nil), lat...), append([]float64(nil), lon...)
	dupLat[400], dupLon[400] = dupLat[12], dupLon[12]
	for _, tc := range []struct {
		name     string
		lat, lon []float64
		tol      float64
		want     error
		contains string
	}{
		{"duplicate coordinates, power law", dupLat, dupLon, 1e-6, ErrCoincidentPatches, "patches 12 and 400"},
		{"no patches", nil, nil, 1e-6, ErrNoPatches, ""},
		{"tolerance negative", lat, lon, -1e-6, ErrHierarchicalTolerance, "-1e-06"},
		{"tolerance one", lat, lon, 1, ErrHierarchicalTolerance, ""},
		{"tolerance below float64's reach", lat, lon, 1e-300, ErrHierarchicalTolerance, "1e-300"},
		{"tolerance NaN", lat, lon, math.NaN(), ErrHierarchicalTolerance, "NaN"},
		{"latitude out of range", []float64{91, 0}, []float64{0, 0}, 1e-6, nil, "lat[0] = 91"},
		{"longitude NaN", []float64{0, 0}, []float64{0, math.NaN()}, 1e-6, nil, "lon[1] = NaN"},
		{"length mismatch", []float64{0, 0}, []float64{0}, 1e-6, nil, "2 latitudes but 1 longitudes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewHierarchical(tc.lat, tc.lon, gravityDecay, HierarchicalOptions{Tolerance: tc.tol})
			require.Error(t, err)
			if tc.want != nil {
				assert.ErrorIs(t, err, tc.want)
			}
			assert.Contains(t, err.Error(), tc.contains)
		})
	}
	t.Run("negative kernel", func(t *testing.T) {
		_, err := NewHierarchical(lat, lon, func(d float64) float64 { return -d }, HierarchicalOptions{})
		assert.ErrorIs(t, err, ErrBadDecay)
	})
	t.Run("check weights", func(t *testing.T) {
		h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{})
		require.NoError(t, err)
		_, err = h.Check(make([]float64, 3), 0)
		assert.ErrorContains(t, err, "3 weights for 500 patches")
		y := make([]float64, 500)
		y[7] = -1
		_, err = h.Check(y, 0)
		assert.ErrorContains(t, err, "y[7] = -1")
	})
}

// TestHierarchicalDefaultTolerance checks that 0 means the default.
func TestHierarchicalDefaultTolerance(t *testing.T) {
	lat, lon := clusteredPoints(300, 19)
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{})
	require.NoError(t, err)
	assert.Equal(t, DefaultHierarchicalTolerance, h.Tolerance())
}

// Hierarchical has exactly the two methods of the DistanceOperator seam
// the Infection storage option consumes (checked at compile time).
var _ interface {
	N() int
	Apply(z, y []float64)
} = (*Hierarchical)(nil)

// TestHierarchicalRaisedOrder: when the first order misses the estimate
// (clustered N = 8 000, seed 2, at tolerance 1e−5: the error model's
// order 12 measured 3.9e−6 > estimateShare·1e−5 on the sampled rows, 13
// met it; found by running the build over seeds 1–3 and N = 5 000, 8 000),
// the build raises the order on the first order's tree and near blocks
// and still meets the tolerance on every row for a sparse state.
func TestHierarchicalRaisedOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("N = 8 000: every row checked")
	}
	const n, tol = 8000, 1e-5
	lat, lon := clusteredPoints(n, 2)
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol, Workers: 2})
	require.NoError(t, err)
	p0 := initialOrder(tol)
	require.Greater(t, h.Order(), p0, "this case raises the order")
	first, err := buildNear(lat, lon, gravityDecay, tol, leafSizeFor(p0), 1)
	require.NoError(t, err)
	assert.Equal(t, first.tree.perm, h.tree.perm, "the first order's tree")
	assert.Equal(t, first.near, h.near, "the first order's near blocks")
	rep, err := h.Check(sparseState(randomWeights(n, 3)), 0)
	require.NoError(t, err)
	assert.LessOrEqual(t, rep.Max, tol, "max relative error over all rows, order %d", h.Order())
}

// TestInitialOrder: the error model's order (orderScale·orderRate^p ≤
// estimateShare·tol: p = 14 at 1e−6, 40·0.26^14 = 2.6e−7 ≤ 5e−7 <
// 40·0.26^13 = 1.0e−6).
func TestInitialOrder(t *testing.T) {
	assert.Equal(t, 14, initialOrder(1e-6))
	assert.Equal(t, maxChebOrder, initialOrder(1e-15), "capped")
	assert.Equal(t, 4, initialOrder(0.99), "40·0.26^4 = 0.18 ≤ 0.495 < 40·0.26^3 = 0.70")
}
