package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/scenario"
)

// TestRasterscenarioRuns runs the program twice (new inputs each time, the
// same output: the inputs and the seed are fixed), and checks that the
// scenario it saved loads back equal to what it printed.
func TestRasterscenarioRuns(t *testing.T) {
	var out, again bytes.Buffer
	dir := t.TempDir()
	require.NoError(t, run(&out, dir))
	require.NoError(t, run(&again, t.TempDir()))
	assert.Equal(t, out.String(), again.String())

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// Header, column names, 16 patches, the attack-rate title and 3 rows.
	require.Len(t, lines, 2+provinces*provinces+1+3, out.String())
	assert.True(t, strings.HasPrefix(lines[0], "16 patches, population "), lines[0])

	saved, err := scenario.LoadCSV(filepath.Join(dir, "scenario.csv"))
	require.NoError(t, err)
	built, err := buildScenario(t.TempDir())
	require.NoError(t, err)
	assert.Equal(t, built.ID, saved.ID)
	assert.Equal(t, built.Pop, saved.Pop)
}

// TestScenarioFromRaster checks the scenario against the inputs: province k
// (row-major from the south-west) holds exactly the 10 × 10 pixels under
// it, so its population is their sum (pixels are whole numbers below 2^24,
// exact in float32); its centroid is the centre of its box; MCV1 falls from
// west to east along every row of provinces, as the MCV1 raster does, and
// stays inside the raster's range 50.2–95 %.
func TestScenarioFromRaster(t *testing.T) {
	scn, err := buildScenario(t.TempDir())
	require.NoError(t, err)
	require.Equal(t, provinces*provinces, scn.Len())

	g := geotiff.Georef{X0: lon0, Y0: lat0 + provinces*provinceDeg, DX: pixelDeg, DY: pixelDeg}
	per := int(provinceDeg / pixelDeg) // pixels per province side
	n := int(perSide)
	var total int64
	for r := range provinces {
		for c := range provinces {
			k := r*provinces + c
			var want float64
			for row := range n {
				for col := range n {
					lon, lat := g.PixelCenter(col, row)
					// Province (r, c) covers columns c·per … and, north-up,
					// rows counted from the north edge.
					if col/per == c && (n-1-row)/per == r {
						want += density(lon, lat)
					}
				}
			}
			assert.Equal(t, fmt.Sprintf("%s:province %d", strings.ToLower(country), k+1), scn.ID[k])
			assert.Equal(t, int64(want), scn.Pop[k], scn.ID[k])
			total += int64(want)
			// Centroid: the box centre; the generator's planar centroid
			// is exact up to float rounding (1e-9 degrees ≈ 0.1 mm).
			assert.InDelta(t, lon0+(float64(c)+0.5)*provinceDeg, scn.Lon[k], 1e-9, scn.ID[k])
			assert.InDelta(t, lat0+(float64(r)+0.5)*provinceDeg, scn.Lat[k], 1e-9, scn.ID[k])
			assert.GreaterOrEqual(t, scn.MCV1[k], 0.502)
			assert.LessOrEqual(t, scn.MCV1[k], 0.95)
			if c > 0 {
				assert.Less(t, scn.MCV1[k], scn.MCV1[k-1], "MCV1 falls eastwards: %s", scn.ID[k])
			}
		}
	}
	assert.Equal(t, total, scn.TotalPop())
}
