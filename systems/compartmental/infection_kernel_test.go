package compartmental_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// TestSEIRBlockReturnsItsExposures: InfectionBlock returns the block's S → E
// transitions (S changes by nothing else), conserves S+E+I+R per patch and
// records the E → I flow; a force that is not a number stops the block
// there, unchanged, and the exposures of the patches before it are returned.
func TestSEIRBlockReturnsItsExposures(t *testing.T) {
	s := []int64{5000, 800, 0, 12000}
	e := []int64{40, 3, 0, 100}
	i := []int64{30, 2, 0, 90}
	r := []int64{100, 10, 7, 500}
	acc := []float64{30, 2, 0, 400} // forces; λ = acc/N, N the patch sums
	total := func(k int) int64 { return s[k] + e[k] + i[k] + r[k] }
	n := []int64{total(0), total(1), total(2), total(3)}
	s0 := append([]int64(nil), s...)
	inc := make([]int64, 4)
	exposed, err := compartmental.InfectionBlock(rng.NewSource(1, "seir", 0), s, e, i, r, acc, 1.0/6, 1.0/8, inc)
	require.Nil(t, err)
	var drop int64
	for k := range s {
		drop += s0[k] - s[k]
		assert.Equal(t, n[k], total(k), "patch %d conserves its people", k)
	}
	assert.Equal(t, drop, exposed)
	assert.Positive(t, exposed)
	assert.Positive(t, inc[3], "E = 100 at σ = 1/6 moves about 15 to I")

	bad := []float64{30, math.NaN()}
	s2, e2, i2, r2 := []int64{5000, 800}, []int64{40, 3}, []int64{30, 2}, []int64{100, 10}
	exposed, err = compartmental.InfectionBlock(rng.NewSource(1, "seir", 0), s2, e2, i2, r2, bad, 1.0/6, 1.0/8, make([]int64, 2))
	require.NotNil(t, err)
	assert.Equal(t, 1, err.Patch)
	assert.Equal(t, 5000-s2[0], exposed, "patch 0's exposures, none from the stopped patch")
	assert.Equal(t, int64(800), s2[1], "the stopped patch is unchanged")
}
