package geotiff_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// TestGeoref checks the raw tags the writer stores and the Georef the
// reader derives from them. Every expected number is computed by hand from
// testGeoref (X0 2.5, Y0 13, DX 0.25, DY 0.5) and is exact in binary.
func TestGeoref(t *testing.T) {
	tests := []struct {
		name    string
		opts    geotifftest.Options
		tag     uint16    // tag whose raw values are checked
		raw     []float64 // hand-computed tag values
		center  [2]int    // a pixel …
		lonLat  [2]float64
		comment string
	}{
		{
			name: "tiepoint+scale", opts: geotifftest.Options{},
			tag: 33922, raw: []float64{0, 0, 0, 2.5, 13, 0},
			center: [2]int{0, 0}, lonLat: [2]float64{2.625, 12.75},
			comment: "centre of (0,0) = corner + half a pixel: 2.5+0.125, 13-0.25",
		},
		{
			name: "transformation", opts: geotifftest.Options{UseTransformation: true},
			tag: 34264, raw: []float64{0.25, 0, 0, 2.5, 0, -0.5, 0, 13, 0, 0, 0, 0, 0, 0, 0, 1},
			center: [2]int{36, 22}, lonLat: [2]float64{11.625, 1.75},
			comment: "2.5 + 0.25·36.5 = 11.625; 13 − 0.5·22.5 = 1.75",
		},
		{
			name: "tiepoint IJ (4, 2)", opts: geotifftest.Options{TiepointIJ: [2]float64{4, 2}},
			tag: 33922, raw: []float64{4, 2, 0, 3.5, 12, 0},
			center: [2]int{4, 2}, lonLat: [2]float64{3.625, 11.75},
			comment: "raster (4,2) is the corner (3.5, 12) of pixel (4,2); its centre is 0.125 right, 0.25 down",
		},
		{
			name: "PixelIsPoint tiepoint", opts: geotifftest.Options{PixelIsPoint: true},
			tag: 33922, raw: []float64{0, 0, 0, 2.625, 12.75, 0},
			center: [2]int{0, 0}, lonLat: [2]float64{2.625, 12.75},
			comment: "with PixelIsPoint the tiepoint (2.625, 12.75) is the centre of pixel (0,0)",
		},
		{
			name: "PixelIsPoint tiepoint IJ (1, 3)", opts: geotifftest.Options{PixelIsPoint: true, TiepointIJ: [2]float64{1, 3}},
			tag: 33922, raw: []float64{1, 3, 0, 2.875, 11.25, 0},
			center: [2]int{1, 3}, lonLat: [2]float64{2.875, 11.25},
			comment: "centre of pixel (1,3): 2.5 + 0.25·1.5, 13 − 0.5·3.5",
		},
		{
			name: "PixelIsPoint transformation", opts: geotifftest.Options{PixelIsPoint: true, UseTransformation: true},
			tag: 34264, raw: []float64{0.25, 0, 0, 2.625, 0, -0.5, 0, 12.75, 0, 0, 0, 0, 0, 0, 0, 1},
			center: [2]int{0, 0}, lonLat: [2]float64{2.625, 12.75},
			comment: "the matrix maps raster (0,0) to the centre of pixel (0,0)",
		},
	}
	data := testImage(geotifftest.Float64)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.opts
			o.Format, o.Georef, o.ModelType = geotifftest.Float64, testGeoref, 2
			b := encode(t, testW, testH, data, o)
			raw, err := geotiff.RawFloats(bytes.NewReader(b), int64(len(b)), tc.tag)
			require.NoError(t, err)
			assert.Equal(t, tc.raw, raw, "raw tag %d", tc.tag)
			im := open(t, b)
			assert.Equal(t, testGeoref, im.Georef())
			lon, lat := im.Georef().PixelCenter(tc.center[0], tc.center[1])
			assert.Equal(t, tc.lonLat, [2]float64{lon, lat}, tc.comment)
			minLon, minLat, maxLon, maxLat := im.Bounds()
			// 2.5 + 0.25·37 = 11.75; 13 − 0.5·23 = 1.5
			assert.Equal(t, [4]float64{2.5, 1.5, 11.75, 13}, [4]float64{minLon, minLat, maxLon, maxLat})
		})
	}
}

// TestGeorefPixel checks that Pixel inverts PixelCenter and puts corners
// on integer coordinates.
func TestGeorefPixel(t *testing.T) {
	g := testGeoref
	col, row := g.Pixel(g.PixelCenter(7, 5))
	assert.Equal(t, [2]float64{7.5, 5.5}, [2]float64{col, row})
	col, row = g.Pixel(2.5, 13) // the outer corner of pixel (0, 0)
	assert.Equal(t, [2]float64{0, 0}, [2]float64{col, row})
	col, row = g.Pixel(3, 12) // 2 pixels of 0.25° right, 2 of 0.5° down
	assert.Equal(t, [2]float64{2, 2}, [2]float64{col, row})
}

// TestModelType: GTModelTypeGeoKey absent or 2 is lon/lat; 1 (projected)
// and 3 (geocentric) are rejected with ErrNotGeographic (GeoTIFF 1.0
// §6.3.1.1 values).
func TestModelType(t *testing.T) {
	data := testImage(geotifftest.Uint8)
	for _, mt := range []int{0, 2} {
		open(t, encode(t, testW, testH, data, geotifftest.Options{Format: geotifftest.Uint8, Georef: testGeoref, ModelType: mt}))
	}
	for mt, name := range map[int]string{1: "projected", 3: "geocentric"} {
		err := openErr(encode(t, testW, testH, data, geotifftest.Options{Format: geotifftest.Uint8, Georef: testGeoref, ModelType: mt}))
		require.ErrorIs(t, err, geotiff.ErrNotGeographic)
		assert.ErrorContains(t, err, name)
	}
}

// TestNoData checks GDAL_NODATA parsing.
func TestNoData(t *testing.T) {
	data := testImage(geotifftest.Float32)
	for _, tc := range []struct {
		text string
		want float64
		ok   bool
	}{
		{"", 0, false}, {"-9999", -9999, true}, {" 3.5e+38 ", 3.5e38, true}, {"nan", math.NaN(), true},
	} {
		im := open(t, encode(t, testW, testH, data, geotifftest.Options{Georef: testGeoref, NoData: tc.text}))
		v, ok := im.NoData()
		assert.Equal(t, tc.ok, ok, tc.text)
		if math.IsNaN(tc.want) {
			assert.True(t, math.IsNaN(v))
		} else {
			assert.Equal(t, tc.want, v, tc.text)
		}
	}
	err := openErr(encode(t, testW, testH, data, geotifftest.Options{Georef: testGeoref, NoData: "none"}))
	require.ErrorIs(t, err, geotiff.ErrCorrupt)
	assert.ErrorContains(t, err, `GDAL_NODATA "none" is not a number`)
}
