package demographics

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/shapefile"
)

// fixtureMem is the fixture's population raster in memory, with its
// nodata value.
func fixtureMem() (*memRaster, grid) {
	m := &memRaster{w: fixtureSize, h: fixtureSize, data: fixturePop()}
	g := m.grid(fixtureGeoref)
	g.nodata, g.hasNodata = fixtureNodata, true
	return m, g
}

// zonalOf is the zonal sum of shape over m.
func zonalOf(t *testing.T, m *memRaster, g grid, s shapefile.Shape) float64 {
	t.Helper()
	z, err := newZone(s)
	require.NoError(t, err)
	sum, err := zonalSum(context.Background(), m, g, z, &zonalScratch{}, nil)
	require.NoError(t, err)
	return sum
}

func TestZonalFixtureFeatures(t *testing.T) {
	for _, f := range fixtureFeatures() {
		t.Run(f.dotname, func(t *testing.T) {
			m, g := fixtureMem()
			assert.Equal(t, float64(f.pop), zonalOf(t, m, g, f.shape))
		})
	}
}

func TestZonalRingsInFileOrder(t *testing.T) {
	// The hole comes first: mask &= !inside on an empty mask does nothing,
	// then the outer ring sets every pixel, so the hole's 330 stay in:
	// 1950 (columns 5–9 × rows 5–9, see fixtureFeatures).
	m, g := fixtureMem()
	assert.Equal(t, 1950.0, zonalOf(t, m, g, poly(hole(10.6, 5.1, 10.8, 5.3), box(10.5, 5.0, 11.0, 5.5))))
	// A counter-clockwise ring alone is a hole in nothing: 0.
	assert.Equal(t, 0.0, zonalOf(t, m, g, poly(hole(10.5, 5.0, 11.0, 5.5))))
	// An island inside a hole is an outer ring again: 1620 + pixel (6, 7)
	// = 77 (island lon 10.6–10.7, lat 5.2–5.3 around its centre
	// (10.65, 5.25)).
	assert.Equal(t, 1697.0, zonalOf(t, m, g, poly(box(10.5, 5.0, 11.0, 5.5), hole(10.6, 5.1, 10.8, 5.3), box(10.6, 5.2, 10.7, 5.3))))
}

func TestZonalPixelValues(t *testing.T) {
	// A 3 × 1 raster of 1° pixels (lon 0–3, lat 0–1) and a polygon over all
	// of it; the middle pixel takes each value in turn, the outer ones are
	// 1 and 2. Positive nodata 7 must be compared explicitly.
	g := grid{Georef: geotiff.Georef{X0: 0, Y0: 1, DX: 1, DY: 1}, w: 3, h: 1, nodata: 7, hasNodata: true}
	tests := []struct {
		name   string
		middle float64
		want   float64
	}{
		{"counted", 4, 7},
		{"NaN", math.NaN(), 3},
		{"+Inf", math.Inf(1), 3},
		{"-Inf", math.Inf(-1), 3},
		{"zero", 0, 3},
		{"negative", -2, 3},
		{"positive nodata value", 7, 3},
		{"fraction", 0.25, 3.25},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &memRaster{w: 3, h: 1, data: []float64{1, tc.middle, 2}}
			assert.Equal(t, tc.want, zonalOf(t, m, g, poly(box(0, 0, 3, 1))))
		})
	}
}

func TestZonalWindowOnly(t *testing.T) {
	// The square covers columns 2–4 × rows 2–4; it reads one window with at
	// most one guard pixel each side, never the whole raster.
	m, g := fixtureMem()
	zonalOf(t, m, g, fixtureFeatures()[0].shape)
	require.Len(t, m.windows, 1)
	w := m.windows[0]
	assert.True(t, w[0] >= 1 && w[0] <= 2 && w[1] >= 1 && w[1] <= 2, "window starts at %v", w)
	assert.True(t, w[0]+w[2] >= 5 && w[0]+w[2] <= 6 && w[1]+w[3] >= 5 && w[1]+w[3] <= 6, "window ends at %v", w)

	// A feature outside the raster reads nothing.
	m.windows = nil
	assert.Equal(t, 0.0, zonalOf(t, m, g, poly(box(20, 5, 21, 6))))
	assert.Empty(t, m.windows)
}

func TestZonalBands(t *testing.T) {
	// 1200 × 1000 pixels of 1 under a box covering all of them: the window
	// (1200 columns) exceeds maxBandPixels (2^20) after 873 rows, so it is
	// read in two bands; the sum is still every pixel: 1 200 000.
	const w, h = 1200, 1000
	m := &memRaster{w: w, h: h, data: constant(w*h, 1)}
	g := m.grid(geotiff.Georef{X0: 0, Y0: 10, DX: 0.01, DY: 0.01})
	assert.Equal(t, float64(w*h), zonalOf(t, m, g, poly(box(0, 0, 12, 10))))
	require.Len(t, m.windows, 2)
	assert.Equal(t, [4]int{0, 0, w, maxBandPixels / w}, m.windows[0])
}

func TestZonalRoundHalfEven(t *testing.T) {
	// One pixel of each value under its own polygon: pop is
	// int64(RoundToEven(sum)).
	g := grid{Georef: geotiff.Georef{X0: 0, Y0: 1, DX: 1, DY: 1}, w: 1, h: 1}
	for _, tc := range []struct {
		v    float64
		want int64
	}{{0.5, 0}, {1.5, 2}, {2.5, 2}, {3.49, 3}, {3.5, 4}} {
		m := &memRaster{w: 1, h: 1, data: []float64{tc.v}}
		assert.Equal(t, tc.want, int64(math.RoundToEven(zonalOf(t, m, g, poly(box(0, 0, 1, 1))))), "value %g", tc.v)
	}
}

func TestZonalCancelled(t *testing.T) {
	m, g := fixtureMem()
	z, err := newZone(fixtureFeatures()[0].shape)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = zonalSum(ctx, m, g, z, &zonalScratch{}, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func TestPixelSpan(t *testing.T) {
	tests := []struct {
		name   string
		lo, hi float64
		size   int
		want   span
	}{
		{"fractional ends", 2.5, 4.5, 10, span{2, 4}},
		{"integer ends", 2, 4, 10, span{2, 3}},
		{"clipped left", -3, 1, 10, span{0, 2}},
		{"clipped right", 8.2, 20, 10, span{8, 2}},
		{"left of the raster", -9, -3, 10, span{}},
		{"right of the raster", 12, 15, 10, span{}},
		{"huge", -1e300, 1e300, 10, span{0, 10}},
		{"NaN", math.NaN(), 3, 10, span{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, pixelSpan(tc.lo, tc.hi, tc.size))
		})
	}
}
