package geotiff_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// BenchmarkReadWindow reads a 100×100 window out of a 2000×1500 float32
// raster (a WorldPop-like population grid: smooth values) stored as Deflate
// with the floating point predictor in 16-row strips (GDAL's usual layout
// for compressed strips of this width) and in 256×256 tiles, and as LZW
// without predictor in 1-row strips (the layout of WorldPop's own files).
func BenchmarkReadWindow(b *testing.B) {
	const w, h = 2000, 1500
	data := make([]float64, w*h)
	for i := range data {
		data[i] = float64(float32(100 + 50*math.Sin(float64(i%w)/37)*math.Cos(float64(i/w)/53)))
	}
	layouts := []struct {
		name string
		opts geotifftest.Options
	}{
		{"deflate-p3-strips16", geotifftest.Options{RowsPerStrip: 16, Compression: geotifftest.Deflate, Predictor: 3}},
		{"deflate-p3-tiles256", geotifftest.Options{Tiled: true, TileWidth: 256, TileHeight: 256, Compression: geotifftest.Deflate, Predictor: 3}},
		{"lzw-strips1", geotifftest.Options{RowsPerStrip: 1, Compression: geotifftest.LZW}},
	}
	for _, l := range layouts {
		o := l.opts
		o.Georef = geotiff.Georef{X0: 2, Y0: 13, DX: 0.004, DY: 0.004}
		im := open(b, encode(b, w, h, data, o))
		dst := make([]float64, 100*100)
		b.Run(l.name+"/100x100", func(b *testing.B) {
			for b.Loop() {
				require.NoError(b, im.ReadWindow(1234, 700, 100, 100, dst))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e4, "ns/pixel")
		})
	}
}
