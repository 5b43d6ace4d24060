package geotiff_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

var allFormats = []geotifftest.SampleFormat{
	geotifftest.Float32, geotifftest.Float64, geotifftest.Int16, geotifftest.Uint8, geotifftest.Int32,
	geotifftest.Uint16, geotifftest.Int8, geotifftest.Uint32, geotifftest.Int64, geotifftest.Uint64,
}

// variant is one encoding of the test image.
type variant struct {
	name string
	opts geotifftest.Options
}

// variants lists every supported encoding: all formats × compressions ×
// valid predictors × strip/tile layouts × byte orders.
func variants() []variant {
	layouts := []struct {
		name string
		set  func(*geotifftest.Options)
	}{
		{"rps1", func(o *geotifftest.Options) { o.RowsPerStrip = 1 }},
		{"rps5", func(o *geotifftest.Options) { o.RowsPerStrip = 5 }},
		{"onestrip", func(o *geotifftest.Options) {}},
		{"tiles16x16", func(o *geotifftest.Options) { o.Tiled, o.TileWidth, o.TileHeight = true, 16, 16 }},
		{"tiles48x32", func(o *geotifftest.Options) { o.Tiled, o.TileWidth, o.TileHeight = true, 48, 32 }},
	}
	var out []variant
	for _, f := range allFormats {
		for _, c := range []int{geotifftest.None, geotifftest.LZW, geotifftest.Deflate, geotifftest.DeflateOld} {
			for _, p := range []int{1, 2, 3} {
				if (p > 1 && c == geotifftest.None) || (p == 3 && !f.IsFloat()) {
					continue // invalid: see Options.Predictor
				}
				for _, l := range layouts {
					for _, big := range []bool{false, true} {
						o := geotifftest.Options{Format: f, Compression: c, Predictor: p, BigEndian: big, Georef: testGeoref, ModelType: 2}
						if f.IsFloat() {
							o.NoData = fmt.Sprint(testNoData)
						}
						l.set(&o)
						out = append(out, variant{fmt.Sprintf("%v/c%d/p%d/%s/big=%v", f, c, p, l.name, big), o})
					}
				}
			}
		}
	}
	return out
}

// TestRoundTrip writes the test image in every variant and reads it back,
// whole and through random windows: every value must come back exactly.
func TestRoundTrip(t *testing.T) {
	vs := variants()
	require.Len(t, vs, 2*2*(1+3*3)*5+8*2*(1+3*2)*5, "variant count: 2 float formats × 10 (compression, predictor) pairs, 8 integer formats × 7, × 5 layouts × 2 byte orders")
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			want := testImage(v.opts.Format)
			im := open(t, encode(t, testW, testH, want, v.opts))
			checkDescription(t, im, v.opts)
			got := make([]float64, testW*testH)
			require.NoError(t, im.ReadWindow(0, 0, testW, testH, got))
			requireSame(t, want, got, "full image")
			rng := rand.New(rand.NewPCG(1, uint64(len(v.name)))) // fixed seed per variant
			for range 12 {
				w, h := 1+rng.IntN(testW), 1+rng.IntN(testH)
				c0, r0 := rng.IntN(testW-w+1), rng.IntN(testH-h+1)
				win := make([]float64, w*h)
				require.NoError(t, im.ReadWindow(c0, r0, w, h, win))
				requireSame(t, sub(want, c0, r0, w, h), win, fmt.Sprintf("window %d×%d at (%d, %d)", w, h, c0, r0))
			}
		})
	}
}

// checkDescription compares the Image's accessors with the options used
// to write it.
func checkDescription(t *testing.T, im *geotiff.Image, o geotifftest.Options) {
	t.Helper()
	assert.Equal(t, testW, im.Width())
	assert.Equal(t, testH, im.Height())
	assert.Equal(t, testGeoref, im.Georef())
	assert.Equal(t, o.Compression, im.Compression())
	assert.Equal(t, o.Predictor, im.Predictor())
	assert.Equal(t, o.Tiled, im.Tiled())
	var order binary.ByteOrder = binary.LittleEndian
	if o.BigEndian {
		order = binary.BigEndian
	}
	assert.Equal(t, order, im.ByteOrder())
	bw, bh := im.BlockSize()
	switch {
	case o.Tiled:
		assert.Equal(t, [2]int{o.TileWidth, o.TileHeight}, [2]int{bw, bh})
	case o.RowsPerStrip > 0:
		assert.Equal(t, [2]int{testW, o.RowsPerStrip}, [2]int{bw, bh})
	default:
		assert.Equal(t, [2]int{testW, testH}, [2]int{bw, bh})
	}
	nd, ok := im.NoData()
	assert.Equal(t, o.Format.IsFloat(), ok)
	if ok {
		assert.Equal(t, float64(testNoData), nd)
	}
	assert.Equal(t, 8*sampleBytes[o.Format], im.BitsPerSample())
	assert.Equal(t, sampleFormatCode(o.Format), im.SampleFormat())
}

// sampleBytes is the size of each format's samples.
var sampleBytes = map[geotifftest.SampleFormat]int{
	geotifftest.Uint8: 1, geotifftest.Int8: 1, geotifftest.Uint16: 2, geotifftest.Int16: 2,
	geotifftest.Uint32: 4, geotifftest.Int32: 4, geotifftest.Float32: 4,
	geotifftest.Uint64: 8, geotifftest.Int64: 8, geotifftest.Float64: 8,
}

// sampleFormatCode is the TIFF SampleFormat of f (TIFF 6.0 Section 19:
// 1 unsigned, 2 signed, 3 float).
func sampleFormatCode(f geotifftest.SampleFormat) int {
	switch {
	case f.IsFloat():
		return 3
	case isSigned(f):
		return 2
	}
	return 1
}

func isSigned(f geotifftest.SampleFormat) bool {
	lo, _ := intRange(f)
	return lo < 0
}
