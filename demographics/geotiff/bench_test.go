package geotiff_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// BenchmarkReadWindow reads a 100×100 window out of a 2000×1500 float32
// raster (a WorldPop-like population grid: smooth values, Deflate with the
// floating point predictor) stored as 16-row strips (GDAL's usual layout
// for compressed strips of this width) and as 256×256 tiles.
func BenchmarkReadWindow(b *testing.B) {
	const w, h = 2000, 1500
	data := make([]float64, w*h)
	for i := range data {
		data[i] = float64(float32(100 + 50*math.Sin(float64(i%w)/37)*math.Cos(float64(i/w)/53)))
	}
	layouts := map[string]geotifftest.Options{
		"strips16": {RowsPerStrip: 16},
		"tiles256": {Tiled: true, TileWidth: 256, TileHeight: 256},
	}
	for _, name := range []string{"strips16", "tiles256"} {
		o := layouts[name]
		o.Compression, o.Predictor = geotifftest.Deflate, 3
		o.Georef = testGeoref
		o.Georef.DX, o.Georef.DY = 0.004, 0.004
		im := open(b, encode(b, w, h, data, o))
		dst := make([]float64, 100*100)
		b.Run(fmt.Sprintf("%s/100x100", name), func(b *testing.B) {
			for b.Loop() {
				require.NoError(b, im.ReadWindow(1234, 700, 100, 100, dst))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e4, "ns/pixel")
		})
	}
}
