package mapdata

import (
	"fmt"
	"math"
)

// EarthRadiusKm is the mean Earth radius (IUGG, 6371.0088 km) used by the
// projection and by [DistanceKm].
const EarthRadiusKm = 6371.0088

// Projection is the Lambert azimuthal equal-area projection centred at
// (Lat0, Lon0): areas are true everywhere, and distances and shapes are
// true at the centre and off by under 0.3 % within 900 km of it (at
// angular distance c the scale is cos(c/2) along the radius and its
// inverse across it), enough for a country-sized map with a scale bar.
type Projection struct {
	Lat0, Lon0 float64 // centre, degrees
	sin0, cos0 float64
}

// NewProjection is the projection centred at (lat0, lon0) in degrees.
func NewProjection(lat0, lon0 float64) Projection {
	s, c := math.Sincos(lat0 * math.Pi / 180)
	return Projection{Lat0: lat0, Lon0: lon0, sin0: s, cos0: c}
}

// ProjectionFor is the projection centred on the middle of the bounding
// box of the points (lat, lon in degrees; NaN entries are ignored); (0, 0)
// when there are none.
func ProjectionFor(lat, lon []float64) Projection {
	minLat, maxLat, minLon, maxLon := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range lat {
		if math.IsNaN(lat[i]) || math.IsNaN(lon[i]) {
			continue
		}
		minLat, maxLat = math.Min(minLat, lat[i]), math.Max(maxLat, lat[i])
		minLon, maxLon = math.Min(minLon, lon[i]), math.Max(maxLon, lon[i])
	}
	if minLat > maxLat {
		return NewProjection(0, 0)
	}
	return NewProjection((minLat+maxLat)/2, (minLon+maxLon)/2)
}

// Name is the projection for labels: "Lambert azimuthal equal-area,
// centre 52.5°N 1.5°W".
func (p Projection) Name() string {
	return fmt.Sprintf("Lambert azimuthal equal-area, centre %s %s", hemi(p.Lat0, "N", "S"), hemi(p.Lon0, "E", "W"))
}

func hemi(v float64, pos, neg string) string {
	if v < 0 {
		return fmt.Sprintf("%.1f°%s", -v, neg)
	}
	return fmt.Sprintf("%.1f°%s", v, pos)
}

// Project maps (lat, lon) in degrees to (x, y) in km east and north of the
// centre. The antipode of the centre, the one point the projection cannot
// place, maps to NaN.
func (p Projection) Project(lat, lon float64) (x, y float64) {
	sl, cl := math.Sincos(lat * math.Pi / 180)
	sd, cd := math.Sincos((lon - p.Lon0) * math.Pi / 180)
	den := 1 + p.sin0*sl + p.cos0*cl*cd
	if den <= 0 {
		return math.NaN(), math.NaN()
	}
	k := math.Sqrt(2 / den)
	return EarthRadiusKm * k * cl * sd, EarthRadiusKm * k * (p.cos0*sl - p.sin0*cl*cd)
}

// DistanceKm is the great-circle distance between two points in degrees
// (haversine formula, on a sphere of radius EarthRadiusKm).
func DistanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
