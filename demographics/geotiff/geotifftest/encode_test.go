package geotifftest_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

var georef = geotiff.Georef{X0: 0, Y0: 10, DX: 1, DY: 1}

// TestEncodeRejects checks that impossible fixtures are refused.
func TestEncodeRejects(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		data []float64
		o    geotifftest.Options
		msg  string
	}{
		{"size mismatch", 2, 2, []float64{1, 2, 3}, geotifftest.Options{}, "3 values for a 2×2 image"},
		{"unknown format", 1, 1, []float64{1}, geotifftest.Options{Format: 99}, "unknown SampleFormat(99)"},
		{"compression", 1, 1, []float64{1}, geotifftest.Options{Compression: 7}, "compression 7 is not 1, 5, 8 or 32946"},
		{"predictor without compression", 1, 1, []float64{1}, geotifftest.Options{Predictor: 2}, "a predictor needs LZW or Deflate"},
		{"predictor 3 on ints", 1, 1, []float64{1}, geotifftest.Options{Format: geotifftest.Int16, Compression: geotifftest.LZW, Predictor: 3}, "predictor 3 needs float samples, not int16"},
		{"tile size", 1, 1, []float64{1}, geotifftest.Options{Tiled: true, TileWidth: 10, TileHeight: 16}, "tile size 10×16 is not a positive multiple of 16"},
		{"uint8 overflow", 1, 1, []float64{256}, geotifftest.Options{Format: geotifftest.Uint8}, "value 256 is not representable as uint8"},
		{"int16 fraction", 1, 1, []float64{1.5}, geotifftest.Options{Format: geotifftest.Int16}, "value 1.5 is not representable as int16"},
		{"negative uint", 1, 1, []float64{-1}, geotifftest.Options{Format: geotifftest.Uint32}, "value -1 is not representable as uint32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.o.Georef = georef
			err := geotifftest.Encode(&bytes.Buffer{}, tc.w, tc.h, tc.data, tc.o)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
}

// TestEncodeLayout checks the header, and that the tags are readable by the
// reader, including an Options.Tags override.
func TestEncodeLayout(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, geotifftest.Encode(&buf, 3, 2, []float64{1, 2, 3, 4, 5, 6}, geotifftest.Options{
		Format: geotifftest.Uint16, BigEndian: true, Georef: georef,
	}))
	b := buf.Bytes()
	// "MM", magic 42, first IFD at offset 8 (TIFF 6.0 Section 2).
	assert.Equal(t, []byte{'M', 'M', 0, 42, 0, 0, 0, 8}, b[:8])
	// The pixels are the file's last 12 bytes: 6 big-endian uint16 words.
	assert.Equal(t, []byte{0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6}, b[len(b)-12:])

	buf.Reset()
	require.NoError(t, geotifftest.Encode(&buf, 3, 2, make([]float64, 6), geotifftest.Options{
		Georef: georef, Tags: map[uint16]uint32{259: 70000}, // Compression as a LONG
	}))
	_, err := geotiff.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	assert.ErrorIs(t, err, geotiff.ErrUnsupported)
	assert.ErrorContains(t, err, "compression 70000")
}

// TestWriteFile checks the file variant and its errors.
func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.tif")
	require.NoError(t, geotifftest.WriteFile(path, 1, 1, []float64{42}, geotifftest.Options{Format: geotifftest.Int8, Georef: georef}))
	f, err := geotiff.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	got := []float64{0}
	require.NoError(t, f.ReadWindow(0, 0, 1, 1, got))
	assert.Equal(t, []float64{42}, got)

	err = geotifftest.WriteFile(filepath.Join(t.TempDir(), "missing", "x.tif"), 1, 1, []float64{1}, geotifftest.Options{Georef: georef})
	assert.ErrorIs(t, err, os.ErrNotExist)
}
