package demographics

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// mcv1Tolerance covers the rounding of bilinear weights and the weighted
// mean over a few dozen pixels.
const mcv1Tolerance = 1e-12

// newSampler returns a sampler over an in-memory MCV1 raster, loaded for
// the box b.
func newSampler(t *testing.T, w, h int, data []float64, g geotiff.Georef, b rect) *mcv1Sampler {
	t.Helper()
	m := &memRaster{w: w, h: h, data: data}
	s := &mcv1Sampler{rd: m, g: m.grid(g)}
	require.NoError(t, s.load(b))
	return s
}

func TestMCV1SampleBilinear(t *testing.T) {
	// 2 × 2 pixels of 1° (lon 0–2, lat 0–2), centres (0.5|1.5, 1.5|0.5):
	//   0.2 0.4
	//   0.6 −1   (negative → 0 → invalid)
	g := geotiff.Georef{X0: 0, Y0: 2, DX: 1, DY: 1}
	data := []float64{0.2, 0.4, 0.6, -1}
	tests := []struct {
		name     string
		lon, lat float64
		want     float64
	}{
		// Centre of the four: weights ¼ each, the valid three renormalised:
		// (0.2 + 0.4 + 0.6)·¼ / ¾ = 0.4.
		{"renormalised over valid neighbours", 1.0, 1.0, 0.4},
		// fx = fy = 0.25: weights 0.5625, 0.1875, 0.1875 (and 0.0625 on
		// the invalid pixel): (0.5625·0.2 + 0.1875·0.4 + 0.1875·0.6) /
		// 0.9375 = 0.3 / 0.9375 = 0.32.
		{"uneven weights", 0.75, 1.25, 0.32},
		// On a pixel centre: weight 1 on that pixel.
		{"on a centre", 1.5, 1.5, 0.4},
		// Between the two top centres: ½·0.2 + ½·0.4.
		{"on an edge between centres", 1.0, 1.5, 0.3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSampler(t, 2, 2, data, g, rect{0, 0, 2, 2})
			v, ok, err := s.sample(tc.lon, tc.lat)
			require.NoError(t, err)
			require.True(t, ok)
			assert.InDelta(t, tc.want, v, mcv1Tolerance)
			assert.Equal(t, 0.6, s.maxValid)
		})
	}
}

func TestMCV1SampleNearest(t *testing.T) {
	// One row of five 0.25° pixels (lon 0–1.25, lat 0–1); column centres
	// at lon 0.125, 0.375, 0.625, 0.875, 1.125 and lat 0.5.
	g := geotiff.Georef{X0: 0, Y0: 1, DX: 0.25, DY: 1}
	tests := []struct {
		name     string
		data     []float64
		lon      float64
		want     float64
		wantNone bool
	}{
		// At column 2's centre its weight is 1 but it is invalid, and
		// column 3 has weight 0: nearest valid is column 3 (0.25° away).
		{"zero-weight valid neighbour", []float64{0.3, 0, 0, 0.9, 0.7}, 0.625, 0.9, false},
		// Columns 0 and 4 are both 0.5° from column 2's centre: the left
		// one wins the tie.
		{"tie goes left", []float64{0.3, 0, 0, 0, 0.7}, 0.625, 0.3, false},
		// From lon 0.2 (between invalid columns 0 and 1) column 4 is
		// 0.925° away: within 1°.
		{"within one degree", []float64{0, 0, 0, 0, 0.7}, 0.2, 0.7, false},
		// From lon 0.1 it is 1.025° away: none.
		{"beyond one degree", []float64{0, 0, 0, 0, 0.7}, 0.1, 0, true},
		// Outside the raster, 0.375° west of column 0's centre.
		{"outside the raster", []float64{0.5, 0, 0, 0, 0}, -0.25, 0.5, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSampler(t, 5, 1, tc.data, g, rect{tc.lon, 0.5, tc.lon, 0.5})
			v, ok, err := s.sample(tc.lon, 0.5)
			require.NoError(t, err)
			assert.Equal(t, !tc.wantNone, ok)
			assert.Equal(t, tc.want, v)
		})
	}
}

func TestMCV1SampleNearestTieUpperRow(t *testing.T) {
	// One column of three 1° pixels (lat 0–3): only the top and bottom are
	// valid, both 1° from the middle centre: the upper row wins.
	g := geotiff.Georef{X0: 0, Y0: 3, DX: 1, DY: 1}
	s := newSampler(t, 1, 3, []float64{0.25, 0, 0.75}, g, rect{0.5, 1.5, 0.5, 1.5})
	v, ok, err := s.sample(0.5, 1.5)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, 0.25, v)
}

func TestMCV1Divisor(t *testing.T) {
	assert.Equal(t, 1.0, mcv1Divisor(MCV1UnitsAuto, 1.0), "auto: a maximum of exactly 1 is a fraction")
	assert.Equal(t, 100.0, mcv1Divisor(MCV1UnitsAuto, 1.0001))
	assert.Equal(t, 100.0, mcv1Divisor(MCV1UnitsPercent, 0.5))
	assert.Equal(t, 1.0, mcv1Divisor(MCV1UnitsFraction, 80))
}

// mcv1Case is one MCV1 raster run through the generator.
type mcv1Case struct {
	w, h   int
	data   []float64
	georef geotiff.Georef
	units  string
}

// runMCV1 writes the fixture's features (except the outside one) and
// population raster plus the case's MCV1 raster, and returns the generator's
// MCV1 values by DOTNAME.
func runMCV1(t *testing.T, c mcv1Case) (map[string]float64, error) {
	t.Helper()
	dir := t.TempDir()
	feats := fixtureFeatures()
	feats = feats[:len(feats)-1] // without t:outside, far from the MCV1 rasters
	p := RasterPatchParams{ID: "m", Region: "NGA", Shapefile: filepath.Join(dir, "s.shp"),
		PopulationRaster: filepath.Join(dir, "pop.tif"), MCV1Raster: filepath.Join(dir, "mcv1.tif")}
	writeShapes(t, p.Shapefile, feats)
	writeRaster(t, p.PopulationRaster, fixtureSize, fixtureSize, fixturePop(), fixtureGeoref, geotifftest.Options{})
	writeRaster(t, p.MCV1Raster, c.w, c.h, c.data, c.georef, geotifftest.Options{Format: geotifftest.Float64})
	units := c.units
	if units == "" {
		units = MCV1UnitsAuto
	}
	g, err := NewRasterPatchGenerator(p, WithoutCache(), WithMCV1Units(units))
	require.NoError(t, err)
	vals, err := g.MCV1(context.Background())
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, v := range vals {
		out[v.Dotname] = v.Value
	}
	return out, nil
}

// rampGeoref is a 7 × 7 grid of 0.2° pixels (lon 9.9–11.3, lat 4.7–6.1)
// whose centres (lon 10.0 … 11.2, lat 6.0 … 4.8) surround every fixture
// pixel centre, offset from the population grid.
var rampGeoref = geotiff.Georef{X0: 9.9, Y0: 6.1, DX: 0.2, DY: 0.2}

// ramp is the linear MCV1 surface m = 0.1 + 0.3·(lon − 10) + 0.2·(lat − 5).
func ramp(lon, lat float64) float64 { return 0.1 + 0.3*(lon-10) + 0.2*(lat-5) }

func TestMCV1Generator(t *testing.T) {
	rampData := make([]float64, 7*7)
	for r := range 7 {
		for c := range 7 {
			lon, lat := rampGeoref.PixelCenter(c, r)
			rampData[r*7+c] = ramp(lon, lat)
		}
	}
	t.Run("constant", func(t *testing.T) {
		got, err := runMCV1(t, mcv1Case{7, 7, constant(49, 0.8), rampGeoref, ""})
		require.NoError(t, err)
		for name, v := range got {
			assert.InDelta(t, 0.8, v, mcv1Tolerance, name)
		}
	})
	t.Run("linear ramp", func(t *testing.T) {
		got, err := runMCV1(t, mcv1Case{7, 7, rampData, rampGeoref, MCV1UnitsFraction})
		require.NoError(t, err)
		// Bilinear interpolation reproduces a linear surface, so the
		// population-weighted mean is the ramp at the population-weighted
		// mean position. t:square, v = 1 + c + 10r over c, r = 2…4 (Σv =
		// 306): Σv·c = 924, Σv·r = 978, so lon = 10.05 + 0.1·924/306 and
		// lat = 5.95 − 0.1·978/306, and m = 0.305 + (27.72 − 19.56)/306 =
		// 0.305 + 2/75.
		assert.InDelta(t, 0.305+2.0/75, got["t:square"], mcv1Tolerance)
		// t:empty has no population: the mean over its four vertices is
		// the ramp at the box centre (10.325, 5.325): 0.1 + 0.0975 + 0.065.
		assert.InDelta(t, 0.2625, got["t:empty"], mcv1Tolerance)
	})
	t.Run("percent auto-detected", func(t *testing.T) {
		got, err := runMCV1(t, mcv1Case{7, 7, constant(49, 80), rampGeoref, ""})
		require.NoError(t, err)
		assert.InDelta(t, 0.8, got["t:holed"], mcv1Tolerance)
	})
	t.Run("percent declared", func(t *testing.T) {
		got, err := runMCV1(t, mcv1Case{7, 7, constant(49, 0.5), rampGeoref, MCV1UnitsPercent})
		require.NoError(t, err)
		assert.InDelta(t, 0.005, got["t:holed"], mcv1Tolerance)
	})
	t.Run("percent read as fraction is out of range", func(t *testing.T) {
		_, err := runMCV1(t, mcv1Case{7, 7, constant(49, 80), rampGeoref, MCV1UnitsFraction})
		require.Error(t, err)
		assert.Contains(t, err.Error(), `record 1 (DOTNAME "t:square")`)
		assert.Contains(t, err.Error(), "outside [0, 1]")
	})
	t.Run("over 100 percent is out of range", func(t *testing.T) {
		_, err := runMCV1(t, mcv1Case{7, 7, constant(49, 120), rampGeoref, ""})
		require.ErrorContains(t, err, "MCV1 1.2 is outside [0, 1]")
	})
	t.Run("invalid neighbours renormalised", func(t *testing.T) {
		// Every other MCV1 pixel nodata: each sample uses the valid ones
		// among its four neighbours (never none on this checkerboard), all
		// 0.6.
		data := constant(49, 0.6)
		for i := range data {
			if i%2 == 1 {
				data[i] = fixtureNodata
			}
		}
		got, err := runMCV1(t, mcv1Case{7, 7, data, rampGeoref, ""})
		require.NoError(t, err)
		assert.InDelta(t, 0.6, got["t:multi"], mcv1Tolerance)
	})
	t.Run("no valid pixel within 1 degree", func(t *testing.T) {
		// A 1 × 1 raster at lon 30: nothing near any feature.
		_, err := runMCV1(t, mcv1Case{1, 1, []float64{0.5}, geotiff.Georef{X0: 30, Y0: 6, DX: 1, DY: 1}, ""})
		require.ErrorContains(t, err, `record 1 (DOTNAME "t:square"): no valid MCV1 pixel within 1° of population pixel centre`)
	})
}

func TestMCV1WithoutRaster(t *testing.T) {
	p := NewRasterFixture(t)
	p.MCV1Raster = ""
	for _, tc := range []struct {
		opts []GenOption
		want float64
	}{{nil, 0}, {[]GenOption{WithDefaultMCV1(0.7)}, 0.7}} {
		g, err := NewRasterPatchGenerator(p, append(tc.opts, WithoutCache())...)
		require.NoError(t, err)
		vals, err := g.MCV1(context.Background())
		require.NoError(t, err)
		require.Len(t, vals, len(fixtureFeatures()))
		for i, v := range vals {
			assert.Equal(t, PatchValue{Dotname: fixtureFeatures()[i].dotname, Value: tc.want}, v)
		}
	}
	_, err := NewRasterPatchGenerator(p, WithoutCache(), WithDefaultMCV1(math.NaN()))
	require.ErrorContains(t, err, "WithDefaultMCV1(NaN): want a value in [0, 1]")
}
