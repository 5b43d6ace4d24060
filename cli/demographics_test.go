package cli

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
	"github.com/rubeola/rubeola/scenario"
)

// wppCSV generates a WPP bulk CSV (official header) for the fake code AAA:
// PopTotal (thousands) = 1000 − 20·age_index, constant over the years, so
// every pyramid value is 1000·(1000 − 20a) + 0.1 persons (SPEC §10.1: persons
// = 1000·round(PopTotal) + 0.1).
func wppCSV() []byte {
	var b bytes.Buffer
	b.WriteString("SortOrder,LocID,Notes,ISO3_code,ISO2_code,SDMX_code,LocTypeID,LocTypeName,ParentID,Location," +
		"VarID,Variant,Time,MidPeriod,AgeGrp,AgeGrpStart,AgeGrpSpan,PopMale,PopFemale,PopTotal\n")
	for year := 1950; year <= 2100; year++ {
		for a := 0; a <= 20; a++ {
			fmt.Fprintf(&b, "1,900,,AAA,AA,900,4,Country/Area,1,Testland,2,Medium,%d,%d.5,%d-%d,%d,5,0,0,%d\n",
				year, year, 5*a, 5*a+4, 5*a, 1000-20*a)
		}
	}
	return b.Bytes()
}

// counting serves body and counts the requests.
func counting(body []byte, hits *atomic.Int32) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		_, _ = w.Write(body)
	}
}

func TestPyramidCommand(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(counting(wppCSV(), &hits))
	defer srv.Close()
	cache := t.TempDir()
	args := []string{"pyramid", "AAA", "2000", "--url", srv.URL + "/wpp.csv", "--cache-dir", cache, "--no-progress"}

	code, stdout, stderr := runCLI(t, args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "AAA 2000")
	// Age 0-4: 1000·1000 + 0.1 persons, printed without decimals.
	assert.Regexp(t, `0-4\s+1000000\s`, stdout)
	// 100+: a = 20 → 1000·600 + 0.1.
	assert.Regexp(t, `100\+\s+600000\s`, stdout)
	assert.Equal(t, int32(1), hits.Load())

	code, _, stderr = runCLI(t, args...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, int32(1), hits.Load(), "the second call reads the cache")

	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"year too early", []string{"pyramid", "AAA", "1949"}, 2, "before the first year"},
		{"year not a number", []string{"pyramid", "AAA", "soon"}, 2, `YEAR "soon" is not a number`},
		{"bad code", []string{"pyramid", "NG", "2000"}, 2, `invalid country code "NG"`},
		{"unknown code", []string{"pyramid", "ZZZ", "2000"}, 2, `no WPP data for country code "ZZZ"`},
		{"missing args", []string{"pyramid", "AAA"}, 2, "accepts 2 arg"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := append(tc.args, "--url", srv.URL+"/wpp.csv", "--cache-dir", cache, "--no-progress")
			code, _, stderr := runCLI(t, a...)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, stderr, tc.msg)
		})
	}

	missing := httptest.NewServer(http.NotFoundHandler())
	defer missing.Close()
	code, _, stderr = runCLI(t, "pyramid", "AAA", "2000", "--url", missing.URL, "--cache-dir", t.TempDir(), "--no-progress")
	assert.Equal(t, 1, code, "a network failure is a run error")
	assert.Contains(t, stderr, "404")
}

// adminFields are GADM's level-2 DOTNAME fields.
var adminFields = []shapefile.Field{{Name: "COUNTRY", Type: 'C'}, {Name: "NAME_1", Type: 'C'}, {Name: "NAME_2", Type: 'C'}}

// writeAdmin writes a two-feature level-2 shapefile: two 0.5°-wide boxes side
// by side over lon 10–11, lat 5–6.
func writeAdmin(t *testing.T, path string) {
	t.Helper()
	records := [][]any{{"Côte d'Ivoire", "Lagunes", "Abidjan"}, {"Côte d'Ivoire", "Lagunes", "Dabou"}}
	shapes := []shapefile.Shape{
		shapefiletest.Polygon(shapefiletest.Box(10, 5, 10.5, 6)),
		shapefiletest.Polygon(shapefiletest.Box(10.5, 5, 11, 6)),
	}
	require.NoError(t, shapefiletest.WritePolygons(path, adminFields, records, shapes, shapefiletest.WithPRJ(shapefiletest.WGS84)))
}

func TestShapefileDotnameCommand(t *testing.T) {
	dir := t.TempDir()
	shp := filepath.Join(dir, "admin.shp")
	writeAdmin(t, shp)

	code, stdout, stderr := runCLI(t, "shapefile", "dotname", shp, "--fields", "COUNTRY, NAME_1,NAME_2")
	require.Equal(t, 0, code, stderr)
	side := filepath.Join(dir, "admin_dotname.shp")
	assert.Contains(t, stdout, side)
	ft, err := demographics.ReadShapefile(side)
	require.NoError(t, err)
	require.Len(t, ft.Features, 2)
	assert.Equal(t, "côte d'ivoire:lagunes:abidjan", ft.Features[0].Dotname)

	code, _, stderr = runCLI(t, "shapefile", "dotname", shp, "--fields", "COUNTRY,NAME_9")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "NAME_9")
	code, _, stderr = runCLI(t, "shapefile", "dotname", shp)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--fields")
	code, _, _ = runCLI(t, "shapefile", "dotname", filepath.Join(dir, "absent.shp"), "--fields", "COUNTRY")
	assert.Equal(t, 2, code)

	code, _, stderr = runCLI(t, "shapefile", "dotname", shp, "--fields", "COUNTRY,NAME_1,NAME_2", "--inplace", "--symbol", ".")
	require.Equal(t, 0, code, stderr)
	ft, err = demographics.ReadShapefile(shp)
	require.NoError(t, err)
	assert.Equal(t, "côte d'ivoire.lagunes.dabou", ft.Features[1].Dotname)
}

// gadmZip zips the files of a level-2 shapefile as gadm41_CUB_2.*.
func gadmZip(t *testing.T) []byte {
	t.Helper()
	src := filepath.Join(t.TempDir(), "gadm41_CUB_2.shp")
	writeAdmin(t, src)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, ext := range []string{".shp", ".shx", ".dbf", ".prj"} {
		data, err := os.ReadFile(strings.TrimSuffix(src, ".shp") + ext)
		require.NoError(t, err)
		w, err := zw.Create("gadm41_CUB_2" + ext)
		require.NoError(t, err)
		_, err = w.Write(data)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestShapefileDownloadCommand(t *testing.T) {
	var hits atomic.Int32
	body := gadmZip(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/gadm/gadm4.1/shp/gadm41_CUB_shp.zip" {
			http.NotFound(w, r)
			return
		}
		counting(body, &hits)(w, r)
	}))
	defer srv.Close()
	t.Setenv("RUBEOLA_GADM_MIRROR", srv.URL)
	dir := t.TempDir()

	code, stdout, stderr := runCLI(t, "shapefile", "download", "cub", "2", "--dir", dir, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, filepath.Join(dir, "gadm41_CUB_2.shp"))
	assert.Contains(t, stdout, "COUNTRY, NAME_1, NAME_2")
	ft, err := demographics.ReadShapefile(filepath.Join(dir, "gadm41_CUB_2.shp"))
	require.NoError(t, err)
	assert.True(t, ft.HasDotname)
	assert.Equal(t, int32(1), hits.Load())

	code, _, stderr = runCLI(t, "shapefile", "download", "CUB", "2", "--dir", dir, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, int32(1), hits.Load(), "an existing download is reused")
	code, _, stderr = runCLI(t, "shapefile", "download", "CUB", "2", "--dir", dir, "--no-progress", "--force")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, int32(2), hits.Load(), "--force downloads again")

	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"invalid code", []string{"ZZZ", "2"}, 2, `Invalid country code: "ZZZ"`},
		{"bad level", []string{"CUB", "two"}, 2, `LEVEL "two" is not an integer`},
		{"level out of range", []string{"CUB", "7"}, 2, "7"},
		{"not served", []string{"NGA", "1"}, 1, "404"},
		{"bad timeout", []string{"CUB", "2", "--timeout", "0s"}, 2, "--timeout must be > 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := append([]string{"shapefile", "download"}, tc.args...)
			a = append(a, "--dir", t.TempDir(), "--no-progress")
			before := hits.Load()
			code, _, stderr := runCLI(t, a...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.msg)
			assert.Equal(t, before, hits.Load())
		})
	}
}

func TestScenarioRasterCommand(t *testing.T) {
	dir := t.TempDir()
	shp := filepath.Join(dir, "admin.shp")
	writeAdmin(t, shp)
	_, err := demographics.AddDotname(shp, []string{"COUNTRY", "NAME_1", "NAME_2"}, demographics.InPlace())
	require.NoError(t, err)
	// 10 × 10 pixels of 0.1° over lon 10–11, lat 5–6, every pixel 7 persons:
	// each 0.5°-wide box holds the centres of 5 columns × 10 rows = 50
	// pixels → 350 persons; centroids (10.25, 5.5) and (10.75, 5.5).
	pop := make([]float64, 100)
	for i := range pop {
		pop[i] = 7
	}
	popTIF := filepath.Join(dir, "pop.tif")
	require.NoError(t, geotifftest.WriteFile(popTIF, 10, 10, pop, geotifftest.Options{
		Compression: geotifftest.Deflate, Georef: geotiff.Georef{X0: 10, Y0: 6, DX: 0.1, DY: 0.1}}))
	// MCV1 in percent, constant 80 → 0.8 by the auto unit rule.
	mcv := make([]float64, 100)
	for i := range mcv {
		mcv[i] = 80
	}
	mcvTIF := filepath.Join(dir, "mcv1.tif")
	require.NoError(t, geotifftest.WriteFile(mcvTIF, 10, 10, mcv, geotifftest.Options{
		Georef: geotiff.Georef{X0: 10, Y0: 6, DX: 0.1, DY: 0.1}}))

	out := filepath.Join(dir, "scenario.csv")
	base := []string{"scenario", "raster", "--id", "civ", "--region", "civ", "--shapefile", shp,
		"--population-raster", popTIF, "--cache-dir", filepath.Join(dir, "cache")}
	code, stdout, stderr := runCLI(t, append(base, "--mcv1-raster", mcvTIF, "--out", out)...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "2 patches, total population 700")
	scn, err := scenario.LoadCSV(out)
	require.NoError(t, err)
	assert.Equal(t, []string{"côte d'ivoire:lagunes:abidjan", "côte d'ivoire:lagunes:dabou"}, scn.ID)
	assert.Equal(t, []int64{350, 350}, scn.Pop)
	assert.InDeltaSlice(t, []float64{10.25, 10.75}, scn.Lon, 1e-12)
	assert.InDeltaSlice(t, []float64{5.5, 5.5}, scn.Lat, 1e-12)
	assert.InDeltaSlice(t, []float64{0.8, 0.8}, scn.MCV1, 1e-12)

	code, _, stderr = runCLI(t, append(base, "--out", out)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "exists (use --force")

	code, _, stderr = runCLI(t, append(base, "--out", out, "--force", "--no-cache", "--default-mcv1", "0.5")...)
	require.Equal(t, 0, code, stderr)
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, "0.5", rows[1][4])

	bad := filepath.Join(dir, "bad.csv")
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"bad region", []string{"scenario", "raster", "--id", "x", "--region", "ZZZ", "--shapefile", shp, "--population-raster", popTIF, "--out", bad}, "ZZZ"},
		{"missing shapefile", []string{"scenario", "raster", "--id", "x", "--region", "CIV", "--shapefile", filepath.Join(dir, "no.shp"), "--population-raster", popTIF, "--out", bad}, "Shapefile does not exist"},
		{"no out", []string{"scenario", "raster", "--id", "x", "--region", "CIV", "--shapefile", shp, "--population-raster", popTIF}, "--out"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, append(tc.args, "--no-cache")...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.msg)
			assert.NoFileExists(t, bad)
		})
	}
}

func TestScenarioRasterBadRaster(t *testing.T) {
	dir := t.TempDir()
	shp := filepath.Join(dir, "admin.shp")
	writeAdmin(t, shp)
	_, err := demographics.AddDotname(shp, []string{"COUNTRY", "NAME_1", "NAME_2"}, demographics.InPlace())
	require.NoError(t, err)
	tif := filepath.Join(dir, "pop.tif")
	require.NoError(t, os.WriteFile(tif, []byte("II*\x00 not really a tiff"), 0o644))
	out := filepath.Join(dir, "scenario.csv")
	code, _, stderr := runCLI(t, "scenario", "raster", "--id", "x", "--region", "CIV", "--shapefile", shp,
		"--population-raster", tif, "--out", out, "--no-cache")
	assert.Equal(t, 2, code, "a corrupt raster is bad input")
	assert.Contains(t, stderr, tif)
	assert.NoFileExists(t, out)
}
