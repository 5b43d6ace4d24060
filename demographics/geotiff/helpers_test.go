package geotiff_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// The test image is 37 × 23 pixels: neither is a multiple of the 16-pixel
// tiles nor of 5 rows per strip, so edge tiles and the last strip are
// partial.
const (
	testW = 37
	testH = 23
)

// testGeoref places the test image at lon [2.5, 11.75] × lat [1.5, 13]; all
// numbers are dyadic so pixel centres are exact in float64.
var testGeoref = geotiff.Georef{X0: 2.5, Y0: 13, DX: 0.25, DY: 0.5}

// testNoData is the GDAL_NODATA value written into float fixtures.
const testNoData = -9999

// testImage returns non-uniform values that format f stores exactly:
// integers spread over the whole range (negatives for signed formats),
// including the range's extremes at the first and last pixel; for floats,
// multiples of 1/16 of both signs plus a NaN and a nodata pixel.
func testImage(f geotifftest.SampleFormat) []float64 {
	v := make([]float64, testW*testH)
	for row := range testH {
		for col := range testW {
			k := col*7919 + row*104729 + col*row*31 // primes: no visible pattern
			v[row*testW+col] = imageValue(f, k)
		}
	}
	if f.IsFloat() {
		v[4*testW+3] = math.NaN()
		v[7*testW+10] = testNoData
		return v
	}
	lo, hi := intRange(f)
	v[0], v[len(v)-1] = lo, hi
	return v
}

// imageValue maps k to a value of format f.
func imageValue(f geotifftest.SampleFormat, k int) float64 {
	if f.IsFloat() {
		return float64(k%2001-1000) / 16
	}
	lo, hi := intRange(f)
	span := min(hi-lo+1, 1<<52) // stay exact for 64-bit formats
	return lo + float64(k%int(span))
}

// intRange returns the smallest and largest values of integer format f
// that float64 represents exactly.
func intRange(f geotifftest.SampleFormat) (lo, hi float64) {
	bits := 8 * sampleBytes[f]
	signed := f == geotifftest.Int8 || f == geotifftest.Int16 || f == geotifftest.Int32 || f == geotifftest.Int64
	top := math.Ldexp(1, bits) // exclusive upper bound of the unsigned range
	if signed {
		lo, top = -top/2, top/2
	}
	if top <= 1<<53 {
		return lo, top - 1
	}
	return lo, math.Nextafter(top, 0) // 2^64 − 2048 or 2^63 − 1024, exact
}

// encode writes a fixture to memory.
func encode(t testing.TB, w, h int, data []float64, o geotifftest.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, geotifftest.Encode(&buf, w, h, data, o))
	return buf.Bytes()
}

// open parses an in-memory fixture.
func open(t testing.TB, b []byte) *geotiff.Image {
	t.Helper()
	im, err := geotiff.Open(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	return im
}

// openErr parses an in-memory file that must fail.
func openErr(b []byte) error {
	_, err := geotiff.Open(bytes.NewReader(b), int64(len(b)))
	return err
}

// sub returns the w × h window at (col0, row0) of a testW-wide image.
func sub(img []float64, col0, row0, w, h int) []float64 {
	out := make([]float64, 0, w*h)
	for r := row0; r < row0+h; r++ {
		out = append(out, img[r*testW+col0:r*testW+col0+w]...)
	}
	return out
}

// requireSame compares values exactly, treating NaN as equal to NaN.
func requireSame(t testing.TB, want, got []float64, msg string) {
	t.Helper()
	require.Len(t, got, len(want), msg)
	for i := range want {
		if math.IsNaN(want[i]) {
			require.True(t, math.IsNaN(got[i]), "%s: value %d = %v, want NaN", msg, i, got[i])
			continue
		}
		require.Equal(t, want[i], got[i], "%s: value %d", msg, i)
	}
}
