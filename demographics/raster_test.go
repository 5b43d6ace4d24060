package demographics

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

func TestRasterPatchParamsValidate(t *testing.T) {
	ok := NewRasterFixture(t)
	missing := filepath.Join(t.TempDir(), "absent.shp")
	tests := []struct {
		name     string
		edit     func(p *RasterPatchParams)
		want     string // "" = valid
		notExist bool
	}{
		{"valid", func(*RasterPatchParams) {}, "", false},
		{"lower-case region", func(p *RasterPatchParams) { p.Region = "nga" }, "", false},
		{"GADM-only region", func(p *RasterPatchParams) { p.Region = "XKO" }, "", false},
		{"no id", func(p *RasterPatchParams) { p.ID = "" }, "id is required", false},
		{"colon in id", func(p *RasterPatchParams) { p.ID = "nga:2" }, `id "nga:2" must not contain ':'`, false},
		{"no region", func(p *RasterPatchParams) { p.Region = "" }, "region is required", false},
		{"bad region", func(p *RasterPatchParams) { p.Region = "ZZZ" }, `Invalid country code: "ZZZ"`, false},
		{"no shapefile", func(p *RasterPatchParams) { p.Shapefile = "" }, "shapefile is required", false},
		{"missing shapefile", func(p *RasterPatchParams) { p.Shapefile = missing }, "Shapefile does not exist: " + missing, true},
		{"missing population raster", func(p *RasterPatchParams) { p.PopulationRaster = missing }, "population_raster does not exist: " + missing, true},
		{"missing mcv1 raster", func(p *RasterPatchParams) { p.MCV1Raster = missing }, "mcv1_raster does not exist: " + missing, true},
		{"missing mcv2 raster", func(p *RasterPatchParams) { p.MCV2Raster = missing }, "mcv2_raster does not exist: " + missing, true},
		{"directory as raster", func(p *RasterPatchParams) { p.MCV2Raster = t.TempDir() }, "mcv2_raster is not a regular file", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := ok
			tc.edit(&p)
			err := p.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
			assert.Equal(t, tc.notExist, errors.Is(err, fs.ErrNotExist))
			if tc.name == "bad region" {
				assert.ErrorIs(t, err, ErrInvalidCountryCode)
			}
		})
	}
	// Every problem is reported at once.
	err := RasterPatchParams{Shapefile: missing}.Validate()
	require.Error(t, err)
	assert.Equal(t, 3, strings.Count(err.Error(), "\n")+1, err.Error())
	// The parity message stands alone.
	assert.EqualError(t, RasterPatchParams{ID: "a", Region: "NGA", Shapefile: missing}.Validate(), "Shapefile does not exist: "+missing)
}

func TestRasterPopulationFixture(t *testing.T) {
	p := NewRasterFixture(t)
	var log bytes.Buffer
	g, err := NewRasterPatchGenerator(p, WithoutCache(), WithLogger(slog.New(slog.NewTextHandler(&log, nil))))
	require.NoError(t, err)
	assert.Equal(t, "NGA", g.Params().Region)
	pops, err := g.Population(context.Background())
	require.NoError(t, err)
	feats := fixtureFeatures()
	require.Len(t, pops, len(feats))
	for i, f := range feats {
		assert.Equal(t, f.dotname, pops[i].Dotname, "shapefile order")
		assert.Equal(t, f.pop, pops[i].Pop, f.dotname)
		assert.InDelta(t, f.lon, pops[i].Lon, centroidTolerance, f.dotname)
		assert.InDelta(t, f.lat, pops[i].Lat, centroidTolerance, f.dotname)
	}
	// slog's text handler quotes the message and escapes its quotes.
	assert.Contains(t, log.String(), `level=WARN msg="demographics: 1 of 7 features lie outside the population raster`)
	assert.Contains(t, log.String(), `get pop 0: \"t:outside\""`)
}

// encodings lists every layout of the fixture raster: float32, float64 and
// int16; no compression, LZW and Deflate; predictors 1, 2 and 3 (3 for
// floats only; none without compression); strips of 3 rows and 16 × 16
// tiles; plus big-endian and old-Deflate variants.
func encodings() []geotifftest.Options {
	var out []geotifftest.Options
	for _, format := range []geotifftest.SampleFormat{geotifftest.Float32, geotifftest.Float64, geotifftest.Int16} {
		for _, comp := range []int{geotifftest.None, geotifftest.LZW, geotifftest.Deflate} {
			for _, pred := range []int{1, 2, 3} {
				if (comp == geotifftest.None && pred != 1) || (format == geotifftest.Int16 && pred == 3) {
					continue
				}
				for _, tiled := range []bool{false, true} {
					o := geotifftest.Options{Format: format, Compression: comp, Predictor: pred, RowsPerStrip: 3}
					if tiled {
						o = geotifftest.Options{Format: format, Compression: comp, Predictor: pred, Tiled: true, TileWidth: 16, TileHeight: 16}
					}
					out = append(out, o)
				}
			}
		}
	}
	return append(out,
		geotifftest.Options{Format: geotifftest.Float32, Compression: geotifftest.LZW, Predictor: 3, BigEndian: true, RowsPerStrip: 4},
		geotifftest.Options{Format: geotifftest.Int16, Compression: geotifftest.DeflateOld, Predictor: 2, BigEndian: true},
	)
}

func TestRasterEncodingsGiveIdenticalSums(t *testing.T) {
	p := NewRasterFixture(t)
	dir := t.TempDir()
	want := make([]int64, 0, len(fixtureFeatures()))
	for _, f := range fixtureFeatures() {
		want = append(want, f.pop)
	}
	for i, o := range encodings() {
		name := fmt.Sprintf("format%d_comp%d_pred%d_tiled%v_be%v", o.Format, o.Compression, o.Predictor, o.Tiled, o.BigEndian)
		t.Run(name, func(t *testing.T) {
			p.PopulationRaster = filepath.Join(dir, fmt.Sprintf("pop%d.tif", i))
			writeRaster(t, p.PopulationRaster, fixtureSize, fixtureSize, fixturePop(), fixtureGeoref, o)
			g, err := NewRasterPatchGenerator(p, WithoutCache(), WithWorkers(2))
			require.NoError(t, err)
			pops, err := g.Population(context.Background())
			require.NoError(t, err)
			got := make([]int64, len(pops))
			for k, pp := range pops {
				got[k] = pp.Pop
			}
			assert.Equal(t, want, got)
		})
	}
}

func TestRasterWorkersDeterministic(t *testing.T) {
	p := NewRasterFixture(t)
	var first []PatchPop
	var firstMCV1 []PatchValue
	for _, n := range []int{1, 3, 16} {
		g, err := NewRasterPatchGenerator(p, WithoutCache(), WithWorkers(n))
		require.NoError(t, err)
		pops, err := g.Population(context.Background())
		require.NoError(t, err)
		vals, err := g.MCV1(context.Background())
		require.NoError(t, err)
		if first == nil {
			first, firstMCV1 = pops, vals
			continue
		}
		assert.Equal(t, first, pops, "workers %d", n)
		assert.Equal(t, firstMCV1, vals, "workers %d", n)
	}
}

// writeCustom writes a shapefile of the given DBF layout, records and
// shapes, and a copy of the fixture's population raster, and returns
// params for them.
func writeCustom(t *testing.T, fields []shapefile.Field, records [][]any, shapes []shapefile.Shape, opts ...shapefiletest.Option) RasterPatchParams {
	t.Helper()
	dir := t.TempDir()
	p := RasterPatchParams{ID: "c", Region: "NGA", Shapefile: filepath.Join(dir, "c.shp"), PopulationRaster: filepath.Join(dir, "pop.tif")}
	require.NoError(t, shapefiletest.WritePolygons(p.Shapefile, fields, records, shapes, opts...))
	writeRaster(t, p.PopulationRaster, fixtureSize, fixtureSize, fixturePop(), fixtureGeoref, geotifftest.Options{})
	return p
}

func TestRasterGeneratorErrors(t *testing.T) {
	square := poly(box(10.2, 5.5, 10.5, 5.8))
	// A projected WKT: only the PROJCS keyword matters.
	const utm = `PROJCS["WGS_1984_UTM_Zone_32N",GEOGCS["GCS_WGS_1984"],PROJECTION["Transverse_Mercator"]]`
	t.Run("no DOTNAME field", func(t *testing.T) {
		p := writeCustom(t, []shapefile.Field{{Name: "NAME", Type: 'C', Size: 10}}, [][]any{{"a"}}, []shapefile.Shape{square})
		_, err := NewRasterPatchGenerator(p, WithoutCache())
		require.ErrorContains(t, err, p.Shapefile+": shapefile has no DOTNAME field; add one first (rubeola shapefile dotname, or AddDotname in Go)")
	})
	t.Run("duplicate DOTNAME", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a:b"}, {"a:c"}, {"a:b"}}, []shapefile.Shape{square, square, square})
		_, err := NewRasterPatchGenerator(p, WithoutCache())
		require.ErrorIs(t, err, ErrDuplicateDotname)
		assert.EqualError(t, err, fmt.Sprintf(`dotnames are not unique in %s: "a:b" (records 1 and 3)`, p.Shapefile))
	})
	t.Run("projected .prj", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}}, []shapefile.Shape{square}, shapefiletest.WithPRJ(utm))
		_, err := NewRasterPatchGenerator(p, WithoutCache())
		require.ErrorIs(t, err, ErrNotGeographic)
		assert.ErrorContains(t, err, "c.prj")
	})
	t.Run("projected raster", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}}, []shapefile.Shape{square})
		writeRaster(t, p.PopulationRaster, fixtureSize, fixtureSize, fixturePop(), fixtureGeoref, geotifftest.Options{ModelType: 1})
		_, err := NewRasterPatchGenerator(p, WithoutCache())
		require.ErrorIs(t, err, ErrNotGeographic)
	})
	t.Run("raster overlaps no feature", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}, {"b"}}, []shapefile.Shape{poly(box(30, 5, 31, 6)), poly(box(-5, 5, -4, 6))})
		g, err := NewRasterPatchGenerator(p, WithoutCache())
		require.NoError(t, err)
		_, err = g.Population(context.Background())
		require.ErrorIs(t, err, ErrNoOverlap)
		assert.ErrorContains(t, err, "pop.tif (lon [10, 11], lat [5, 6])")
	})
	t.Run("touching edge is no overlap", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}}, []shapefile.Shape{poly(box(11, 5, 12, 6))})
		g, err := NewRasterPatchGenerator(p, WithoutCache())
		require.NoError(t, err)
		_, err = g.Population(context.Background())
		require.ErrorIs(t, err, ErrNoOverlap)
	})
	t.Run("no population raster", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}}, []shapefile.Shape{square})
		p.PopulationRaster = ""
		g, err := NewRasterPatchGenerator(p, WithoutCache())
		require.NoError(t, err)
		_, err = g.Population(context.Background())
		require.ErrorContains(t, err, `raster patch generator "c": Population needs population_raster`)
		_, err = g.Scenario(context.Background())
		require.ErrorContains(t, err, "needs population_raster")
	})
	t.Run("null and zero-area shapes name the feature", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"ok"}, {"null"}, {"flat"}},
			[]shapefile.Shape{square, {Type: shapefile.TypeNull}, poly(box(10, 5, 10, 6))})
		g, err := NewRasterPatchGenerator(p, WithoutCache(), WithWorkers(3))
		require.NoError(t, err)
		_, err = g.Population(context.Background())
		require.ErrorContains(t, err, `record 2 (DOTNAME "null"): null shape`)
	})
	t.Run("zero-area shape", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"flat"}}, []shapefile.Shape{poly(box(10, 5, 10, 6))})
		g, err := NewRasterPatchGenerator(p, WithoutCache())
		require.NoError(t, err)
		_, err = g.Population(context.Background())
		require.ErrorContains(t, err, `record 1 (DOTNAME "flat"): polygon has zero total area`)
	})
	t.Run("no features", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, nil, nil)
		_, err := NewRasterPatchGenerator(p, WithoutCache())
		require.ErrorContains(t, err, "shapefile has no features")
	})
	t.Run("invalid params", func(t *testing.T) {
		_, err := NewRasterPatchGenerator(RasterPatchParams{ID: "x", Region: "NGA", Shapefile: "absent.shp"}, WithoutCache())
		require.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("bad options", func(t *testing.T) {
		p := writeCustom(t, dotnameFields, [][]any{{"a"}}, []shapefile.Shape{square})
		_, err := NewRasterPatchGenerator(p, WithMCV1Units("pct"))
		require.ErrorContains(t, err, `WithMCV1Units("pct"): want "auto", "fraction" or "percent"`)
		_, err = NewRasterPatchGenerator(p, WithCache(nil))
		require.ErrorContains(t, err, "WithCache(nil)")
	})
	t.Run("cancelled", func(t *testing.T) {
		g, err := NewRasterPatchGenerator(NewRasterFixture(t), WithoutCache())
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = g.Population(ctx)
		require.ErrorIs(t, err, context.Canceled)
	})
}

func TestRasterScenario(t *testing.T) {
	p := NewRasterFixture(t)
	g, err := NewRasterPatchGenerator(p, WithCache(mustCache(t)))
	require.NoError(t, err)
	scn, err := g.Scenario(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(1), g.computations.Load(), "one pass computes population and MCV1")
	feats := fixtureFeatures()
	require.Equal(t, len(feats), scn.Len())
	for i, f := range feats {
		assert.Equal(t, f.dotname, scn.ID[i])
		assert.Equal(t, f.pop, scn.Pop[i])
		assert.InDelta(t, f.lat, scn.Lat[i], centroidTolerance)
		assert.InDelta(t, f.lon, scn.Lon[i], centroidTolerance)
		// The MCV1 raster is 80 everywhere: auto-detected percent.
		assert.InDelta(t, 0.8, scn.MCV1[i], mcv1Tolerance)
	}
	// Both entries are cached now: a new generator computes nothing.
	g2, err := NewRasterPatchGenerator(p, WithCache(g.cfg.cache))
	require.NoError(t, err)
	scn2, err := g2.Scenario(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(0), g2.computations.Load())
	assert.Equal(t, scn, scn2)
}

// TestRasterScenarioMCV2 checks the polygon path's mcv2 column: with an
// MCV2 raster of 60 % everywhere (percent, auto-detected) every patch's
// mcv2 is 0.6 within mcv1Tolerance, computed as MCV1 is and cached under
// "fixture:mcv2"; without the raster the table has no extra column.
func TestRasterScenarioMCV2(t *testing.T) {
	ctx := context.Background()
	p := NewRasterFixture(t)
	plain, err := NewRasterPatchGenerator(p, WithoutCache())
	require.NoError(t, err)
	scn, err := plain.Scenario(ctx)
	require.NoError(t, err)
	assert.Empty(t, scn.ExtraNames())
	_, err = plain.MCV2(ctx)
	require.ErrorContains(t, err, `raster patch generator "fixture": MCV2 needs mcv2_raster`)

	p.MCV2Raster = filepath.Join(filepath.Dir(p.Shapefile), "mcv2.tif")
	writeRaster(t, p.MCV2Raster, 13, 3, constant(13*3, 60), coarseMCV1Georef, geotifftest.Options{})
	c := mustCache(t)
	g, err := NewRasterPatchGenerator(p, WithCache(c))
	require.NoError(t, err)
	withMCV2, err := g.Scenario(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"mcv2"}, withMCV2.ExtraNames())
	mcv2, ok, err := withMCV2.MCV2()
	require.NoError(t, err)
	require.True(t, ok)
	require.Len(t, mcv2, scn.Len())
	for i, v := range mcv2 {
		assert.InDelta(t, 0.6, v, mcv1Tolerance, "patch %s", withMCV2.ID[i])
	}
	assert.Equal(t, scn.MCV1, withMCV2.MCV1, "mcv1 does not change")
	_, ok, err = c.Get("fixture:mcv2")
	require.NoError(t, err)
	assert.True(t, ok)

	notTIFF := p
	notTIFF.MCV2Raster = filepath.Join(t.TempDir(), "mcv2.tif")
	require.NoError(t, os.WriteFile(notTIFF.MCV2Raster, []byte("not a GeoTIFF"), 0o644))
	_, err = NewRasterPatchGenerator(notTIFF, WithoutCache())
	require.Error(t, err, "the MCV2 raster's header is checked up front, as the others are")
}

// mustCache opens a cache in a temporary directory.
func mustCache(t *testing.T) *Cache {
	t.Helper()
	c, err := LoadCache(t.TempDir())
	require.NoError(t, err)
	return c
}

func TestRasterCache(t *testing.T) {
	ctx := context.Background()
	p := NewRasterFixture(t)
	p.MCV2Raster = filepath.Join(filepath.Dir(p.Shapefile), "mcv2.tif")
	writeRaster(t, p.MCV2Raster, 13, 3, constant(13*3, 60), coarseMCV1Georef, geotifftest.Options{})
	c := mustCache(t)

	g, err := NewRasterPatchGenerator(p, WithCache(c))
	require.NoError(t, err)
	pops, err := g.Population(ctx)
	require.NoError(t, err)
	_, err = g.Population(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1), g.computations.Load(), "the second call is a hit")

	e, ok, err := c.Get("fixture:population")
	require.NoError(t, err)
	require.True(t, ok)
	assert.True(t, e.Timestamp.Equal(g.started), "stamped with the start of the computation")
	dbf := strings.TrimSuffix(p.Shapefile, ".shp") + ".dbf"
	inputs := []string{p.Shapefile, dbf, p.PopulationRaster, p.MCV1Raster, p.MCV2Raster}
	assert.Len(t, e.Inputs, len(inputs))

	// A fresh generator on the same cache hits too.
	hit, err := NewRasterPatchGenerator(p, WithCache(c))
	require.NoError(t, err)
	again, err := hit.Population(ctx)
	require.NoError(t, err)
	assert.Equal(t, pops, again)
	assert.Equal(t, int64(0), hit.computations.Load())

	// Touching any input (mtime after the entry's timestamp) is a miss.
	for _, in := range inputs {
		t.Run("touch "+filepath.Base(in), func(t *testing.T) {
			g, err := NewRasterPatchGenerator(p, WithCache(c))
			require.NoError(t, err)
			_, err = g.Population(ctx)
			require.NoError(t, err)
			require.Equal(t, int64(0), g.computations.Load(), "fresh before the touch")

			future := time.Now().Add(time.Hour)
			require.NoError(t, os.Chtimes(in, future, future))
			_, err = g.Population(ctx)
			require.NoError(t, err)
			assert.Equal(t, int64(1), g.computations.Load(), "recomputed after touching %s", in)

			// Restore an old mtime and refill the cache for the next input.
			past := time.Now().Add(-time.Hour)
			require.NoError(t, os.Chtimes(in, past, past))
			refill, err := NewRasterPatchGenerator(p, WithCache(c))
			require.NoError(t, err)
			_, err = refill.Population(ctx)
			require.NoError(t, err)
		})
	}

	t.Run("changed path", func(t *testing.T) {
		moved := p
		moved.PopulationRaster = filepath.Join(t.TempDir(), "pop-copy.tif")
		data, err := os.ReadFile(p.PopulationRaster)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(moved.PopulationRaster, data, 0o644))
		g, err := NewRasterPatchGenerator(moved, WithCache(c))
		require.NoError(t, err)
		_, err = g.Population(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(1), g.computations.Load())
	})

	t.Run("swapped rasters", func(t *testing.T) {
		// The same set of input paths in other roles is a miss (whatever
		// the swapped computation then makes of the rasters).
		warm, err := NewRasterPatchGenerator(p, WithCache(c))
		require.NoError(t, err)
		_, err = warm.MCV1(ctx)
		require.NoError(t, err)
		swapped := p
		swapped.PopulationRaster, swapped.MCV1Raster = p.MCV1Raster, p.PopulationRaster
		g, err := NewRasterPatchGenerator(swapped, WithCache(c))
		require.NoError(t, err)
		_, _ = g.MCV1(ctx)
		assert.Equal(t, int64(1), g.computations.Load())
	})

	t.Run("units changed", func(t *testing.T) {
		g, err := NewRasterPatchGenerator(p, WithCache(c), WithMCV1Units(MCV1UnitsPercent))
		require.NoError(t, err)
		vals, err := g.MCV1(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(1), g.computations.Load())
		assert.InDelta(t, 0.8, vals[0].Value, mcv1Tolerance)
	})

	t.Run("corrupt entry is a miss and is overwritten", func(t *testing.T) {
		require.NoError(t, os.WriteFile(c.entryPath("fixture:population"), []byte(`{"key":"fixture:pop`), 0o644))
		g, err := NewRasterPatchGenerator(p, WithCache(c))
		require.NoError(t, err)
		got, err := g.Population(ctx)
		require.NoError(t, err)
		assert.Equal(t, pops, got)
		assert.Equal(t, int64(1), g.computations.Load())
		_, ok, err := c.Get("fixture:population")
		require.NoError(t, err)
		assert.True(t, ok)
	})

	t.Run("without cache", func(t *testing.T) {
		g, err := NewRasterPatchGenerator(p, WithoutCache())
		require.NoError(t, err)
		for range 2 {
			_, err = g.Population(ctx)
			require.NoError(t, err)
		}
		assert.Equal(t, int64(2), g.computations.Load())
	})

	t.Run("ClearPrefix drops this id only", func(t *testing.T) {
		require.NoError(t, c.Set("fixture_admin2:population", nil, 1))
		require.NoError(t, c.ClearPrefix("fixture"))
		keys, err := c.Keys()
		require.NoError(t, err)
		assert.Equal(t, []string{"fixture_admin2:population"}, keys)
	})
}

func TestRasterInputsUnmodified(t *testing.T) {
	p := NewRasterFixture(t)
	dir := filepath.Dir(p.Shapefile)
	before := snapshotDir(t, dir)
	g, err := NewRasterPatchGenerator(p, WithCache(mustCache(t)))
	require.NoError(t, err)
	_, err = g.Scenario(context.Background())
	require.NoError(t, err)
	assert.Equal(t, before, snapshotDir(t, dir), "no file added, changed or removed next to the inputs")
}

// snapshotDir maps each file name in dir to its content.
func snapshotDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = string(b)
	}
	return out
}
