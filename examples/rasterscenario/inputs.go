package main

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// The synthetic country: provinces × provinces square provinces of
// provinceDeg degrees from (lon0, lat0), covered by a population raster of
// pixelDeg-degree pixels (so each province holds perSide × perSide pixels).
const (
	provinces   = 4
	provinceDeg = 0.5
	lon0, lat0  = 10.0, 5.0
	pixelDeg    = 0.05
	perSide     = provinces * provinceDeg / pixelDeg // 40 pixels
	country     = "Atlantis"
)

// city is a Gaussian bump of population density.
type city struct {
	lon, lat, peak, radius float64 // centre, people per pixel at the centre, radius in degrees
}

// cities are the two towns of the synthetic raster; rural is the density
// everywhere else (people per pixel, ≈ 30 km² at the equator).
var (
	cities = []city{{10.6, 6.4, 20000, 0.12}, {11.5, 5.4, 8000, 0.1}}
	rural  = 400.0
)

// density is the population of the pixel centred on (lon, lat).
func density(lon, lat float64) float64 {
	v := rural
	for _, c := range cities {
		d2 := (lon-c.lon)*(lon-c.lon) + (lat-c.lat)*(lat-c.lat)
		v += c.peak * math.Exp(-d2/(2*c.radius*c.radius))
	}
	return math.Round(v)
}

// inputs are the files the program writes.
type inputs struct {
	shapefile, population, mcv1 string
}

// writeInputs writes the shapefile (with DOTNAME) and both rasters into dir.
func writeInputs(dir string) (inputs, error) {
	in := inputs{population: filepath.Join(dir, "population.tif"), mcv1: filepath.Join(dir, "mcv1.tif")}

	// 1. Provinces as GADM writes them: COUNTRY, NAME_1, one polygon each.
	fields := []shapefile.Field{{Name: "COUNTRY", Type: 'C'}, {Name: "NAME_1", Type: 'C'}}
	var records [][]any
	var shapes []shapefile.Shape
	for r := range provinces {
		for c := range provinces {
			x, y := lon0+float64(c)*provinceDeg, lat0+float64(r)*provinceDeg
			records = append(records, []any{country, fmt.Sprintf("Province %d", len(records)+1)})
			shapes = append(shapes, shapefiletest.Polygon(shapefiletest.Box(x, y, x+provinceDeg, y+provinceDeg)))
		}
	}
	admin := filepath.Join(dir, "atlantis_1.shp")
	if err := shapefiletest.WritePolygons(admin, fields, records, shapes,
		shapefiletest.WithPRJ(shapefiletest.WGS84)); err != nil {
		return in, err
	}

	// 2. DOTNAME = "country:name_1", lower-cased, in a copy beside it
	//    (atlantis_1_dotname.shp).
	shp, err := demographics.AddDotname(admin, []string{"COUNTRY", "NAME_1"})
	if err != nil {
		return in, err
	}
	in.shapefile = shp

	// 3. The population raster: north-up, top-left corner (lon0, lat0 + 2°).
	n := int(perSide)
	pop := make([]float64, n*n)
	popGeoref := geotiff.Georef{X0: lon0, Y0: lat0 + provinces*provinceDeg, DX: pixelDeg, DY: pixelDeg}
	for row := range n {
		for col := range n {
			lon, lat := popGeoref.PixelCenter(col, row)
			pop[row*n+col] = density(lon, lat)
		}
	}
	err = geotifftest.WriteFile(in.population, n, n, pop, geotifftest.Options{
		Format: geotifftest.Float32, Compression: geotifftest.Deflate, Predictor: 3,
		Tiled: true, TileWidth: 16, TileHeight: 16, Georef: popGeoref, ModelType: 2, NoData: "-9999",
	})
	if err != nil {
		return in, err
	}

	// The MCV1 raster: 8 columns of 0.25° in percent, 95 % in the west
	// falling by 6.4 points per column to 50.2 % in the east.
	const mcv1Cols = 8
	mcv1 := make([]float64, mcv1Cols)
	for c := range mcv1 {
		mcv1[c] = 95 - 6.4*float64(c)
	}
	mcv1Georef := geotiff.Georef{X0: lon0, Y0: lat0 + provinces*provinceDeg, DX: 0.25, DY: provinces * provinceDeg}
	err = geotifftest.WriteFile(in.mcv1, mcv1Cols, 1, mcv1, geotifftest.Options{Georef: mcv1Georef, ModelType: 2})
	return in, err
}
