package mixing

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// villagesBesideCity is a city of 10⁶ beside two villages of 10 people
// about 1.1 km away: at k = 0.01 the villages' migration rows sum to
// several hundred (k·D·p_city/s_city), as the 1 km synthetic countries'
// rows did (issue 37 item 5).
func villagesBesideCity(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"city", "v1", "v2"}, []int64{1_000_000, 10, 10},
		[]float64{0, 0, 0.01}, []float64{0, 0.01, 0}, []float64{0, 0, 0})
	require.NoError(t, err)
	return scn
}

// TestRowSumsPolicy: with row_sums = "error" (the default) a row above 1
// is refused and the message names the keys that fix it; with "cap" the
// factored build and the operators scale such rows down to 1 (their
// diagonal 0, the row summing to 1), count them, and agree; the dense and
// truncated builds refuse "cap".
func TestRowSumsPolicy(t *testing.T) {
	scn := villagesBesideCity(t)
	g := DefaultGravity() // k = 0.01
	_, err := g.Factored(scn, FactoredOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `mixing: migration row 1 ("v1") sums to`)
	assert.Contains(t, err.Error(), `lower the mixer's k (docs/scale.md: k = 0.001 for 1 km grids; rows scale with k), or set row_sums = "cap"`)
	_, err = g.Mixing(scn)
	assert.ErrorContains(t, err, `or set row_sums = "cap"`, "the dense build gives the same advice")

	g.RowSums = RowSumsCap
	fac, err := g.Factored(scn, FactoredOptions{})
	require.NoError(t, err)
	capped, rows := fac.RowsCapped()
	assert.Equal(t, 2, capped, "both villages")
	assert.Equal(t, 3, rows)
	op, err := StreamingMatrix(g, scn, StreamingOptions{})
	require.NoError(t, err)
	capped, _ = op.RowsCapped()
	assert.Equal(t, 2, capped)
	for _, m := range []*Matrix{fac.Matrix(), op.Matrix()} {
		for i, s := range m.RowSums() {
			assert.InDelta(t, 1, s, 1e-12, "row %d of a mixing matrix sums to 1", i)
		}
		for _, v := range []int{1, 2} {
			assert.Zero(t, m.At(v, v), "a capped row keeps none of its own force")
		}
		assert.Greater(t, m.At(0, 0), 0.99, "the city's row is below 1 and not capped")
	}
	assert.True(t, CapsRows(g))
	assert.False(t, CapsRows(DefaultGravity()))

	_, err = g.Mixing(scn)
	assert.ErrorContains(t, err, `row_sums = "cap" is applied by the Infection's storages "float64" (the default)`)
	g.RowSums = "clip"
	assert.ErrorContains(t, g.Validate(), `row_sums must be "error" (the default) or "cap", got "clip"`)
}

// TestPrecheckRowSums: the hierarchical build refuses a row above 1 from a
// coarse operator before it builds the one at its tolerance; the
// pre-check is skipped under row_sums = "cap" and for coarse tolerances,
// and HierarchicalMatrix gives the same refusal.
func TestPrecheckRowSums(t *testing.T) {
	scn := villagesBesideCity(t)
	g := DefaultGravity()
	terms, k, err := separableTerms(g, scn)
	require.NoError(t, err)
	err = precheckRowSums(scn, terms, k, HierarchicalOptions{})
	assert.ErrorContains(t, err, `mixing: migration row 1 ("v1") sums to`)
	assert.ErrorContains(t, err, `or set row_sums = "cap"`)
	assert.NoError(t, precheckRowSums(scn, terms, k, HierarchicalOptions{Tolerance: 0.1}), "already coarse")
	_, _, err = HierarchicalMatrix(g, scn, HierarchicalOptions{})
	assert.ErrorContains(t, err, `mixing: migration row 1 ("v1") sums to`)

	g.RowSums = RowSumsCap
	terms, k, err = separableTerms(g, scn)
	require.NoError(t, err)
	assert.NoError(t, precheckRowSums(scn, terms, k, HierarchicalOptions{}), "capped rows are not refused")
	opm, _, err := HierarchicalMatrix(g, scn, HierarchicalOptions{})
	require.NoError(t, err)
	capped, _ := opm.RowsCapped()
	assert.Equal(t, 2, capped)
}
