package demographics

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// Planar ring geometry in (lon, lat) degrees (SPEC §10.4 "lat/lon"). The
// formulas are the shoelace ones of the SPEC; they are evaluated on
// coordinates relative to an origin (the shape's first vertex), which leaves
// the exact results unchanged and keeps the cross products small, so that
// small polygons far from (0, 0) do not lose their area to cancellation.

// shapeRings splits a polygon into its rings (the point ranges between
// successive Parts). It rejects null shapes, types other than polygon (5) and
// its Z (15) and M (25) variants, inconsistent Parts and non-finite
// coordinates.
func shapeRings(s shapefile.Shape) ([][]shapefile.Point, error) {
	if s.Type == shapefile.TypeNull || len(s.Points) == 0 {
		return nil, errors.New("null shape (no vertices)")
	}
	switch s.Type {
	case shapefile.TypePolygon, shapefile.TypePolygon + 10, shapefile.TypePolygon + 20: // 2-D, Z, M
	default:
		return nil, fmt.Errorf("shape type %d is not a polygon (want 5, 15 or 25)", s.Type)
	}
	if len(s.Parts) == 0 || s.Parts[0] != 0 {
		return nil, fmt.Errorf("polygon parts %v do not start at vertex 0", s.Parts)
	}
	rings := make([][]shapefile.Point, len(s.Parts))
	for i, start := range s.Parts {
		end := len(s.Points)
		if i+1 < len(s.Parts) {
			end = s.Parts[i+1]
		}
		if start >= end || end > len(s.Points) {
			return nil, fmt.Errorf("polygon part %d spans vertices %d..%d of %d", i, start, end, len(s.Points))
		}
		rings[i] = s.Points[start:end]
	}
	for k, p := range s.Points {
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return nil, fmt.Errorf("vertex %d (%g, %g) is not finite", k, p.X, p.Y)
		}
	}
	return rings, nil
}

// ringMoments returns, for ring r with coordinates taken relative to o, the
// signed area A = ½ Σ (x_k y_{k+1} − x_{k+1} y_k) (negative for a clockwise
// ring) and the first moments Mx = Σ (x_k + x_{k+1})(x_k y_{k+1} − x_{k+1} y_k)
// / 6 and My likewise, so that the ring's centroid is o + (Mx, My)/A. The
// ring is closed implicitly (vertex n−1 joins vertex 0; for a ring that
// repeats its first vertex that edge adds 0).
func ringMoments(r []shapefile.Point, o shapefile.Point) (a, mx, my float64) {
	n := len(r)
	for k := range n {
		x0, y0 := r[k].X-o.X, r[k].Y-o.Y
		next := r[(k+1)%n]
		x1, y1 := next.X-o.X, next.Y-o.Y
		cross := x0*y1 - x1*y0
		a += cross
		mx += (x0 + x1) * cross
		my += (y0 + y1) * cross
	}
	return a / 2, mx / 6, my / 6
}

// centroid returns the planar area centroid of the zone's polygon (SPEC
// §10.4): (Σ Cx·A / Σ A, Σ Cy·A / Σ A) over its rings with signed areas, so
// that holes (of the opposite orientation) subtract. Cx·A is the ring's first
// moment Mx (the SPEC's Cx = Mx/A multiplied back by A), which also defines
// the sum for rings whose A is 0: they are skipped, as in the zonal mask
// ([newZone] sums the moments). Σ A = 0 is an error.
func (z *zone) centroid() (lon, lat float64, err error) {
	if z.area == 0 {
		return 0, 0, errors.New("polygon has zero total area (its rings cancel or are degenerate)")
	}
	return z.origin.X + z.mx/z.area, z.origin.Y + z.my/z.area, nil
}
