package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHierarchicalWorstCaseState checks the error for every state y ≥ 0:
// each row's entrywise relative error (EntryCheck), which is the error of
// that row for its worst single infectious patch, on every row. Clustered
// points, N = 3 000, seed 1, tolerance 1e−6: the first version's control
// (order 11 from the all-ones error model, cross approximation relative
// to each block's largest entry) measured 3.5e−6 here, and 4.5e−6 on λ
// with 1 % of 3 000 synthetic patches infectious (docs/scale.md).
func TestHierarchicalWorstCaseState(t *testing.T) {
	for _, tc := range []struct {
		name string
		tol  float64
	}{
		{"1e-4", 1e-4},
		{"1e-6", 1e-6},
		{"1e-8", 1e-8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 3000
			lat, lon := clusteredPoints(n, 1)
			h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tc.tol})
			require.NoError(t, err)
			rep := h.EntryCheck(checkRows(n, n))
			assert.Equal(t, n, rep.Rows)
			assert.LessOrEqual(t, rep.Max, tc.tol, "worst state of every row, order %d", h.Order())
		})
	}
}

// TestHierarchicalEntryCheckMatchesApply checks that the entries EntryCheck
// measures are Apply's: z = Apply(e_i) is column i of D̃, and by symmetry
// row i's entries, which rowEntryError computes through the basis of each
// box directly instead of Apply's transfers (the same polynomials, so equal
// up to rounding: 1e−12 relative allows some 10⁴ roundings of 2⁻⁵³).
func TestHierarchicalEntryCheckMatchesApply(t *testing.T) {
	const n = 3000
	lat, lon := clusteredPoints(n, 1)
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{})
	require.NoError(t, err)
	leafOf := h.leafOfPoints()
	sc := h.newEntryScratch()
	pos := make([]int, n)
	for k, i := range h.tree.perm {
		pos[i] = k
	}
	for _, i := range []int{0, n / 3, n - 1} {
		y := make([]float64, n)
		y[i] = 1
		z := make([]float64, n)
		h.Apply(z, y)
		worst := h.rowEntryError(pos[i], leafOf[pos[i]], sc)
		wantWorst := 0.0
		for k, q := range h.tree.perm {
			if q == i {
				continue
			}
			assert.InEpsilon(t, z[q], sc.approx[k], 1e-12, "D̃[%d][%d]", i, q)
			exact := gravityDecay(Haversine(lat[i], lon[i], lat[q], lon[q]))
			wantWorst = max(wantWorst, math.Abs(z[q]-exact)/exact)
		}
		assert.InEpsilon(t, wantWorst, worst, 1e-3, "row %d's worst relative error", i)
	}
}

// TestHierarchicalMeasure checks that the reported error covers the
// sparse state and the build's estimate, on every row up to 20 000.
func TestHierarchicalMeasure(t *testing.T) {
	const n, tol = 2000, 1e-6
	lat, lon := clusteredPoints(n, 5)
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol})
	require.NoError(t, err)
	w := randomWeights(n, 11)
	rep, err := h.Measure(w)
	require.NoError(t, err)
	sparse, err := h.Check(sparseState(w), 0)
	require.NoError(t, err)
	ones, err := h.Check(nil, 0)
	require.NoError(t, err)
	assert.Equal(t, n, rep.Rows, "every row")
	assert.Equal(t, max(h.Estimate().Max, sparse.Max, ones.Max), rep.Max)
	assert.LessOrEqual(t, rep.Max, tol)
	_, err = h.Measure(w[:3])
	assert.ErrorContains(t, err, "3 weights for 2000 patches")
	nz := 0
	for _, v := range sparseState(w) {
		if v != 0 {
			nz++
		}
	}
	assert.Equal(t, n/100, nz, "1 % of the patches, distinct")
}
