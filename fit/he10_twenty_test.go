package fit

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadTwenty loads an example fit file of the 20 towns and keeps its first
// n reports (the test's window: the first half-year).
func loadTwenty(t *testing.T, name string, n int) *File {
	t.Helper()
	needHe10(t)
	f, err := LoadFile(filepath.Join("..", "examples", "he2010", name))
	require.NoError(t, err)
	f.Obs.Dates = f.Obs.Dates[:n]
	for p := range f.Obs.Counts {
		f.Obs.Counts[p] = f.Obs.Counts[p][:n]
	}
	return f
}

// TestTwentyTownsBlockFilter filters the examples' 20 towns over their
// first 26 weekly reports with 300 particles per town: the panel file
// gives every town its published estimates (London's R0 56.8, Mold's 21.4:
// he2010_mle.csv) in blocks of one town, whose log-likelihoods sum to the
// total; the coupled file (g = 400) gives a different likelihood; and one
// block holding every town — the bootstrap filter of the whole model —
// lands far below blocks of one town at the same J, the curse of
// dimensionality the block filter avoids. Measured (2026-12-07, J = 300,
// seeds 1, 2, 3): blocks of one town −1338.6, −1342.1, −1336.2; one block
// −1934.9, −2584.5, −2145.0 (596 to 1242 lower); the test asks for one
// block at least 100 units lower.
func TestTwentyTownsBlockFilter(t *testing.T) {
	panel := loadTwenty(t, "twenty_panel.toml", 26)
	require.Len(t, panel.Spec.Blocks, 20)
	london, mold := slices.Index(panel.Obs.Places, "London"), slices.Index(panel.Obs.Places, "Mold")
	assert.Equal(t, 56.8, panel.Spec.PlaceValues["r0"][london])
	assert.Equal(t, 21.4, panel.Spec.PlaceValues["r0"][mold])
	opts := PFilterOptions{Particles: 300, Filters: 1, Seed: 1, Set: panel.Set}
	ctx := context.Background()
	res, err := PFilter(ctx, panel.Spec, panel.Obs, opts)
	require.NoError(t, err)
	sum := 0.0
	for _, v := range res.BlockLogLik {
		sum += v
	}
	assert.InDelta(t, res.LogLik, sum, 1e-6)
	assert.Equal(t, res.BlockLogLik, res.PlaceLogLik)

	coupled := loadTwenty(t, "twenty_coupled.toml", 26)
	assert.Equal(t, map[string]float64{"g": 400}, coupled.Set)
	resC, err := PFilter(ctx, coupled.Spec, coupled.Obs, PFilterOptions{Particles: 300, Filters: 1, Seed: 1, Set: coupled.Set})
	require.NoError(t, err)
	assert.NotEqual(t, res.LogLik, resC.LogLik)

	one := *panel.Spec
	all := make([]int, 20)
	for p := range all {
		all[p] = p
	}
	one.Blocks = [][]int{all}
	resOne, err := PFilter(ctx, &one, panel.Obs, opts)
	require.NoError(t, err)
	assert.Nil(t, resOne.PlaceLogLik)
	t.Logf("blocks of one town %.1f, coupled %.1f, one block %.1f", res.LogLik, resC.LogLik, resOne.LogLik)
	assert.Less(t, resOne.LogLik, res.LogLik-100)
}
