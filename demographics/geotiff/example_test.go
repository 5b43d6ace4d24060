package geotiff_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// Example writes a small population grid, opens it and sums the pixels of
// a window, as zonal statistics do for a polygon's bounding box.
func Example() {
	dir, err := os.MkdirTemp("", "geotiff-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "population.tif")

	// A 4 × 3 grid of 0.5° pixels whose top-left corner is at 10°E, 5°N.
	pop := []float64{
		1, 2, 3, 4,
		5, 6, 7, 8,
		9, 10, 11, -1,
	}
	err = geotifftest.WriteFile(path, 4, 3, pop, geotifftest.Options{
		Format: geotifftest.Float32, Compression: geotifftest.Deflate, Predictor: 3,
		Georef: geotiff.Georef{X0: 10, Y0: 5, DX: 0.5, DY: 0.5}, NoData: "-1",
	})
	if err != nil {
		log.Fatal(err)
	}

	f, err := geotiff.OpenFile(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	minLon, minLat, maxLon, maxLat := f.Bounds()
	fmt.Printf("%d×%d pixels, lon [%g, %g], lat [%g, %g]\n", f.Width(), f.Height(), minLon, maxLon, minLat, maxLat)

	// The 2 × 2 window at column 2, row 1: pixels 7, 8, 11 and nodata.
	win := make([]float64, 2*2)
	if err := f.ReadWindow(2, 1, 2, 2, win); err != nil {
		log.Fatal(err)
	}
	nodata, _ := f.NoData()
	sum := 0.0
	for i, v := range win {
		if v == nodata {
			continue
		}
		lon, lat := f.Georef().PixelCenter(2+i%2, 1+i/2)
		fmt.Printf("pixel at %g°E %g°N: %g\n", lon, lat, v)
		sum += v
	}
	fmt.Println("sum:", sum)
	// Output:
	// 4×3 pixels, lon [10, 12], lat [3.5, 5]
	// pixel at 11.25°E 4.25°N: 7
	// pixel at 11.75°E 4.25°N: 8
	// pixel at 11.25°E 3.75°N: 11
	// sum: 26
}
