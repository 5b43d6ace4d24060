package view

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// boundaryDetail is how finely boundaries are kept: a vertex closer than
// 1/boundaryDetail of the file's extent (its bounding box's diagonal) to the
// last kept one is dropped. 1/2000 is under a pixel on a 1 000-pixel map.
const boundaryDetail = 2000

// ReadBoundaries reads the polygons (or lines) of a shapefile as the
// page's admin boundaries, each ring a line, thinned to what a map shows
// (boundaryDetail) and projected with project. Coordinates are taken as
// longitude and latitude, as GADM's and `rubeola scenario raster`'s
// shapefiles are.
func ReadBoundaries(path string, project func(lat, lon float64) (x, y float64)) (*Boundaries, error) {
	tbl, err := shapefile.ReadShapefile(path)
	if err != nil {
		return nil, fmt.Errorf("--shapefile: %w", err)
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, f := range tbl.Features {
		for _, p := range f.Shape.Points {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
	}
	if math.IsInf(x0, 1) {
		return nil, &InputError{File: path, Err: fmt.Errorf("no vertices: expected polygons of admin areas")}
	}
	tol := math.Hypot(x1-x0, y1-y0) / boundaryDetail
	b := &Boundaries{}
	var xy []float64
	for _, f := range tbl.Features {
		s := f.Shape
		for k, start := range s.Parts {
			end := len(s.Points)
			if k+1 < len(s.Parts) {
				end = s.Parts[k+1]
			}
			xy, b.Starts = appendThinned(xy, b.Starts, s.Points[start:end], tol)
		}
	}
	for j := 0; j < len(xy); j += 2 {
		xy[j], xy[j+1] = project(xy[j+1], xy[j])
	}
	b.XY = EncodeFloats(xy)
	return b, nil
}

// appendThinned appends the line pts to xy (x, y pairs) as a new line in
// starts, keeping the first and last vertex and each vertex at least tol
// from the last kept one. A line of fewer than 2 vertices is skipped.
func appendThinned(xy []float64, starts []int, pts []shapefile.Point, tol float64) ([]float64, []int) {
	if len(pts) < 2 {
		return xy, starts
	}
	starts = append(starts, len(xy)/2)
	last := pts[0]
	xy = append(xy, last.X, last.Y)
	for i, p := range pts[1:] {
		if i == len(pts)-2 || math.Hypot(p.X-last.X, p.Y-last.Y) >= tol {
			xy = append(xy, p.X, p.Y)
			last = p
		}
	}
	return xy, starts
}
