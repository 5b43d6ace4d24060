package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHaversine(t *testing.T) {
	// Check values of SPEC §7.1 (4 decimals) and SPEC §7.3 (collinear
	// distances d01, d12, d02), plus exact cases.
	tests := []struct {
		name                   string
		lat1, lon1, lat2, lon2 float64
		want, tol              float64
	}{
		{"SPEC (40,4)-(34,10)", 40, 4, 34, 10, 853.3593, 5e-5},
		{"SPEC (0,0)-(0,1)", 0, 0, 0, 1, 111.1949, 5e-5},
		{"SPEC d12 (0,1)-(0,3)", 0, 1, 0, 3, 222.3899, 5e-5},
		{"SPEC d02 (0,0)-(0,3)", 0, 0, 0, 3, 333.5848, 5e-5},
		{"same point", 12.5, -7, 12.5, -7, 0, 0},
		// Half the circumference π·R = 20015.086796 km.
		{"antipodal", 0, 0, 0, 180, math.Pi * EarthRadiusKm, 1e-9},
		{"pole to pole", 90, 0, -90, 0, math.Pi * EarthRadiusKm, 1e-9},
		{"dateline wrap", 0, 179.5, 0, -179.5, 111.1949, 5e-5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Haversine(tc.lat1, tc.lon1, tc.lat2, tc.lon2)
			assert.InDelta(t, tc.want, d, tc.tol)
			assert.Equal(t, d, Haversine(tc.lat2, tc.lon2, tc.lat1, tc.lon1), "symmetric bit for bit")
		})
	}
}

func TestDistances(t *testing.T) {
	scn := randomTable(40, 1)
	d, err := Distances(scn.Lat, scn.Lon)
	require.NoError(t, err)
	n := scn.Len()
	require.Len(t, d, n*n)
	for i := range n {
		assert.Zero(t, d[i*n+i], "exact 0 diagonal")
		for j := range n {
			assert.Equal(t, d[i*n+j], d[j*n+i], "symmetric")
			assert.Equal(t, Haversine(scn.Lat[i], scn.Lon[i], scn.Lat[j], scn.Lon[j]), d[i*n+j], "(%d,%d)", i, j)
		}
	}

	d, err = Distances([]float64{0, 0, 0}, []float64{0, 1, 3})
	require.NoError(t, err)
	// SPEC §7.3: d01 = 111.1949, d12 = 222.3899, d02 = 333.5848 km.
	assert.InDelta(t, 111.1949, d[1], 5e-5)
	assert.InDelta(t, 222.3899, d[5], 5e-5)
	assert.InDelta(t, 333.5848, d[2], 5e-5)

	d, err = Distances(nil, nil)
	require.NoError(t, err)
	assert.Empty(t, d)
}

func TestDistancesErrors(t *testing.T) {
	// SPEC §7.1: lat outside [−90, 90] or lon outside [−180, 180] → error.
	tests := []struct {
		name     string
		lat, lon []float64
		want     string
	}{
		{"lengths", []float64{0, 1}, []float64{0}, "2 latitudes but 1 longitudes"},
		{"lat high", []float64{0, 90.5}, []float64{0, 0}, "lat[1] = 90.5 is outside [-90, 90]"},
		{"lat low", []float64{-91, 0}, []float64{0, 0}, "lat[0] = -91 is outside [-90, 90]"},
		{"lon high", []float64{0, 0}, []float64{180.1, 0}, "lon[0] = 180.1 is outside [-180, 180]"},
		{"lon low", []float64{0, 0}, []float64{0, -181}, "lon[1] = -181 is outside [-180, 180]"},
		{"lat NaN", []float64{math.NaN()}, []float64{0}, "lat[0] = NaN"},
		{"lon Inf", []float64{0}, []float64{math.Inf(-1)}, "lon[0] = -Inf"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Distances(tc.lat, tc.lon)
			require.ErrorContains(t, err, tc.want)
			require.Nil(t, d)
		})
	}
	// The closed bounds are accepted.
	_, err := Distances([]float64{-90, 90}, []float64{-180, 180})
	require.NoError(t, err)
}
