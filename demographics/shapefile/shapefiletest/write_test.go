package shapefiletest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

func TestWritePolygonsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "fixture.shp")
	fields := []shapefile.Field{{Name: "NAME", Type: 'C'}, {Name: "POP", Type: 'N'}, {Name: "RATE", Type: 'F', Size: 8, Decimals: 2}}
	shapes := []shapefile.Shape{
		shapefiletest.Polygon(shapefiletest.Box(0, 0, 2, 2), shapefiletest.Hole(0.5, 0.5, 1, 1)),
		shapefiletest.Polygon(shapefiletest.Box(3, 0, 4, 1), shapefiletest.Box(5, 0, 6, 1)),
		{Type: shapefile.TypeNull},
	}
	rows := [][]any{{"Côte d'Ivoire", int64(7), 0.5}, {"b", uint16(12345), float32(1.25)}, {nil, nil, nil}}
	require.NoError(t, shapefiletest.WritePolygons(p, fields, rows, shapes,
		shapefiletest.WithPRJ(shapefiletest.WGS84), shapefiletest.WithCPG("UTF-8")))

	tbl, err := shapefile.ReadShapefile(p)
	require.NoError(t, err)
	// Computed sizes: 14 = len("Côte d'Ivoire") in bytes, 5 = len("12345").
	assert.Equal(t, []shapefile.Field{{Name: "NAME", Type: 'C', Size: 14}, {Name: "POP", Type: 'N', Size: 5}, fields[2]}, tbl.Fields)
	assert.Equal(t, []any{"Côte d'Ivoire", int64(7), 0.5}, tbl.Features[0].Values)
	assert.Equal(t, []any{"b", int64(12345), 1.25}, tbl.Features[1].Values)
	for i, f := range tbl.Features {
		assert.Equal(t, shapes[i], f.Shape)
	}
	assert.Equal(t, shapefiletest.WGS84, readFile(t, filepath.Join(dir, "fixture.prj")))
	assert.Equal(t, "UTF-8", readFile(t, filepath.Join(dir, "fixture.cpg")))
}

func TestWritePolygonsReproducible(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, shapefiletest.WritePolygons(p, []shapefile.Field{{Name: "A", Type: 'C'}},
			[][]any{{"x"}}, []shapefile.Shape{shapefiletest.Polygon(shapefiletest.Box(0, 0, 1, 1))}))
		return readFile(t, strings.TrimSuffix(p, ".shp")+".dbf")
	}
	assert.Equal(t, write("a.shp"), write("b.shp"), "fixed DBF date")
}

func TestRings(t *testing.T) {
	// Signed area ½Σ(x_k·y_{k+1} − x_{k+1}·y_k) (SPEC §10.4): negative for
	// clockwise outer rings, positive for holes; a 2×1 box has |A| = 2.
	area := func(r []shapefile.Point) float64 {
		a := 0.0
		for k := 0; k+1 < len(r); k++ {
			a += r[k].X*r[k+1].Y - r[k+1].X*r[k].Y
		}
		return a / 2
	}
	assert.InDelta(t, -2.0, area(shapefiletest.Box(0, 0, 2, 1)), 0)
	assert.InDelta(t, 2.0, area(shapefiletest.Hole(0, 0, 2, 1)), 0)
	tri := shapefiletest.Ring(shapefile.Point{X: 0, Y: 0}, shapefile.Point{X: 0, Y: 1}, shapefile.Point{X: 1, Y: 0})
	assert.Len(t, tri, 4)
	assert.Equal(t, tri[0], tri[3])
	assert.Len(t, shapefiletest.Ring(tri...), 4, "an already closed ring is kept")

	s := shapefiletest.Polygon(shapefiletest.Box(0, 0, 1, 1), tri)
	assert.Equal(t, []int{0, 5}, s.Parts)
	assert.Equal(t, [4]float64{0, 0, 1, 1}, s.BBox)
}

func TestWritePolygonsErrors(t *testing.T) {
	dir := t.TempDir()
	c := []shapefile.Field{{Name: "A", Type: 'C', Size: 3}}
	sq := []shapefile.Shape{shapefiletest.Polygon(shapefiletest.Box(0, 0, 1, 1))}
	tests := []struct {
		name   string
		path   string
		fields []shapefile.Field
		rows   [][]any
		shapes []shapefile.Shape
		opts   []shapefiletest.Option
		msg    string
	}{
		{"extension", "a.dbf", c, [][]any{{"x"}}, sq, nil, "does not end in .shp"},
		{"counts", "a.shp", c, [][]any{{"x"}, {"y"}}, sq, nil, "1 shapes for 2 records"},
		{"too wide", "a.shp", c, [][]any{{"wxyz"}}, sq, nil, "value of 4 bytes exceeds the field size 3"},
		{"over 254", "a.shp", []shapefile.Field{{Name: "A", Type: 'C'}}, [][]any{{strings.Repeat("x", 300)}}, sq, nil, "value of 300 bytes exceeds the field size 254"},
		{"values per record", "a.shp", c, [][]any{{"x", "y"}}, sq, nil, "record 0 has 2 values for 1 fields"},
		{"value type", "a.shp", c, [][]any{{struct{}{}}}, sq, nil, "unsupported value type"},
		{"field name", "a.shp", []shapefile.Field{{Name: "ELEVENCHARS", Type: 'C', Size: 1}}, [][]any{{"x"}}, sq, nil, "must be 1 to 10 bytes"},
		{"shape type", "a.shp", c, [][]any{{"x"}}, []shapefile.Shape{{Type: 1}}, nil, "only 0 (null) and 5 (polygon)"},
		{"parts", "a.shp", c, [][]any{{"x"}}, []shapefile.Shape{{Type: 5, Parts: []int{0, 9}, Points: shapefiletest.Box(0, 0, 1, 1)}}, nil, "parts [0 9] invalid"},
		{"deleted index", "a.shp", c, [][]any{{"x"}}, sq, []shapefiletest.Option{shapefiletest.WithDeleted(1)}, "deleted record 1 out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := shapefiletest.WritePolygons(filepath.Join(dir, tc.path), tc.fields, tc.rows, tc.shapes, tc.opts...)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}
