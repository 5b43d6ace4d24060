package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// rasterInputs writes the inputs of a scenario raster run into dir: the
// two-box admin shapefile with DOTNAME (admin.shp), the same without it
// (nodot.shp), one cut inside its first record (truncated.shp) and a
// 10 × 10 population raster over them (pop.tif).
func rasterInputs(t *testing.T, dir string) (shp, nodot, truncated, pop string) {
	t.Helper()
	shp, nodot, truncated = filepath.Join(dir, "admin.shp"), filepath.Join(dir, "nodot.shp"), filepath.Join(dir, "truncated.shp")
	writeAdmin(t, shp)
	writeAdmin(t, nodot)
	_, err := demographics.AddDotname(shp, []string{"COUNTRY", "NAME_1", "NAME_2"}, demographics.InPlace())
	require.NoError(t, err)
	for _, ext := range []string{".dbf", ".shx", ".prj"} {
		data, err := os.ReadFile(filepath.Join(dir, "admin"+ext))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "truncated"+ext), data, 0o644))
	}
	data, err := os.ReadFile(shp)
	require.NoError(t, err)
	// A .shp has a 100-byte header, then per record an 8-byte header and
	// the polygon (128 bytes for a 5-vertex box): 200 bytes end inside
	// record 1.
	require.NoError(t, os.WriteFile(truncated, data[:200], 0o644))
	pop = filepath.Join(dir, "pop.tif")
	require.NoError(t, geotifftest.WriteFile(pop, 10, 10, make([]float64, 100), geotifftest.Options{
		Georef: geotiff.Georef{X0: 10, Y0: 6, DX: 0.1, DY: 0.1}}))
	return shp, nodot, truncated, pop
}

// TestScenarioRasterBadInput: issue 26 item 5 — these inputs exited 1 with
// messages naming Go options (WithDefaultMCV1(2), WithMCV1Units("kg")) or
// params ("raster patch params: id"), and --workers -1 was taken. Each is
// bad input: exit 2, naming the flag or the path typed, nothing written.
func TestScenarioRasterBadInput(t *testing.T) {
	dir := t.TempDir()
	shp, nodot, truncated, pop := rasterInputs(t, dir)
	out := filepath.Join(dir, "scenario.csv")
	file := writeFile(t, dir, "file", "")
	tests := []struct {
		name string
		args []string // replace the valid flags' values
		want string
	}{
		{"default mcv1 above 1", []string{"--default-mcv1", "2"}, "rubeola: --default-mcv1 2: want a coverage in [0, 1]\n"},
		{"default mcv1 NaN", []string{"--default-mcv1", "NaN"}, "rubeola: --default-mcv1 NaN: want a coverage in [0, 1]\n"},
		{"mcv1 units", []string{"--mcv1-units", "kg"}, `rubeola: --mcv1-units "kg": want ["auto" "fraction" "percent"]` + "\n"},
		{"id with colon", []string{"--id", "a:b"}, `rubeola: --id "a:b": must not contain ':'`},
		{"negative workers", []string{"--workers", "-1"}, "rubeola: --workers must be >= 0 (0: one per CPU), got -1\n"},
		{"no DOTNAME", []string{"--shapefile", nodot}, "rubeola: " + nodot + ": shapefile has no DOTNAME field; add one first (rubeola shapefile dotname"},
		{"truncated shp", []string{"--shapefile", truncated}, "rubeola: " + truncated + ": record 1: content length 128 bytes at byte 100 does not fit the 200-byte file\n"},
		{"no region", []string{"--region", ""}, "rubeola: scenario raster: --region is required\n"},
		{"unwritable out", []string{"--out", filepath.Join(file, "scenario.csv")}, "rubeola: --out " + filepath.Join(file, "scenario.csv") + ": cannot write there: not a directory\n"},
		{"cache dir", []string{"--cache-dir", filepath.Join(file, "cache")}, "rubeola: --cache-dir " + filepath.Join(file, "cache") + ": "},
		// A directory as --out with --force was exit 1, "rename ./.D.tmp-… D: file exists".
		{"out is a directory", []string{"--out", dir, "--force"}, "rubeola: --out " + dir + ": is a directory (give the path of the scenario CSV to write)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"scenario", "raster", "--id", "civ", "--region", "CIV", "--shapefile", shp,
				"--population-raster", pop, "--out", out, "--cache-dir", filepath.Join(dir, "cache")}
			code, stdout, stderr := runCLI(t, append(args, tc.args...)...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.NotContains(t, stderr, "With", "no Go option names")
			assert.NotContains(t, stderr, ".tmp", "no hidden temporary path")
			assert.Empty(t, stdout)
			assert.NoFileExists(t, out)
		})
	}
}
