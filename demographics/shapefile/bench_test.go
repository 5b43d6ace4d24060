package shapefile_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// benchFeatures is about the size of a large GADM level-2 file (Nigeria has
// 774 LGAs, the USA about 3 100 counties).
const benchFeatures = 5000

func BenchmarkAddDotname(b *testing.B) {
	dir := b.TempDir()
	rows := make([][]any, benchFeatures)
	shapes := make([]shapefile.Shape, benchFeatures)
	for i := range rows {
		rows[i] = []any{"NGA", "Nigeria", fmt.Sprintf("État %d", i/100), fmt.Sprintf("İlçe %d", i), i}
		x := float64(i % 100)
		y := float64(i / 100)
		shapes[i] = shapefiletest.Polygon(shapefiletest.Box(x, y, x+1, y+1), shapefiletest.Hole(x+0.25, y+0.25, x+0.75, y+0.75))
	}
	p := filepath.Join(dir, "gadm41_NGA_2.shp")
	require.NoError(b, shapefiletest.WritePolygons(p, gadmFields, rows, shapes, shapefiletest.WithCPG("UTF-8")))
	fields := []string{"COUNTRY", "NAME_1", "NAME_2"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := shapefile.AddDotname(p, fields); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadShapefile(b *testing.B) {
	dir := b.TempDir()
	rows := make([][]any, benchFeatures)
	for i := range rows {
		rows[i] = []any{"NGA", "Nigeria", "Kano", fmt.Sprintf("LGA %d", i), i}
	}
	p := filepath.Join(dir, "gadm41_NGA_2.shp")
	require.NoError(b, shapefiletest.WritePolygons(p, gadmFields, rows, shapesForBench(benchFeatures)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := shapefile.ReadShapefile(p); err != nil {
			b.Fatal(err)
		}
	}
}

func shapesForBench(n int) []shapefile.Shape {
	shapes := make([]shapefile.Shape, n)
	for i := range shapes {
		x := float64(i)
		shapes[i] = shapefiletest.Polygon(shapefiletest.Box(x, 0, x+1, 1))
	}
	return shapes
}
