package scenario

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClusteredDeterministicAndDistinct(t *testing.T) {
	const n = 20000 // K = ⌈√20000⌉ = 142 clusters, enough for every property below
	o := DefaultClusteredOptions()
	a, err := Clustered(n, 7, o)
	require.NoError(t, err)
	b, err := Clustered(n, 7, o)
	require.NoError(t, err)
	assert.Equal(t, a, b, "same (n, seed, options), same table")
	c, err := Clustered(n, 8, o)
	require.NoError(t, err)
	assert.NotEqual(t, a.Lat, c.Lat, "another seed moves the patches")

	require.Equal(t, n, a.Len())
	coords := make(map[[2]float64]int, n)
	for i := range n {
		key := [2]float64{a.Lat[i], a.Lon[i]}
		j, dup := coords[key]
		require.False(t, dup, "rows %d and %d share (%v, %v)", j, i, key[0], key[1])
		coords[key] = i
		require.True(t, a.Lat[i] >= o.LatMin && a.Lat[i] <= o.LatMax && a.Lon[i] >= o.LonMin && a.Lon[i] <= o.LonMax,
			"row %d at (%v, %v) is outside the box", i, a.Lat[i], a.Lon[i])
		// Rounded to 1e-5°: the shortest text has at most five decimals.
		assert.Equal(t, math.Round(a.Lat[i]*1e5)/1e5, a.Lat[i])
	}
	assert.Equal(t, "c1:p1", a.ID[0], "the first row is the rank-1 city")
}

func TestClusteredHeavyTail(t *testing.T) {
	const n = 10000 // K = 100 clusters
	o := DefaultClusteredOptions()
	tab, err := Clustered(n, 1, o)
	require.NoError(t, err)
	sizes := zipfSizes(n, 100, o.ZipfExponent)
	cells := o.cityCells(sizes)

	// Cities: the first ⌈C_k/MaxCellPop⌉ patches of cluster k hold its
	// LargestCity·k^−1 people, at most MaxCellPop each (every cluster
	// here has room: m_k ≈ 1928/k patches against 300/k cells).
	row := 0
	var cityPop int64
	var villages []float64
	for k, m := range sizes {
		want := int64(math.RoundToEven(float64(o.LargestCity) / float64(k+1)))
		assert.Equal(t, int((want+o.MaxCellPop-1)/o.MaxCellPop), cells[k], "cells of cluster %d", k+1)
		var got int64
		for i := range cells[k] {
			assert.LessOrEqual(t, tab.Pop[row+i], o.MaxCellPop, "cell %d of city %d", i+1, k+1)
			got += tab.Pop[row+i]
		}
		assert.Equal(t, want, got, "city of cluster %d", k+1)
		cityPop += got
		for i := cells[k]; i < m; i++ {
			villages = append(villages, float64(tab.Pop[row+i]))
		}
		row += m
	}
	// Villages: the median M solves V·E[min(X, 50 000)] = 220e6 − Σ cities
	// (15e6·H_100 = 77.8e6) over the V = 10 000 − Σ⌈300/k⌉ = 8 399
	// villages, X log-normal with log-sd 1.5: M ≈ 9 559 (the same equation
	// solved in Python with math.erfc). The sample median's log has sd ≈
	// 1.2533·1.5/√8399 = 0.021, so ±10 % is about 5 sd.
	med := o.villageMedian(n, sizes, cells)
	assert.InDelta(t, 9559, med, 1, "M from the formula in Clustered's doc")
	slices.Sort(villages)
	assert.InDelta(t, med, villages[len(villages)/2], 0.1*med)
	assert.LessOrEqual(t, villages[len(villages)-1], float64(o.MaxCellPop))
	// The total is CountryPop in expectation: the capped villages' sum has
	// a relative sd below the uncapped √(e^(1.5²) − 1)/√8399 ≈ 3.2 %, 2 %
	// of the total, so ±10 % is over 5 sd.
	assert.InDelta(t, float64(o.CountryPop), float64(tab.TotalPop()), 0.1*float64(o.CountryPop))
	// A few large cities, many villages: the cities (16 % of the patches)
	// hold 15e6·H_100 ≈ 78e6 people, 35 % of the total: more than 30 %.
	assert.Greater(t, float64(cityPop), 0.3*float64(tab.TotalPop()))
}

// TestClusteredCityCells: a city's cells are contiguous 1 km cells around
// its centre (each within √2 cells, plus the 1e-5° rounding, of an
// earlier cell, the first at the centre), and villages stay out of the
// city's disc.
func TestClusteredCityCells(t *testing.T) {
	const n = 20000
	o := DefaultClusteredOptions()
	tab, err := Clustered(n, 5, o)
	require.NoError(t, err)
	sizes := zipfSizes(n, 142, o.ZipfExponent)
	cells := o.cityCells(sizes)
	require.Equal(t, 300, cells[0], "15e6 people in cells of 50 000")
	km := func(i, j int) float64 { // haversine, R = 6371 km (SPEC §7.1)
		rad := math.Pi / 180
		a := math.Pow(math.Sin((tab.Lat[j]-tab.Lat[i])*rad/2), 2) +
			math.Cos(tab.Lat[i]*rad)*math.Cos(tab.Lat[j]*rad)*math.Pow(math.Sin((tab.Lon[j]-tab.Lon[i])*rad/2), 2)
		return 2 * 6371 * math.Asin(math.Sqrt(a))
	}
	row := 0
	for k, m := range sizes[:5] {
		for i := 1; i < cells[k]; i++ {
			nearest := math.Inf(1)
			for j := range i {
				nearest = min(nearest, km(row+i, row+j))
			}
			// √2 km to a diagonal neighbour, 1.5 m of rounding per end.
			require.LessOrEqual(t, nearest, math.Sqrt2*o.SpacingKm+0.003, "cell %d of city %d", i+1, k+1)
		}
		// The city's disc has radius √(c/π) km; a village is outside it
		// (minus the 1e-5° rounding and the flat-earth km of the push).
		radius := o.SpacingKm * math.Sqrt(float64(cells[k])/math.Pi)
		for i := cells[k]; i < m; i++ {
			require.GreaterOrEqual(t, km(row+i, row), 0.99*radius-0.003, "village %d of cluster %d", i+1, k+1)
		}
		row += m
	}
}

func TestClusteredMCV1Smooth(t *testing.T) {
	o := DefaultClusteredOptions()
	tab, err := Clustered(5000, 3, o)
	require.NoError(t, err)
	// The field's gradient is bounded by the trend's slope plus the waves'
	// (2π·Wave/λ per axis, so √2 times that along a diagonal); the clamp to
	// [0, 1] only lowers differences; rounding to 1e-4 adds at most 1e-4.
	lip := math.Abs(o.MCV1North-o.MCV1South)/(o.LatMax-o.LatMin) + math.Sqrt2*2*math.Pi*o.MCV1Wave/o.WavelengthDeg
	for i := 1; i < tab.Len(); i++ {
		d := math.Hypot(tab.Lat[i]-tab.Lat[i-1], tab.Lon[i]-tab.Lon[i-1])
		require.LessOrEqual(t, math.Abs(tab.MCV1[i]-tab.MCV1[i-1]), lip*d+1e-4+1e-12, "rows %d and %d", i-1, i)
	}
	// And it varies: south is better covered than north.
	var south, north []float64
	mid := (o.LatMin + o.LatMax) / 2
	for i, lat := range tab.Lat {
		if lat < mid {
			south = append(south, tab.MCV1[i])
		} else {
			north = append(north, tab.MCV1[i])
		}
	}
	assert.Greater(t, mean(south), mean(north))
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func TestZipfSizes(t *testing.T) {
	for _, tc := range []struct {
		n, k int
		s    float64
	}{{1, 1, 1}, {2, 2, 1}, {10, 4, 1}, {1000000, 1000, 1}, {7, 3, 2}} {
		sizes := zipfSizes(tc.n, tc.k, tc.s)
		sum := 0
		for _, m := range sizes {
			assert.GreaterOrEqual(t, m, 0)
			sum += m
		}
		assert.Equal(t, tc.n, sum, "n %d, k %d", tc.n, tc.k)
		assert.GreaterOrEqual(t, sizes[0], sizes[len(sizes)-1])
	}
}

func TestClusteredBadOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		edit func(*ClusteredOptions)
		want string
	}{
		{"zero n", 0, nil, "n must be > 0"},
		{"too many", MaxBuilderPatches + 1, nil, "more than the 1048576"},
		{"lat box", 10, func(o *ClusteredOptions) { o.LatMax = o.LatMin }, "LatMin 4.3, LatMax 4.3"},
		{"lon box", 10, func(o *ClusteredOptions) { o.LonMax = 200 }, "LonMax 200"},
		{"zipf", 10, func(o *ClusteredOptions) { o.ZipfExponent = 0 }, "ZipfExponent must be finite and > 0"},
		{"country", 10, func(o *ClusteredOptions) { o.CountryPop = 0 }, "CountryPop must be in [1, 2^53]"},
		{"sigma", 10, func(o *ClusteredOptions) { o.VillageSigma = -1 }, "VillageSigma"},
		{"spacing", 10, func(o *ClusteredOptions) { o.SpacingKm = 0 }, "SpacingKm"},
		{"city", 10, func(o *ClusteredOptions) { o.LargestCity = MaxPop }, "LargestCity must be in [1, 2^53/n"},
		{"cell", 10, func(o *ClusteredOptions) { o.MaxCellPop = 0 }, "MaxCellPop must be in [1, LargestCity = 15000000], got 0"},
		{"coverage", 10, func(o *ClusteredOptions) { o.MCV1North = 1.5 }, "MCV1North must be in [0, 1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultClusteredOptions()
			if tc.edit != nil {
				tc.edit(&o)
			}
			_, err := Clustered(tc.n, 1, o)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "scenario: Clustered: ")
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func BenchmarkClustered1M(b *testing.B) {
	o := DefaultClusteredOptions()
	for b.Loop() {
		if _, err := Clustered(1_000_000, 1, o); err != nil {
			b.Fatal(err)
		}
	}
}
