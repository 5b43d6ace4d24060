package demographics

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// centroidTolerance allows for the rounding of decimal fixture coordinates
// (0.1 is not exact in binary) through a few dozen operations.
const centroidTolerance = 1e-12

// areaCentroid is the centroid of a shape, as the generator computes it.
func areaCentroid(s shapefile.Shape) (lon, lat float64, err error) {
	z, err := newZone(s)
	if err != nil {
		return 0, 0, err
	}
	return z.centroid()
}

func TestCentroidFixtureFeatures(t *testing.T) {
	for _, f := range fixtureFeatures() {
		t.Run(f.dotname, func(t *testing.T) {
			lon, lat, err := areaCentroid(f.shape)
			require.NoError(t, err)
			assert.InDelta(t, f.lon, lon, centroidTolerance)
			assert.InDelta(t, f.lat, lat, centroidTolerance)
		})
	}
}

func TestCentroidRingOrientation(t *testing.T) {
	// Unit square: clockwise (Box) has A = −1, counter-clockwise (Hole)
	// +1; first moments (Cx·A, Cy·A) = A·(0.5, 0.5).
	tests := []struct {
		name      string
		ring      []shapefile.Point
		a, mx, my float64 // moments relative to the ring's first vertex
	}{
		{"clockwise outer ring", box(0, 0, 1, 1), -1, -0.5, -0.5},
		{"counter-clockwise hole", hole(0, 0, 1, 1), 1, 0.5, 0.5},
		// 2 × 1 rectangle at (10, 5)–(12, 6) relative to origin (10, 5):
		// A = −2, centre (1, 0.5) relative → moments (−2, −1).
		{"translated rectangle", box(10, 5, 12, 6), -2, -2, -1},
		{"open ring closes implicitly", []shapefile.Point{{X: 0, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: 0}}, -1, -0.5, -0.5},
		{"degenerate back-and-forth", []shapefile.Point{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 0}}, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, mx, my := ringMoments(tc.ring, tc.ring[0])
			assert.InDelta(t, tc.a, a, centroidTolerance)
			assert.InDelta(t, tc.mx, mx, centroidTolerance)
			assert.InDelta(t, tc.my, my, centroidTolerance)
		})
	}
}

func TestCentroidZeroAreaRingIgnored(t *testing.T) {
	// A unit square at (0, 0) plus a zero-area spike far away: the spike
	// has A = 0 and is skipped, so the centroid stays (0.5, 0.5).
	spike := []shapefile.Point{{X: 5, Y: 5}, {X: 6, Y: 7}, {X: 5, Y: 5}}
	lon, lat, err := areaCentroid(poly(box(0, 0, 1, 1), spike))
	require.NoError(t, err)
	assert.InDelta(t, 0.5, lon, centroidTolerance)
	assert.InDelta(t, 0.5, lat, centroidTolerance)
}

func TestCentroidErrors(t *testing.T) {
	square := poly(box(0, 0, 1, 1))
	tests := []struct {
		name  string
		shape shapefile.Shape
		want  string
	}{
		{"null shape", shapefile.Shape{Type: shapefile.TypeNull}, "null shape"},
		{"polygon without points", shapefile.Shape{Type: shapefile.TypePolygon}, "null shape"},
		{"polyline", shapefile.Shape{Type: 3, Parts: square.Parts, Points: square.Points}, "shape type 3 is not a polygon"},
		{"outer ring cancelled by an equal hole", poly(box(0, 0, 1, 1), hole(0, 0, 1, 1)), "zero total area"},
		{"only degenerate rings", poly([]shapefile.Point{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 0}}), "zero total area"},
		{"parts past the points", shapefile.Shape{Type: 5, Parts: []int{0, 9}, Points: square.Points}, "part 0 spans"},
		{"parts not from 0", shapefile.Shape{Type: 5, Parts: []int{1}, Points: square.Points}, "do not start at vertex 0"},
		{"NaN vertex", shapefile.Shape{Type: 5, Parts: []int{0}, Points: []shapefile.Point{{X: 0, Y: 0}, {X: math.NaN(), Y: 1}, {X: 1, Y: 0}}}, "vertex 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := areaCentroid(tc.shape)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestCentroidZAndMVariants(t *testing.T) {
	for _, typ := range []int{15, 25} { // PolygonZ, PolygonM: read as 2-D
		s := poly(box(0, 0, 2, 2))
		s.Type = typ
		lon, lat, err := areaCentroid(s)
		require.NoError(t, err)
		assert.InDelta(t, 1.0, lon, centroidTolerance)
		assert.InDelta(t, 1.0, lat, centroidTolerance)
	}
}
