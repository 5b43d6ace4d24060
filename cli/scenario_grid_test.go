package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/scenario"
)

// gridRaster writes a 4 × 4 population raster of 0.5° pixels (1 … 16,
// row-major) with its north-west corner at (10°E, 6°N).
func gridRaster(t *testing.T, dir string) string {
	t.Helper()
	data := make([]float64, 16)
	for i := range data {
		data[i] = float64(i + 1)
	}
	path := filepath.Join(dir, "pop.tif")
	require.NoError(t, geotifftest.WriteFile(path, 4, 4, data, geotifftest.Options{
		Tiled: true, TileWidth: 16, TileHeight: 16, Georef: geotiff.Georef{X0: 10, Y0: 6, DX: 0.5, DY: 0.5}}))
	return path
}

func TestScenarioRasterGrid(t *testing.T) {
	dir := t.TempDir()
	pop := gridRaster(t, dir)
	out := filepath.Join(dir, "grid.csv")
	// 1° cells of 2 × 2 pixels: 1+2+5+6, 3+4+7+8, 9+10+13+14, 11+12+15+16;
	// --min-pop 20 drops the first (14 people).
	code, stdout, stderr := runCLI(t, "scenario", "raster", "--grid", "1deg", "--population-raster", pop,
		"--min-pop", "20", "--default-mcv1", "0.6", "--out", out, "--verbose")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, out+": 3 patches, total population 122\n", stdout)
	assert.Equal(t, "grid: 2×2 cells of 2×2 pixels, read 4 pixel rows at a time; 14 people in cells below --min-pop 20 dropped\n", stderr)
	tab, err := scenario.LoadCSV(out)
	require.NoError(t, err)
	assert.Equal(t, []string{"r0c1", "r1c0", "r1c1"}, tab.ID)
	assert.Equal(t, []int64{22, 46, 54}, tab.Pop)
	assert.Equal(t, []float64{11.5, 10.5, 11.5}, tab.Lon)
	assert.Equal(t, []float64{0.6, 0.6, 0.6}, tab.MCV1)
}

func TestScenarioRasterGridBadInput(t *testing.T) {
	dir := t.TempDir()
	pop := gridRaster(t, dir)
	out := filepath.Join(dir, "grid.csv")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"malformed", []string{"--grid", "1 mile"}, `rubeola: --grid "1 mile": want <X>km (X·30 arc-seconds, as in 1km or 5km) or <X>deg`},
		{"negative", []string{"--grid", "-5km"}, `rubeola: --grid "-5km": "-5" is not a positive number of km`},
		{"empty", []string{"--grid", ""}, `rubeola: --grid "": want <X>km`},
		{"finer than pixels", []string{"--grid", "0.25deg"}, "rubeola: " + pop + ": grid too fine: the cell of 0.25° is smaller than the raster's 0.5° pixels"},
		{"not whole pixels", []string{"--grid", "0.75deg"}, "use 0.5° or 1°"},
		{"min pop", []string{"--grid", "1deg", "--min-pop", "0"}, "rubeola: --min-pop 0: want at least 1"},
		{"shapefile", []string{"--grid", "1deg", "--shapefile", pop}, "rubeola: --shapefile does not apply with --grid"},
		{"min pop without grid", []string{"--min-pop", "5", "--id", "x", "--region", "NGA", "--shapefile", pop}, "--min-pop applies only with --grid"},
		{"no raster", []string{"--grid", "1deg", "--population-raster", ""}, "--population-raster is required"},
		{"missing raster", []string{"--grid", "1deg", "--population-raster", filepath.Join(dir, "none.tif")}, "none.tif: no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"scenario", "raster", "--population-raster", pop, "--out", out}, tc.args...)
			code, stdout, stderr := runCLI(t, args...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
			assert.NoFileExists(t, out)
		})
	}
}
