package geotiff_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// TestOpenErrors checks that every unsupported or broken file fails Open
// with the right sentinel and a message naming the problem.
func TestOpenErrors(t *testing.T) {
	valid := func(o geotifftest.Options) []byte {
		o.Georef = testGeoref
		return encode(t, testW, testH, testImage(o.Format), o)
	}
	f32 := valid(geotifftest.Options{})
	// The "huge" cases claim 2^31 or 2^20 pixels a side over the test
	// image's few kilobytes: the checks must fire before any allocation.
	tests := []struct {
		name string
		file []byte
		is   error
		msg  string
	}{
		// BigTIFF header: "II", magic 43, offset size 8, reserved 0, first IFD at 16 (BigTIFF proposal).
		{"BigTIFF", []byte{'I', 'I', 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0}, geotiff.ErrUnsupported, "BigTIFF"},
		{"JPEG", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagCompression: 7}}), geotiff.ErrUnsupported, "compression 7 (JPEG)"},
		{"PackBits", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagCompression: 32773}}), geotiff.ErrUnsupported, "compression 32773 (PackBits)"},
		{"unknown compression", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagCompression: 9}}), geotiff.ErrUnsupported, "compression 9"},
		{"3 samples per pixel", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagSamplesPerPixel: 3}}), geotiff.ErrUnsupported, "3 samples per pixel"},
		{"planar 2", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagPlanarConfiguration: 2}}), geotiff.ErrUnsupported, "planar configuration 2"},
		{"predictor 3 on ints", valid(geotifftest.Options{Format: geotifftest.Int16, Compression: geotifftest.Deflate, Tags: map[uint16]uint32{geotiff.TagPredictor: 3}}),
			geotiff.ErrUnsupported, "predictor 3 with integer samples"},
		{"predictor 4", valid(geotifftest.Options{Compression: geotifftest.LZW, Tags: map[uint16]uint32{geotiff.TagPredictor: 4}}), geotiff.ErrUnsupported, "predictor 4"},
		{"16-bit float", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagBitsPerSample: 16}}), geotiff.ErrUnsupported, "16-bit floating-point samples"},
		{"12 bits", valid(geotifftest.Options{Format: geotifftest.Uint16, Tags: map[uint16]uint32{geotiff.TagBitsPerSample: 12}}), geotiff.ErrUnsupported, "12 bits per sample"},
		{"complex ints", valid(geotifftest.Options{Format: geotifftest.Int32, Tags: map[uint16]uint32{geotiff.TagSampleFormat: 5}}), geotiff.ErrUnsupported, "sample format 5"},
		{"rotated transformation", rotated(t), geotiff.ErrUnsupported, "rotated or sheared ModelTransformation"},
		{"projected", valid(geotifftest.Options{ModelType: 1}), geotiff.ErrNotGeographic, "GTModelTypeGeoKey is 1 (projected)"},
		{"missing georef", valid(geotifftest.Options{OmitGeoref: true}), geotiff.ErrBadGeoref, "no ModelTiepoint + ModelPixelScale nor ModelTransformation"},
		{"east of 180", badGeoref(t, geotiff.Georef{X0: 170, Y0: 13, DX: 0.5, DY: 0.5}), geotiff.ErrBadGeoref, "extent lon [170, 188.5]"},
		{"south of -90", badGeoref(t, geotiff.Georef{X0: 0, Y0: -80, DX: 0.5, DY: 0.5}), geotiff.ErrBadGeoref, "lat [-91.5, -80]"},
		{"negative DY", badGeoref(t, geotiff.Georef{X0: 0, Y0: 13, DX: 0.5, DY: -0.5}), geotiff.ErrBadGeoref, "pixel size 0.5 × -0.5"},
		{"zero DX", badGeoref(t, geotiff.Georef{X0: 0, Y0: 13, DX: 0, DY: 0.5}), geotiff.ErrBadGeoref, "want both > 0"},
		{"NaN origin", badGeoref(t, geotiff.Georef{X0: math.NaN(), Y0: 13, DX: 1, DY: 1}), geotiff.ErrBadGeoref, "outside"},
		{"not a TIFF", []byte("GIF89a, not a TIFF"), geotiff.ErrCorrupt, "byte order mark"},
		{"bad magic", []byte{'M', 'M', 0, 41, 0, 0, 0, 8, 0, 0}, geotiff.ErrCorrupt, "magic number 41"},
		{"header only", f32[:5], geotiff.ErrCorrupt, "too short"},
		{"truncated IFD", f32[:40], geotiff.ErrCorrupt, "IFD at offset 8 declares"},
		{"truncated data", f32[:len(f32)-10], geotiff.ErrCorrupt, "strip 0: 3404 bytes at offset"},                                                                                           // 37·23·4 = 3404 bytes of float32
		{"offset past EOF", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagStripOffsets: 1 << 20}}), geotiff.ErrCorrupt, "extend beyond the end of the file"},                  // 1 MiB, the file is ~3.7 KB
		{"short uncompressed strip", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagStripByteCounts: 100}}), geotiff.ErrCorrupt, "100 bytes cannot hold 23 rows of 148 bytes"}, // 37 float32 = 148 bytes a row
		{"strip count", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagImageLength: 1 << 31}}), geotiff.ErrCorrupt, "tag 273 has 1 values, want 1×93368855 strips"},            // ⌈2^31 / 23⌉
		{"huge image", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagImageWidth: 1 << 31, geotiff.TagImageLength: 1 << 31, geotiff.TagRowsPerStrip: 1 << 31}}),
			geotiff.ErrCorrupt, "3404 bytes cannot hold 2147483648 rows of 8589934592 bytes"},
		{"huge deflate claim", valid(geotifftest.Options{Compression: geotifftest.Deflate, Tags: map[uint16]uint32{geotiff.TagImageWidth: 1 << 20, geotiff.TagImageLength: 1 << 20, geotiff.TagRowsPerStrip: 1 << 20}}),
			geotiff.ErrCorrupt, "cannot hold 1048576 rows of 4194304 bytes"},
		{"zero width", valid(geotifftest.Options{Tags: map[uint16]uint32{geotiff.TagImageWidth: 0}}), geotiff.ErrCorrupt, "image is 0×23 pixels"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := openErr(tc.file)
			require.ErrorIs(t, err, tc.is)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
}

// badGeoref writes the test image with georeferencing g.
func badGeoref(t *testing.T, g geotiff.Georef) []byte {
	return encode(t, testW, testH, testImage(geotifftest.Uint8), geotifftest.Options{Format: geotifftest.Uint8, Georef: g})
}

// rotated writes a ModelTransformation and sets its b coefficient (row 0,
// column 1 of the matrix, GeoTIFF 1.0 §2.6.1) to 0.1.
func rotated(t *testing.T) []byte {
	b := encode(t, testW, testH, testImage(geotifftest.Uint8),
		geotifftest.Options{Format: geotifftest.Uint8, Georef: testGeoref, UseTransformation: true})
	ab := binary.LittleEndian.AppendUint64(nil, math.Float64bits(testGeoref.DX)) // a = DX, then b = 0
	ab = binary.LittleEndian.AppendUint64(ab, 0)
	i := bytes.Index(b, ab)
	require.Positive(t, i)
	binary.LittleEndian.PutUint64(b[i+8:], math.Float64bits(0.1))
	return b
}

// TestReadErrors checks failures that only show when pixels are decoded.
func TestReadErrors(t *testing.T) {
	data := testImage(geotifftest.Float64)
	deflate := geotifftest.Options{Format: geotifftest.Float64, Compression: geotifftest.Deflate, Georef: testGeoref}
	b := encode(t, testW, testH, data, deflate)
	im := open(t, b)
	off, _ := geotiff.ChunkRange(im, 0)
	bad := bytes.Clone(b)
	bad[off] = 0 // zlib header CMF byte: compression method 0 is invalid (RFC 1950 §2.2)
	deflate.Tags = map[uint16]uint32{geotiff.TagStripByteCounts: 5}
	lzw := deflate
	lzw.Compression = geotifftest.LZW
	tests := []struct {
		name string
		file []byte
		msg  string
	}{
		{"bad deflate header", bad, "strip 0: deflate: zlib: invalid header"},
		{"short deflate strip", encode(t, testW, testH, data, deflate), "strip 0 is short: deflate data ends before 6808 decoded bytes"}, // 37·23·8 bytes
		{"short LZW strip", encode(t, testW, testH, data, lzw), "strip 0 is short: LZW data ends"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im := open(t, tc.file)
			err := im.ReadWindow(0, 0, testW, testH, make([]float64, testW*testH))
			require.ErrorIs(t, err, geotiff.ErrCorrupt)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
}

// TestWindowErrors checks ReadWindow's argument validation.
func TestWindowErrors(t *testing.T) {
	im := open(t, encode(t, testW, testH, testImage(geotifftest.Uint8), geotifftest.Options{Format: geotifftest.Uint8, Georef: testGeoref}))
	dst := make([]float64, testW*testH)
	for _, w := range [][4]int{{-1, 0, 1, 1}, {0, -1, 1, 1}, {30, 0, 8, 1}, {0, 20, 1, 4}, {0, 0, -1, 1}, {0, 0, testW + 1, 1}} {
		assert.ErrorContains(t, im.ReadWindow(w[0], w[1], w[2], w[3], dst), "is not inside the 37×23 image", "%v", w)
	}
	assert.ErrorContains(t, im.ReadWindow(0, 0, 10, 10, dst[:99]), "destination holds 99 values, the 10×10 window needs 100")
	require.NoError(t, im.ReadWindow(5, 5, 0, 3, nil), "empty window")
}

// TestOpenFile checks the file wrapper: errors name the path.
func TestOpenFile(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.tif"), filepath.Join(dir, "bad.tif")
	data := testImage(geotifftest.Int16)
	require.NoError(t, geotifftest.WriteFile(good, testW, testH, data, geotifftest.Options{Format: geotifftest.Int16, Georef: testGeoref, Compression: geotifftest.LZW}))
	require.NoError(t, geotifftest.WriteFile(bad, testW, testH, data, geotifftest.Options{Format: geotifftest.Int16, Georef: testGeoref, ModelType: 1}))

	f, err := geotiff.OpenFile(good)
	require.NoError(t, err)
	got := make([]float64, testW*testH)
	require.NoError(t, f.ReadWindow(0, 0, testW, testH, got))
	requireSame(t, data, got, "OpenFile")
	assert.ErrorContains(t, f.ReadWindow(0, 0, 99, 1, got), good+": window of 99×1 pixels")
	require.NoError(t, f.Close())

	_, err = geotiff.OpenFile(bad)
	require.ErrorIs(t, err, geotiff.ErrNotGeographic)
	assert.ErrorContains(t, err, bad+": not a geographic")

	_, err = geotiff.OpenFile(filepath.Join(dir, "missing.tif"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestSparseChunk: a strip with offset and byte count 0 (GDAL SPARSE_OK)
// reads as the nodata value.
func TestSparseChunk(t *testing.T) {
	// One strip: Options.Tags replaces whole tags with a single value.
	o := geotifftest.Options{Georef: testGeoref, NoData: "-9999", Tags: map[uint16]uint32{geotiff.TagStripOffsets: 0, geotiff.TagStripByteCounts: 0}}
	im := open(t, encode(t, testW, testH, testImage(geotifftest.Float32), o))
	got := make([]float64, 6)
	require.NoError(t, im.ReadWindow(3, 4, 3, 2, got))
	assert.Equal(t, []float64{-9999, -9999, -9999, -9999, -9999, -9999}, got)
}
