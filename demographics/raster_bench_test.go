package demographics

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// BenchmarkRasterScenario measures raster → scenario for a WorldPop-like
// layout: a 2000 × 2000 float32 population raster (0.001° pixels, Deflate
// with the floating-point predictor, 256 × 256 tiles) under a 20 × 20 grid
// of 0.1° square polygons (400 features, each covering 100 × 100 pixels),
// plus a constant MCV1 raster, without the cache. It reports pixels per
// second over the 4e6 pixels.
//
//	go test ./demographics -run '^$' -bench RasterScenario -benchmem
func BenchmarkRasterScenario(b *testing.B) {
	const (
		side  = 2000  // pixels per raster side
		cells = 20    // polygons per grid side
		deg   = 0.001 // pixel size in degrees
	)
	dir := b.TempDir()
	g := geotiff.Georef{X0: 10, Y0: 7, DX: deg, DY: deg}
	pop := make([]float64, side*side)
	for i := range pop {
		pop[i] = float64(1 + i%17) // persons per pixel, 1–17, no zeros
	}
	p := RasterPatchParams{ID: "bench", Region: "NGA",
		Shapefile:        filepath.Join(dir, "grid.shp"),
		PopulationRaster: filepath.Join(dir, "pop.tif"),
		MCV1Raster:       filepath.Join(dir, "mcv1.tif"),
	}
	o := geotifftest.Options{Compression: geotifftest.Deflate, Predictor: 3, Tiled: true, TileWidth: 256, TileHeight: 256}
	writeRaster(b, p.PopulationRaster, side, side, pop, g, o)
	writeRaster(b, p.MCV1Raster, side/10, side/10, constant(side*side/100, 0.85), geotiff.Georef{X0: 10, Y0: 7, DX: 10 * deg, DY: 10 * deg}, geotifftest.Options{})
	var feats []fixtureFeature
	step := float64(side/cells) * deg
	for r := range cells {
		for c := range cells {
			x0, y1 := 10+float64(c)*step, 7-float64(r)*step
			feats = append(feats, fixtureFeature{dotname: fmt.Sprintf("grid:%d:%d", r, c),
				shape: shapefiletest.Polygon(shapefiletest.Box(x0, y1-step, x0+step, y1))})
		}
	}
	writeShapes(b, p.Shapefile, feats)

	gen, err := NewRasterPatchGenerator(p, WithoutCache())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		scn, err := gen.Scenario(context.Background())
		if err != nil || scn.Len() != cells*cells {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(side*side)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpixels/s")
}
