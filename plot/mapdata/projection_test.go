package mapdata

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// degKm is the length of one degree of a great circle, 2πR/360 km.
var degKm = 2 * math.Pi * EarthRadiusKm / 360

func TestDistanceKm(t *testing.T) {
	for _, c := range []struct {
		name                   string
		lat1, lon1, lat2, lon2 float64
		want                   float64
	}{
		{"same point", 52, -1, 52, -1, 0},
		{"one degree of the equator", 0, 0, 0, 1, degKm},
		{"one degree of a meridian", 52, -1, 53, -1, degKm},
		{"equator to pole: a quarter circle", 0, 0, 90, 0, 90 * degKm},
		{"antipodes: half a circle", 0, 0, 0, 180, 180 * degKm},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Tolerance: float64 rounding of the haversine terms, far
			// below a metre.
			assert.InDelta(t, c.want, DistanceKm(c.lat1, c.lon1, c.lat2, c.lon2), 1e-6)
		})
	}
}

func TestProjection(t *testing.T) {
	p := NewProjection(52, -1.5)
	for _, c := range []struct {
		name     string
		lat, lon float64
		wantX    float64
		wantY    float64
		tol      float64
	}{
		// The centre is the origin.
		{"centre", 52, -1.5, 0, 0, 1e-9},
		// Along the central meridian y is the radial distance of the
		// projection, 2R·sin(c/2) for an angular distance c (Snyder 1987,
		// Map Projections: A Working Manual, eq. 24-2 at the centre's
		// meridian): 5.6 m less than the 111.2 km of 1°.
		{"1° north", 53, -1.5, 0, 2 * EarthRadiusKm * math.Sin(math.Pi/360), 1e-6},
		{"1° south", 51, -1.5, 0, -2 * EarthRadiusKm * math.Sin(math.Pi/360), 1e-6},
	} {
		t.Run(c.name, func(t *testing.T) {
			x, y := p.Project(c.lat, c.lon)
			assert.InDelta(t, c.wantX, x, c.tol)
			assert.InDelta(t, c.wantY, y, c.tol)
		})
	}
	x, _ := p.Project(52, 0)
	assert.Positive(t, x, "east of the centre is positive x")
	assert.Equal(t, "Lambert azimuthal equal-area, centre 52.0°N 1.5°W", p.Name())
}

// TestProjectionEqualArea checks that the projection keeps areas: a cell of
// 0.1° × 0.1° has area R²·Δλ·(sin φ2 − sin φ1) on the sphere; projected, the
// quadrilateral of its corners (shoelace formula) has the same area up to
// the curvature of its edges, well under 0.1 % for a cell this small, at
// the centre and 5° (about 550 km) from it.
func TestProjectionEqualArea(t *testing.T) {
	p := NewProjection(52, -1.5)
	const d = 0.1
	for _, c := range []struct{ lat, lon float64 }{{52, -1.5}, {57, -1.5}, {52, 4}, {48, -6}} {
		sphere := EarthRadiusKm * EarthRadiusKm * d * math.Pi / 180 *
			(math.Sin((c.lat+d)*math.Pi/180) - math.Sin(c.lat*math.Pi/180))
		corners := [][2]float64{{c.lat, c.lon}, {c.lat, c.lon + d}, {c.lat + d, c.lon + d}, {c.lat + d, c.lon}}
		area := 0.0
		for i := range corners {
			x1, y1 := p.Project(corners[i][0], corners[i][1])
			x2, y2 := p.Project(corners[(i+1)%4][0], corners[(i+1)%4][1])
			area += x1*y2 - x2*y1
		}
		assert.InEpsilon(t, sphere, math.Abs(area)/2, 1e-3, "cell at %v", c)
	}
}

func TestProjectionFor(t *testing.T) {
	p := ProjectionFor([]float64{50, math.NaN(), 56}, []float64{-5, 3, 1})
	assert.Equal(t, 53.0, p.Lat0, "middle of the bounding box, the NaN point left out")
	assert.Equal(t, -2.0, p.Lon0)
	assert.Equal(t, 0.0, ProjectionFor(nil, nil).Lat0, "no points")
}
