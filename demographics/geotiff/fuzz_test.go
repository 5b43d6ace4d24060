package geotiff_test

import (
	"bytes"
	"testing"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// FuzzOpen feeds arbitrary bytes to Open and, when it succeeds, to
// ReadWindow: neither may panic or allocate beyond what the file size
// justifies. The seed corpus is a spread of valid encodings from
// geotifftest. Run with: go test -run '^$' -fuzz FuzzOpen ./demographics/geotiff
func FuzzOpen(f *testing.F) {
	data := testImage(geotifftest.Int16)
	for _, o := range []geotifftest.Options{
		{Format: geotifftest.Int16},
		{Format: geotifftest.Int16, Compression: geotifftest.LZW, Predictor: 2, RowsPerStrip: 5, BigEndian: true},
		{Format: geotifftest.Int16, Compression: geotifftest.Deflate, Tiled: true, TileWidth: 16, TileHeight: 16},
		{Format: geotifftest.Float32, Compression: geotifftest.DeflateOld, Predictor: 3, RowsPerStrip: 7, NoData: "nan"},
		{Format: geotifftest.Float64, Compression: geotifftest.LZW, Predictor: 3, Tiled: true, TileWidth: 32, TileHeight: 16, BigEndian: true},
		{Format: geotifftest.Uint8, UseTransformation: true, PixelIsPoint: true, ModelType: 2},
	} {
		o.Georef = testGeoref
		if o.Format != geotifftest.Int16 {
			data = testImage(o.Format)
		}
		f.Add(encode(f, testW, testH, data, o))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		im, err := geotiff.Open(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return
		}
		// A lying header may claim a huge sparse image: the window is the
		// caller's allocation, so keep it small.
		w, h := min(im.Width(), 256), min(im.Height(), 256)
		dst := make([]float64, w*h)
		_ = im.ReadWindow(0, 0, w, h, dst)
		_ = im.ReadWindow(im.Width()-1, im.Height()-1, 1, 1, dst)
	})
}
