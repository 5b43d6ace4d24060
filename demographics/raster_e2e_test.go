package demographics_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params/paramstest"
)

// TestRasterScenarioRunsInModel goes from files to a simulation: a
// shapefile and GeoTIFFs → RasterPatchGenerator.Scenario → the standard
// biweekly model, run for a few ticks.
func TestRasterScenarioRunsInModel(t *testing.T) {
	p := demographics.NewRasterFixture(t)
	cache, err := demographics.LoadCache(t.TempDir())
	require.NoError(t, err)
	g, err := demographics.NewRasterPatchGenerator(p, demographics.WithCache(cache))
	require.NoError(t, err)
	scn, err := g.Scenario(context.Background())
	require.NoError(t, err)
	// Seven fixture features; their hand-computed pops (raster_fixture_test.go)
	// add up to 306 + 1620 + 84 + 522 + 159 + 0 + 0 = 2691.
	require.Equal(t, 7, scn.Len())
	assert.Equal(t, int64(2691), scn.TotalPop())

	const ticks, seed = 4, 7 // a few ticks; any seed
	m, err := model.NewBiweekly(scn, paramstest.QuietParams(ticks, seed),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(model.DefaultComponents()...))
	require.NoError(t, m.Run(context.Background()))
	assert.Equal(t, ticks, m.Tick())
	assert.Equal(t, scn.Len(), m.Patches().Len())
	assert.Equal(t, "t:holed", m.Patches().ID(1), "patches in shapefile order")
}
