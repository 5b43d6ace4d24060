package demographics

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// The raster fixture: a 10 × 10 population raster of 0.1° pixels covering
// lon 10–11, lat 5–6. Pixel (c, r) has its centre at (10.05 + 0.1c,
// 5.95 − 0.1r) and the value v(c, r) = 1 + c + 10r (1 … 100), except three
// pixels of row 7: (0, 7) nodata, (1, 7) zero, (2, 7) negative.
const (
	fixtureSize   = 10    // pixels per side
	fixtureNodata = -9999 // GDAL_NODATA of the fixture (fits int16)
)

// fixtureGeoref is the fixture raster's georeferencing.
var fixtureGeoref = geotiff.Georef{X0: 10, Y0: 6, DX: 0.1, DY: 0.1}

// fixturePop returns the fixture's population pixels, row-major.
func fixturePop() []float64 {
	v := make([]float64, fixtureSize*fixtureSize)
	for r := range fixtureSize {
		for c := range fixtureSize {
			v[r*fixtureSize+c] = float64(1 + c + 10*r)
		}
	}
	v[7*fixtureSize+0] = fixtureNodata
	v[7*fixtureSize+1] = 0
	v[7*fixtureSize+2] = -5
	return v
}

// fixtureFeature is a hand-made polygon with its hand-computed zonal
// population and planar area centroid.
type fixtureFeature struct {
	dotname  string
	shape    shapefile.Shape
	pop      int64
	lon, lat float64
}

// Shorthands for the fixture's polygons.
var (
	box  = shapefiletest.Box
	hole = shapefiletest.Hole
	poly = shapefiletest.Polygon
)

// fixtureFeatures returns the fixture's features, in shapefile order. The
// sums use v(c, r) = 1 + c + 10r; a pixel counts when its centre is strictly
// inside the feature's bounding box and inside the polygon.
func fixtureFeatures() []fixtureFeature {
	// The centre of column 0 (lon 10.05) and of row 6 (lat 5.35), computed
	// as the reader does, so the "edge" box passes exactly through them.
	lon0, _ := fixtureGeoref.PixelCenter(0, 0)
	_, lat6 := fixtureGeoref.PixelCenter(0, 6)
	return []fixtureFeature{
		// Columns 2–4 × rows 2–4: Σ(1 + c + 10r) = 9·1 + 3·(2+3+4) +
		// 10·3·(2+3+4) = 9 + 27 + 270 = 306; centre of the box.
		{"t:square", poly(box(10.2, 5.5, 10.5, 5.8)), 306, 10.35, 5.65},
		// Outer columns 5–9 × rows 5–9: 25 + 5·35 + 10·5·35 = 1950, minus
		// the hole's columns 6–7 × rows 7–8: 77 + 78 + 87 + 88 = 330 → 1620.
		// Centroid: (0.25·(10.75, 5.25) − 0.04·(10.7, 5.2)) / 0.21 =
		// (2.2595, 1.1045) / 0.21.
		{"t:holed", poly(box(10.5, 5.0, 11.0, 5.5), hole(10.6, 5.1, 10.8, 5.3)), 1620, 2.2595 / 0.21, 1.1045 / 0.21},
		// Two parts: columns 0–1 × rows 0–1 (1 + 2 + 11 + 12 = 26) and
		// columns 8–9 × rows 0–1 (9 + 10 + 19 + 20 = 58) → 84; columns 2–7
		// lie in the bounding box but in no ring. Equal areas: the mean of
		// (10.1, 5.9) and (10.9, 5.9).
		{"t:multi", poly(box(10.0, 5.8, 10.2, 6.0), box(10.8, 5.8, 11.0, 6.0)), 84, 10.5, 5.9},
		// Columns 0–2 × rows 7–9 without row 7's nodata, zero and negative
		// pixels: 81 + 82 + 83 + 91 + 92 + 93 = 522.
		{"t:special", poly(box(10.0, 5.0, 10.3, 5.3)), 522, 10.15, 5.15},
		// West side on the centres of column 0 and south side on those of
		// row 6: the strict box keeps columns 1–3 of row 5 only, 52 + 53 +
		// 54 = 159 (the crossing test alone would also count column 0 and
		// row 6: 159 + 51 + 61 + 62 + 63 + 64 = 460).
		{"t:edge", poly(box(lon0, lat6, 10.4, 5.5)), 159, (lon0 + 10.4) / 2, (lat6 + 5.5) / 2},
		// Inside pixel (3, 6) but away from its centre (10.35, 5.35): no
		// pixel, pop 0.
		{"t:empty", poly(box(10.31, 5.31, 10.34, 5.34)), 0, 10.325, 5.325},
		// Outside the raster: pop 0, reported as outside.
		{"t:outside", poly(box(20.0, 5.0, 20.5, 5.5)), 0, 20.25, 5.25},
	}
}

// dotnameFields is the DBF layout of the fixtures: one DOTNAME column.
var dotnameFields = []shapefile.Field{{Name: "DOTNAME", Type: 'C', Size: 50}}

// writeShapes writes features as path (a .shp) with a DOTNAME field.
func writeShapes(t testing.TB, path string, feats []fixtureFeature, opts ...shapefiletest.Option) {
	t.Helper()
	records := make([][]any, len(feats))
	shapes := make([]shapefile.Shape, len(feats))
	for i, f := range feats {
		records[i], shapes[i] = []any{f.dotname}, f.shape
	}
	require.NoError(t, shapefiletest.WritePolygons(path, dotnameFields, records, shapes, opts...))
}

// writeRaster writes a GeoTIFF of w × h values with the fixture's nodata.
func writeRaster(t testing.TB, path string, w, h int, data []float64, g geotiff.Georef, o geotifftest.Options) {
	t.Helper()
	o.Georef = g
	if o.NoData == "" {
		o.NoData = fmt.Sprint(fixtureNodata)
	}
	require.NoError(t, geotifftest.WriteFile(path, w, h, data, o))
}

// constant returns n copies of v.
func constant(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// coarseMCV1Georef is a 13 × 3 grid of 1° pixels (lon 9–22, lat 4–7)
// covering every fixture feature, the outside one included.
var coarseMCV1Georef = geotiff.Georef{X0: 9, Y0: 7, DX: 1, DY: 1}

// NewRasterFixture writes the fixture's shapefile (every feature of
// fixtureFeatures, with a WGS84 .prj), its population raster and an MCV1
// raster of 80 % everywhere into a temporary directory and returns the
// parameters (id "fixture", region "NGA"). It is exported for the
// end-to-end test in package demographics_test.
func NewRasterFixture(t testing.TB) RasterPatchParams {
	t.Helper()
	dir := t.TempDir()
	p := RasterPatchParams{
		ID: "fixture", Region: "NGA",
		Shapefile:        filepath.Join(dir, "shapes.shp"),
		PopulationRaster: filepath.Join(dir, "pop.tif"),
		MCV1Raster:       filepath.Join(dir, "mcv1.tif"),
	}
	writeShapes(t, p.Shapefile, fixtureFeatures(), shapefiletest.WithPRJ(shapefiletest.WGS84))
	writeRaster(t, p.PopulationRaster, fixtureSize, fixtureSize, fixturePop(), fixtureGeoref, geotifftest.Options{})
	writeRaster(t, p.MCV1Raster, 13, 3, constant(13*3, 80), coarseMCV1Georef, geotifftest.Options{})
	return p
}

// memRaster is an in-memory raster for unit tests of the pixel loops; it
// records the windows read.
type memRaster struct {
	w, h    int
	data    []float64
	windows [][4]int // col0, row0, w, h of each ReadWindow
}

// ReadWindow implements windowReader.
func (m *memRaster) ReadWindow(col0, row0, w, h int, dst []float64) error {
	if col0 < 0 || row0 < 0 || col0+w > m.w || row0+h > m.h || len(dst) < w*h {
		return fmt.Errorf("window %d×%d at (%d, %d) outside %d×%d", w, h, col0, row0, m.w, m.h)
	}
	m.windows = append(m.windows, [4]int{col0, row0, w, h})
	for r := range h {
		copy(dst[r*w:(r+1)*w], m.data[(row0+r)*m.w+col0:])
	}
	return nil
}

// grid describes the raster with georeferencing g and no nodata value.
func (m *memRaster) grid(g geotiff.Georef) grid {
	return grid{Georef: g, w: m.w, h: m.h}
}
