package mixing

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/internal/hugepage"
)

// EarthRadiusKm is the sphere radius used by [Haversine] (SPEC §7.1).
const EarthRadiusKm = 6371.0

// degToRad converts degrees to radians.
const degToRad = math.Pi / 180

// Haversine returns the great-circle distance in km between two points given
// in degrees, on a sphere of radius [EarthRadiusKm]:
//
//	a = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2),  d = 2·R·asin(√a)
//
// with φ latitude and λ longitude in radians (the haversine formula; R. W.
// Sinnott, "Virtues of the Haversine", Sky and Telescope 68(2), 1984). √a is
// clamped to 1 so that rounding near antipodal points cannot give NaN.
// Haversine does not check its arguments; [Distances] does.
//
// Haversine(40, 4, 34, 10) = 853.3593 km; Haversine(0, 0, 0, 1) = 111.1949 km.
func Haversine(lat1, lon1, lat2, lon2 float64) float64 {
	phi1, phi2 := lat1*degToRad, lat2*degToRad
	return haversine(phi1, lon1*degToRad, math.Cos(phi1), phi2, lon2*degToRad, math.Cos(phi2))
}

// haversine is [Haversine] on radians with the cosines of the latitudes
// precomputed, with the polynomial sine and arcsine of trig.go. It is
// symmetric bit for bit: swapping the two points negates the differences,
// and sinHalfAngle is odd exactly.
func haversine(phi1, lam1, cosPhi1, phi2, lam2, cosPhi2 float64) float64 {
	s1 := sinHalfAngle(phi2 - phi1)
	s2 := sinHalfAngle(lam2 - lam1)
	// Explicit conversions forbid FMA fusion, so results are the same on
	// every architecture.
	a := float64(s1*s1) + float64(float64(cosPhi1*cosPhi2)*float64(s2*s2))
	return 2 * EarthRadiusKm * asinUnit(min(sqrt(a), 1))
}

// Distances returns the N×N great-circle distances in km between the points
// (lat[i], lon[i]) in degrees, row-major (entry (i, j) at i*N+j). The result
// is symmetric bit for bit and exactly 0 on the diagonal; entry (i, j) equals
// Haversine(lat[i], lon[i], lat[j], lon[j]).
//
// lat and lon must have the same length, lat values lie in [−90, 90] and lon
// values in [−180, 180] (NaN is outside); otherwise Distances returns an error
// naming the first bad index and value.
func Distances(lat, lon []float64) ([]float64, error) {
	if err := checkCoords(lat, lon); err != nil {
		return nil, err
	}
	n := len(lat)
	c := newCoords(lat, lon)
	out := hugepage.Make[float64](n * n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			d := c.dist(i, j)
			out[i*n+j] = d
			out[j*n+i] = d
		}
	}
	return out, nil
}

// checkCoords validates coordinate columns (lengths and ranges).
func checkCoords(lat, lon []float64) error {
	if len(lat) != len(lon) {
		return fmt.Errorf("mixing: %d latitudes but %d longitudes", len(lat), len(lon))
	}
	for i, v := range lat {
		if !(v >= -90 && v <= 90) {
			return fmt.Errorf("mixing: lat[%d] = %v is outside [-90, 90]", i, v)
		}
	}
	for i, v := range lon {
		if !(v >= -180 && v <= 180) {
			return fmt.Errorf("mixing: lon[%d] = %v is outside [-180, 180]", i, v)
		}
	}
	return nil
}

// coords holds patch coordinates prepared for fast haversine distances: the
// conversion to radians and the cosines of the latitudes are computed once,
// so each pair costs two sines, one square root and one arcsine.
type coords struct {
	phi, lam, cosPhi []float64
}

// newCoords prepares lat, lon (degrees, same length).
func newCoords(lat, lon []float64) coords {
	n := len(lat)
	c := coords{phi: make([]float64, n), lam: make([]float64, n), cosPhi: make([]float64, n)}
	for i := range n {
		c.phi[i] = lat[i] * degToRad
		c.lam[i] = lon[i] * degToRad
		c.cosPhi[i] = math.Cos(c.phi[i])
	}
	return c
}

// dist returns the distance in km between points i and j; it equals
// Haversine(lat[i], lon[i], lat[j], lon[j]) bit for bit.
func (c coords) dist(i, j int) float64 {
	return haversine(c.phi[i], c.lam[i], c.cosPhi[i], c.phi[j], c.lam[j], c.cosPhi[j])
}
