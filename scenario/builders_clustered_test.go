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

	// Cities: the first patch of cluster k has LargestCity·k^−1 people.
	row := 0
	var cityPop int64
	var villages []float64
	for k, m := range sizes {
		want := int64(math.RoundToEven(float64(o.LargestCity) / float64(k+1)))
		assert.Equal(t, want, tab.Pop[row], "city of cluster %d", k+1)
		cityPop += tab.Pop[row]
		for i := 1; i < m; i++ {
			villages = append(villages, float64(tab.Pop[row+i]))
		}
		row += m
	}
	// Villages: the median M = (220e6 − 15e6·H_100)/(9900·e^(1.5²/2)) ≈ 4660
	// of a lognormal sample of 9900; the sample median's log has sd ≈
	// 1.2533·1.5/√9900 = 0.019, so ±10 % is about 5 sd.
	med := o.villageMedian(n, sizes)
	assert.InDelta(t, 4660, med, 10, "M from the formula in Clustered's doc")
	slices.Sort(villages)
	assert.InDelta(t, med, villages[len(villages)/2], 0.1*med)
	// The total is CountryPop in expectation: the villages' sum has a
	// relative sd of √(e^(1.5²) − 1)/√9900 ≈ 2.9 %, 2 % of the total, so
	// ±10 % is 5 sd.
	assert.InDelta(t, float64(o.CountryPop), float64(tab.TotalPop()), 0.1*float64(o.CountryPop))
	// A few large cities, many villages: the 100 cities (1 % of the patches)
	// hold 15e6·H_100 ≈ 78e6 people, 35 % of the total (± 0.7 % from the
	// villages' sd above): more than 30 %.
	assert.Greater(t, float64(cityPop), 0.3*float64(tab.TotalPop()))
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
