package shapefiletest

import "github.com/rubeola/rubeola/demographics/shapefile"

// Box returns the closed rectangle xmin..xmax × ymin..ymax running
// clockwise (west side north, then east, then south): an outer ring.
func Box(xmin, ymin, xmax, ymax float64) []shapefile.Point {
	return []shapefile.Point{{X: xmin, Y: ymin}, {X: xmin, Y: ymax}, {X: xmax, Y: ymax}, {X: xmax, Y: ymin}, {X: xmin, Y: ymin}}
}

// Hole returns the closed rectangle xmin..xmax × ymin..ymax running
// counter-clockwise: a hole when placed after its outer ring.
func Hole(xmin, ymin, xmax, ymax float64) []shapefile.Point {
	b := Box(xmin, ymin, xmax, ymax)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// Ring returns pts closed: the first point is appended when the last one
// differs. The orientation is the caller's.
func Ring(pts ...shapefile.Point) []shapefile.Point {
	ring := append([]shapefile.Point(nil), pts...)
	if len(ring) > 0 && ring[0] != ring[len(ring)-1] {
		ring = append(ring, ring[0])
	}
	return ring
}

// Polygon joins rings, in order, into a polygon shape (type 5) with its
// Parts and bounding box.
func Polygon(rings ...[]shapefile.Point) shapefile.Shape {
	s := shapefile.Shape{Type: shapefile.TypePolygon}
	for _, r := range rings {
		s.Parts = append(s.Parts, len(s.Points))
		s.Points = append(s.Points, r...)
	}
	s.BBox = bounds(s.Points)
	return s
}

// bounds returns xmin, ymin, xmax, ymax of pts (zero for none).
func bounds(pts []shapefile.Point) [4]float64 {
	if len(pts) == 0 {
		return [4]float64{}
	}
	b := [4]float64{pts[0].X, pts[0].Y, pts[0].X, pts[0].Y}
	for _, p := range pts[1:] {
		b[0], b[1] = min(b[0], p.X), min(b[1], p.Y)
		b[2], b[3] = max(b[2], p.X), max(b[3], p.Y)
	}
	return b
}
