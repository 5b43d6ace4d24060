package shapefile_test

import (
	"testing"

	shp "github.com/jonas-p/go-shp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// TestGoShpReadsOurFiles checks compatibility with a third-party reader:
// go-shp (pinned pseudo-version) opens both a fixture and AddDotname's
// output and sees the same fields, attributes and polygons.
func TestGoShpReadsOurFiles(t *testing.T) {
	p := writeGADM(t, t.TempDir(), "gadm41_CUB_2.shp", gadmRows, shapefiletest.WithCPG("UTF-8"))
	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1", "NAME_2"})
	require.NoError(t, err)

	want := shapesFor(len(gadmRows))
	for _, path := range []string{p, out} {
		r, err := shp.Open(path)
		require.NoError(t, err)
		names := []string{}
		for _, f := range r.Fields() {
			names = append(names, f.String())
		}
		wantNames := []string{"GID_0", "COUNTRY", "NAME_1", "NAME_2", "POP"}
		if path == out {
			wantNames = append(wantNames, "DOTNAME")
		}
		assert.Equal(t, wantNames, names)
		assert.Equal(t, len(gadmRows), r.AttributeCount())

		n := 0
		for r.Next() {
			i, s := r.Shape()
			poly, ok := s.(*shp.Polygon)
			require.True(t, ok, "record %d is a polygon", i)
			assert.Equal(t, want[i].BBox, [4]float64{poly.Box.MinX, poly.Box.MinY, poly.Box.MaxX, poly.Box.MaxY})
			parts := make([]int, len(poly.Parts))
			for k, v := range poly.Parts {
				parts[k] = int(v)
			}
			assert.Equal(t, want[i].Parts, parts)
			pts := make([]shapefile.Point, len(poly.Points))
			for k, v := range poly.Points {
				pts[k] = shapefile.Point{X: v.X, Y: v.Y}
			}
			assert.Equal(t, want[i].Points, pts)
			assert.Equal(t, gadmRows[i][1], r.Attribute(1), "UTF-8 bytes survive")
			if path == out {
				assert.Equal(t, gadmNames[i], r.Attribute(5))
			}
			n++
		}
		require.NoError(t, r.Err())
		assert.Equal(t, len(gadmRows), n)
		require.NoError(t, r.Close())
	}
}

// TestReadGoShpFiles reads a shapefile written by go-shp, whose DBF cells
// are padded with NULs instead of spaces and whose numbers are left-aligned.
func TestReadGoShpFiles(t *testing.T) {
	p := t.TempDir() + "/goshp_x_1.shp"
	w, err := shp.Create(p, shp.POLYGON)
	require.NoError(t, err)
	require.NoError(t, w.SetFields([]shp.Field{
		shp.StringField("COUNTRY", 20), shp.StringField("NAME_1", 20),
		shp.NumberField("POP", 8), shp.FloatField("RATE", 10, 2),
	}))
	rows := [][]any{{"Côte d'Ivoire", "Abidjan", 12, 0.25}, {"Türkiye", "İstanbul", -3, 1.5}}
	want := shapesFor(len(rows))
	for i, row := range rows {
		s := want[i]
		poly := &shp.Polygon{Box: shp.Box{MinX: s.BBox[0], MinY: s.BBox[1], MaxX: s.BBox[2], MaxY: s.BBox[3]},
			NumParts: int32(len(s.Parts)), NumPoints: int32(len(s.Points))}
		for _, part := range s.Parts {
			poly.Parts = append(poly.Parts, int32(part))
		}
		for _, pt := range s.Points {
			poly.Points = append(poly.Points, shp.Point{X: pt.X, Y: pt.Y})
		}
		w.Write(poly)
		for j, v := range row {
			require.NoError(t, w.WriteAttribute(i, j, v))
		}
	}
	w.Close()

	tbl, err := shapefile.ReadShapefile(p)
	require.NoError(t, err)
	require.Len(t, tbl.Features, 2)
	assert.Equal(t, []any{"Côte d'Ivoire", "Abidjan", int64(12), 0.25}, tbl.Features[0].Values)
	assert.Equal(t, []any{"Türkiye", "İstanbul", int64(-3), 1.5}, tbl.Features[1].Values)
	for i, f := range tbl.Features {
		assert.Equal(t, want[i], f.Shape)
	}

	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1"})
	require.NoError(t, err)
	assert.Equal(t, []string{"côte d'ivoire:abidjan", "türkiye:i\u0307stanbul"}, dotnames(t, out))
}
