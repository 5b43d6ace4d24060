package geotiff_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// fuzzMaxPixels bounds the pixels an accepted fuzz image is decoded for
// (a fuzzed header may claim any size; decoding is what is exercised).
const fuzzMaxPixels = 1 << 16

// FuzzOpen feeds arbitrary bytes to the GeoTIFF reader: Open and
// ReadWindow never panic, and an image that opens decodes whole (when
// small) or reports an error.
func FuzzOpen(f *testing.F) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	g := geotiff.Georef{X0: 2, Y0: 13, DX: 0.5, DY: 0.5}
	for _, o := range []geotifftest.Options{
		{Georef: g, ModelType: 2},
		{Georef: g, Format: geotifftest.Uint16, Compression: geotifftest.LZW, Predictor: 2, RowsPerStrip: 2, NoData: "0"},
		{Georef: g, Format: geotifftest.Float64, Compression: geotifftest.Deflate, Predictor: 3, BigEndian: true},
		{Georef: g, Format: geotifftest.Int32, Tiled: true, TileWidth: 16, TileHeight: 16, UseTransformation: true},
		{Georef: g, Format: geotifftest.Uint8, PixelIsPoint: true, Compression: geotifftest.DeflateOld},
	} {
		var buf bytes.Buffer
		require.NoError(f, geotifftest.Encode(&buf, 5, 4, data, o))
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		im, err := geotiff.Open(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		w, h := im.Width(), im.Height()
		require.Positive(t, w)
		require.Positive(t, h)
		if w > fuzzMaxPixels/h {
			return
		}
		dst := make([]float64, w*h)
		if err := im.ReadWindow(0, 0, w, h, dst); err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		// A window inside the image decodes to the same pixels.
		if w > 1 && h > 1 {
			sub := make([]float64, (w-1)*(h-1))
			require.NoError(t, im.ReadWindow(1, 1, w-1, h-1, sub))
			for r := range h - 1 {
				for c := range w - 1 {
					a, b := sub[r*(w-1)+c], dst[(r+1)*w+c+1]
					require.True(t, a == b || (a != a && b != b), "pixel (%d, %d): %v vs %v", c+1, r+1, a, b)
				}
			}
		}
	})
}
