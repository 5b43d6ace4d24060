package view

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"io"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// decodeFloats undoes EncodeFloats, as the page does.
func decodeFloats(t *testing.T, f Floats) []float32 {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(f.B64)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	require.NoError(t, err)
	b, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Len(t, b, 4*f.Len)
	out := make([]float32, f.Len)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func TestEncodeFloats(t *testing.T) {
	in := []float64{0, 1.5, -2, 3.3e6, math.NaN(), math.Inf(1)}
	f := EncodeFloats(in)
	assert.Equal(t, "f32", f.Type)
	assert.True(t, f.Gzip)
	out := decodeFloats(t, f)
	for i, x := range in[:4] {
		assert.Equal(t, float32(x), out[i])
	}
	assert.True(t, math.IsNaN(float64(out[4])))
	assert.True(t, math.IsInf(float64(out[5]), 1))
}

func TestReadBoundaries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "admin.shp")
	// A box with 1 000 vertices along its west side, 0.001° apart: the
	// extent's diagonal is √(1² + 1²) ≈ 1.41°, so the thinning distance is
	// 1.41/2000 ≈ 0.0007° and every vertex (0.001° apart) is kept; a
	// second box's side has 1 000 vertices 0.0001° apart (0.1° in all), of
	// which one in about 7 is kept.
	var fine, finer []shapefile.Point
	for k := range 1000 {
		fine = append(fine, shapefile.Point{X: 0, Y: float64(k) * 0.001})
		finer = append(finer, shapefile.Point{X: 0.5, Y: float64(k) * 0.0001})
	}
	ring1 := shapefiletest.Ring(append(fine, shapefile.Point{X: 1, Y: 1}, shapefile.Point{X: 1, Y: 0})...)
	ring2 := shapefiletest.Ring(append(finer, shapefile.Point{X: 0.6, Y: 0.1})...)
	fields := []shapefile.Field{{Name: "NAME", Type: 'C'}}
	require.NoError(t, shapefiletest.WritePolygons(path, fields, [][]any{{"a"}, {"b"}},
		[]shapefile.Shape{shapefiletest.Polygon(ring1), shapefiletest.Polygon(ring2)}))
	b, err := ReadBoundaries(path, func(lat, lon float64) (float64, float64) { return lon, lat })
	require.NoError(t, err)
	require.Equal(t, []int{0, len(ring1)}, b.Starts, "ring 1 keeps all its vertices")
	xy := decodeFloats(t, b.XY)
	n2 := len(xy)/2 - len(ring1)
	// 1 000 vertices 0.0001° apart thinned at 0.000707°: every 8th kept
	// (7 steps = 0.0007 < 0.000707), ≈ 125, plus the closing vertices.
	assert.InDelta(t, 1000/8+3, n2, 3)
	assert.Equal(t, float32(0.5), xy[2*len(ring1)], "first vertex of ring 2 kept")
	assert.Equal(t, xy[2*len(ring1)], xy[len(xy)-2], "ring 2 still closed")

	_, err = ReadBoundaries(filepath.Join(t.TempDir(), "missing.shp"), nil)
	require.ErrorContains(t, err, "--shapefile")
}
