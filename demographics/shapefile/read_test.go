package shapefile_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

func TestReadShapefileValueTypes(t *testing.T) {
	fields := []shapefile.Field{
		{Name: "NAME", Type: 'C', Size: 20},
		{Name: "COUNT", Type: 'N', Size: 10},
		{Name: "RATE", Type: 'N', Size: 10, Decimals: 3},
		{Name: "AREA", Type: 'F', Size: 12, Decimals: 2},
		{Name: "SINCE", Type: 'D', Size: 8},
		{Name: "URBAN", Type: 'L', Size: 1},
		{Name: "MEMO", Type: 'M', Size: 10},
	}
	day := time.Date(2021, time.March, 4, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		row  []any
		want []any
	}{
		{
			name: "typed values",
			row:  []any{"  Côte d'Ivoire ", -42, 0.125, 12.5, day, true, "0000000017"},
			want: []any{"Côte d'Ivoire", int64(-42), 0.125, 12.5, day, true, "0000000017"},
		},
		{
			name: "blanks are nil",
			row:  []any{nil, nil, nil, nil, nil, nil, nil},
			want: []any{nil, nil, nil, nil, nil, nil, nil},
		},
		{
			// shapelib's null markers: '*' numbers, "00000000" dates, '?' logicals.
			name: "null markers",
			row:  []any{"", []byte("**********"), []byte("*"), nil, []byte("00000000"), []byte("?"), nil},
			want: []any{nil, nil, nil, nil, nil, nil, nil},
		},
		{
			name: "other logical letters, raw other types",
			row:  []any{"x", 0, -1.5, []byte("1e3"), day, []byte("n"), []byte(" raw ")},
			want: []any{"x", int64(0), -1.5, 1000.0, day, false, " raw      "},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "values.shp")
			require.NoError(t, shapefiletest.WritePolygons(p, fields, [][]any{tc.row}, shapesFor(1)))
			tbl, err := shapefile.ReadShapefile(p)
			require.NoError(t, err)
			assert.Equal(t, fields, tbl.Fields)
			require.Len(t, tbl.Features, 1)
			assert.Equal(t, tc.want, tbl.Features[0].Values)
			assert.False(t, tbl.HasDotname)
			assert.Empty(t, tbl.Features[0].Dotname)
		})
	}
}

func TestReadShapefileBadValues(t *testing.T) {
	tests := []struct {
		field shapefile.Field
		cell  string
		msg   string
	}{
		{shapefile.Field{Name: "N", Type: 'N', Size: 5}, "1.5", `invalid integer "1.5"`},
		{shapefile.Field{Name: "N", Type: 'N', Size: 5, Decimals: 1}, "1,5", `invalid number "1,5"`},
		{shapefile.Field{Name: "D", Type: 'D', Size: 8}, "20211340", `invalid date "20211340" (want YYYYMMDD)`},
		{shapefile.Field{Name: "L", Type: 'L', Size: 1}, "x", `invalid logical "x" (want T, F, Y, N or ?)`},
	}
	for _, tc := range tests {
		t.Run(tc.cell, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "bad.shp")
			require.NoError(t, shapefiletest.WritePolygons(p, []shapefile.Field{tc.field}, [][]any{{nil}, {[]byte(tc.cell)}}, shapesFor(2)))
			_, err := shapefile.ReadShapefile(p)
			assert.EqualError(t, err, sibling(p, ".dbf")+`: record 2, field "`+tc.field.Name+`": `+tc.msg)
		})
	}
}

func TestReadShapefileShapes(t *testing.T) {
	p := writeGADM(t, t.TempDir(), "gadm41_CUB_2.shp", gadmRows)
	tbl, err := shapefile.ReadShapefile(p)
	require.NoError(t, err)
	require.Len(t, tbl.Features, 3)
	want := shapesFor(3)
	for i, f := range tbl.Features {
		assert.Equal(t, i, f.Index)
		assert.Equal(t, want[i], f.Shape)
	}
	hole := tbl.Features[0].Shape
	assert.Equal(t, []int{0, 5}, hole.Parts, "outer ring of 5 points then the hole")
	assert.Equal(t, [4]float64{0, 0, 2, 2}, hole.BBox)
	assert.Equal(t, shapefile.Point{X: 0, Y: 2}, hole.Points[1], "outer ring runs clockwise: north first")
	assert.Equal(t, shapefile.Point{X: 1, Y: 0.5}, hole.Points[6], "hole runs counter-clockwise: east first")
	assert.Equal(t, []int{0, 5}, tbl.Features[1].Shape.Parts, "two parts")
}

func TestReadShapefileNullShapeAndDotname(t *testing.T) {
	fields := []shapefile.Field{{Name: "DOTNAME", Type: 'C', Size: 50}}
	p := filepath.Join(t.TempDir(), "a.shp")
	shapes := []shapefile.Shape{{Type: shapefile.TypeNull}, shapefiletest.Polygon(shapefiletest.Ring(
		shapefile.Point{X: 0, Y: 0}, shapefile.Point{X: 0, Y: 1}, shapefile.Point{X: 1, Y: 0}))}
	require.NoError(t, shapefiletest.WritePolygons(p, fields, [][]any{{"a:b"}, {nil}}, shapes))
	tbl, err := shapefile.ReadShapefile(p)
	require.NoError(t, err)
	assert.True(t, tbl.HasDotname)
	assert.Equal(t, "a:b", tbl.Features[0].Dotname)
	assert.Equal(t, "", tbl.Features[1].Dotname)
	assert.Equal(t, shapefile.Shape{Type: shapefile.TypeNull}, tbl.Features[0].Shape)
	assert.Len(t, tbl.Features[1].Shape.Points, 4, "Ring closes the triangle")
	assert.Equal(t, 0, tbl.FieldIndex("DOTNAME"))
	assert.Equal(t, -1, tbl.FieldIndex("dotname"))
}
