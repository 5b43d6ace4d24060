package geotiff_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// FuzzOpen feeds arbitrary bytes to Open and, when it succeeds, to
// ReadWindow: neither may panic or allocate beyond what the file size
// justifies, errors are not empty, and a window decodes to the same pixels
// as the same area of a larger window. The seed corpus is a spread of valid encodings from
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
			require.NotEmpty(t, err.Error())
			return
		}
		// A lying header may claim a huge sparse image: the window is the
		// caller's allocation, so keep it small.
		w, h := min(im.Width(), 256), min(im.Height(), 256)
		dst := make([]float64, w*h)
		if err := im.ReadWindow(0, 0, w, h, dst); err == nil {
			checkSubWindow(t, im, w, h, dst)
		}
		_ = im.ReadWindow(im.Width()-1, im.Height()-1, 1, 1, dst)
	})
}

// checkSubWindow asserts that the window one pixel in from the top-left
// corner of a decoded w×h window holds the same pixels (NaN equal to NaN):
// decoding does not depend on where a window starts.
func checkSubWindow(t *testing.T, im *geotiff.Image, w, h int, whole []float64) {
	t.Helper()
	if w < 2 || h < 2 {
		return
	}
	sub := make([]float64, (w-1)*(h-1))
	require.NoError(t, im.ReadWindow(1, 1, w-1, h-1, sub))
	for r := range h - 1 {
		for c := range w - 1 {
			a, b := sub[r*(w-1)+c], whole[(r+1)*w+c+1]
			require.True(t, a == b || (math.IsNaN(a) && math.IsNaN(b)), "pixel (%d, %d): %v vs %v", c+1, r+1, a, b)
		}
	}
}
