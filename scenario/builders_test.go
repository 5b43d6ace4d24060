package scenario

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

func TestSinglePatch(t *testing.T) {
	// SPEC §3.3: one row id "patch_1", lat 40.0, lon 4.0 (parity).
	tab, err := SinglePatch(10000, 0.8)
	require.NoError(t, err)
	assert.Equal(t, []string{"patch_1"}, tab.ID)
	assert.Equal(t, []int64{10000}, tab.Pop)
	assert.Equal(t, []float64{40.0}, tab.Lat)
	assert.Equal(t, []float64{4.0}, tab.Lon)
	assert.Equal(t, []float64{0.8}, tab.MCV1)
}

func TestTwoPatchAT2(t *testing.T) {
	// SPEC §12 AT-2 and §3.3: reference defaults pop 100000, mcv1 0 give pops
	// 100000/50000, lat 40/34, lon 4/10.
	tab, err := TwoPatch(100000, 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"patch_1", "patch_2"}, tab.ID)
	assert.Equal(t, []int64{100000, 50000}, tab.Pop)
	assert.Equal(t, []float64{40.0, 34.0}, tab.Lat)
	assert.Equal(t, []float64{4.0, 10.0}, tab.Lon)
	assert.Equal(t, []float64{0, 0}, tab.MCV1)

	// pop/2 is floored: 5/2 = 2.
	tab, err = TwoPatch(5, 0.5)
	require.NoError(t, err)
	assert.Equal(t, []int64{5, 2}, tab.Pop)
	assert.Equal(t, []float64{0.5, 0.5}, tab.MCV1)
}

func TestSingleAndTwoPatchErrors(t *testing.T) {
	for _, tc := range []struct {
		pop  int64
		mcv1 float64
		want string
	}{
		{-1, 0, "pop must be >= 0, got -1"},
		{1, 1.5, "mcv1 must be in [0, 1], got 1.5"},
		{1, -0.01, "mcv1 must be in [0, 1], got -0.01"},
		{1, math.NaN(), "mcv1 must be in [0, 1], got NaN"},
	} {
		_, err := SinglePatch(tc.pop, tc.mcv1)
		assert.EqualError(t, err, "scenario: SinglePatch: "+tc.want)
		_, err = TwoPatch(tc.pop, tc.mcv1)
		assert.EqualError(t, err, "scenario: TwoPatch: "+tc.want)
	}
	// Zero population is valid (SPEC §3.2).
	_, err := SinglePatch(0, 1)
	assert.NoError(t, err)
}

func TestDefaultGridOptions(t *testing.T) {
	// SPEC §3.3: DefaultGridOptions() = {40.0, 4.0, 0.1, 0}.
	assert.Equal(t, GridOptions{Lat0: 40.0, Lon0: 4.0, Spacing: 0.1, MCV1: 0}, DefaultGridOptions())
}

func TestGrid(t *testing.T) {
	// AT-14 uses Grid(5, 5, 10000, DefaultGridOptions()): ids "0:0" … "4:4".
	tab, err := Grid(5, 5, 10000, DefaultGridOptions())
	require.NoError(t, err)
	require.Equal(t, 25, tab.Len())
	assert.Equal(t, int64(250000), tab.TotalPop())
	i, ok := tab.Index("4:4")
	require.True(t, ok)
	assert.Equal(t, 24, i)

	// A non-square grid pins patch k = r·cols + c.
	o := GridOptions{Lat0: -10, Lon0: 100, Spacing: 0.5, MCV1: 0.9}
	tab, err = Grid(2, 3, 7, o)
	require.NoError(t, err)
	assert.Equal(t, []string{"0:0", "0:1", "0:2", "1:0", "1:1", "1:2"}, tab.ID)
	assert.Equal(t, []float64{-10, -10, -10, -9.5, -9.5, -9.5}, tab.Lat)
	assert.Equal(t, []float64{100, 100.5, 101, 100, 100.5, 101}, tab.Lon)
	assert.Equal(t, []int64{7, 7, 7, 7, 7, 7}, tab.Pop)
	assert.Equal(t, []float64{0.9, 0.9, 0.9, 0.9, 0.9, 0.9}, tab.MCV1)

	// Default spacing: lat 40 + r·0.1, lon 4 + c·0.1 (to rounding).
	tab, err = Grid(3, 2, 1, DefaultGridOptions())
	require.NoError(t, err)
	assert.InDeltaSlice(t, []float64{40, 40, 40.1, 40.1, 40.2, 40.2}, tab.Lat, 1e-12)
	assert.InDeltaSlice(t, []float64{4, 4.1, 4, 4.1, 4, 4.1}, tab.Lon, 1e-12)

	// The grid may touch the ends of the ranges.
	_, err = Grid(3, 3, 1, GridOptions{Lat0: 88, Lon0: 178, Spacing: 1})
	assert.NoError(t, err)
}

func TestGridErrors(t *testing.T) {
	d := DefaultGridOptions()
	with := func(f func(*GridOptions)) GridOptions { o := d; f(&o); return o }
	for _, tc := range []struct {
		rows, cols int
		pop        int64
		o          GridOptions
		want       string
	}{
		{0, 5, 1, d, "rows and cols must be > 0, got 0×5"},
		{5, 0, 1, d, "rows and cols must be > 0, got 5×0"},
		{-1, 5, 1, d, "rows and cols must be > 0, got -1×5"},
		{math.MaxInt, 2, 1, d, fmt.Sprintf("%d×2 patches overflow int", math.MaxInt)},
		{2, 2, -1, d, "pop must be >= 0, got -1"},
		{2, 2, 1, with(func(o *GridOptions) { o.MCV1 = 1.01 }), "mcv1 must be in [0, 1], got 1.01"},
		{2, 2, 1, with(func(o *GridOptions) { o.Spacing = 0 }), "Spacing must be finite and > 0, got 0"},
		{2, 2, 1, with(func(o *GridOptions) { o.Spacing = -0.1 }), "Spacing must be finite and > 0, got -0.1"},
		{2, 2, 1, with(func(o *GridOptions) { o.Spacing = math.NaN() }), "Spacing must be finite and > 0, got NaN"},
		{2, 2, 1, with(func(o *GridOptions) { o.Spacing = math.Inf(1) }), "Spacing must be finite and > 0, got +Inf"},
		{3, 1, 1, with(func(o *GridOptions) { o.Lat0 = 89.5; o.Spacing = 0.5 }),
			"latitudes 89.5 … 90.5 leave [-90, 90] (Lat0 89.5, 3 rows, Spacing 0.5)"},
		{1, 1, 1, with(func(o *GridOptions) { o.Lat0 = -91 }),
			"latitudes -91 … -91 leave [-90, 90] (Lat0 -91, 1 rows, Spacing 0.1)"},
		{1, 1, 1, with(func(o *GridOptions) { o.Lat0 = math.NaN() }),
			"latitudes NaN … NaN leave [-90, 90] (Lat0 NaN, 1 rows, Spacing 0.1)"},
		{1, 3, 1, with(func(o *GridOptions) { o.Lon0 = 179.5; o.Spacing = 0.5 }),
			"longitudes 179.5 … 180.5 leave [-180, 180] (Lon0 179.5, 3 cols, Spacing 0.5)"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := Grid(tc.rows, tc.cols, tc.pop, tc.o)
			assert.EqualError(t, err, "scenario: Grid: "+tc.want)
		})
	}
}

// randomNByHand rebuilds RandomN from SPEC §3.3 with the rng primitives:
// stream (seed, "scenario.RandomN", 0); n normal draws for pop, then n
// uniform lats, then n uniform lons.
func randomNByHand(n int, seed uint64) (pop []int64, lat, lon []float64) {
	src := rng.NewSource(seed, "scenario.RandomN", 0)
	for range n {
		v := math.RoundToEven(math.Exp(math.Log(30000) + 1.2*rng.Normal(src)))
		pop = append(pop, int64(math.Min(math.Max(v, 1000), 5000000)))
	}
	for range n {
		lat = append(lat, 50.5+4*rng.Uniform(src))
	}
	for range n {
		lon = append(lon, -3.5+4*rng.Uniform(src))
	}
	return pop, lat, lon
}

func TestRandomNExactByConstruction(t *testing.T) {
	const n, seed = 300, 5 // AT-22's RandomN(300, 5)
	tab, err := RandomN(n, seed, 0.7)
	require.NoError(t, err)
	pop, lat, lon := randomNByHand(n, seed)
	assert.Equal(t, pop, tab.Pop)
	assert.Equal(t, lat, tab.Lat)
	assert.Equal(t, lon, tab.Lon)
	for i := range n {
		assert.Equal(t, fmt.Sprintf("patch_%d", i), tab.ID[i])
		assert.Equal(t, 0.7, tab.MCV1[i])
	}
}

func TestRandomNDeterministic(t *testing.T) {
	a, err := RandomN(1000, 7, 0) // AT-16's RandomN(1000, 7)
	require.NoError(t, err)
	b, err := RandomN(1000, 7, 0)
	require.NoError(t, err)
	assert.Equal(t, a, b, "same (n, seed) → same table")

	c, err := RandomN(1000, 8, 0)
	require.NoError(t, err)
	assert.NotEqual(t, a.Pop, c.Pop, "another seed → other pops")
	assert.NotEqual(t, a.Lat, c.Lat, "another seed → other lats")
	assert.NotEqual(t, a.Lon, c.Lon, "another seed → other lons")

	// The first n draws do not depend on n: a prefix of pops is shared.
	d, err := RandomN(10, 7, 0)
	require.NoError(t, err)
	assert.Equal(t, a.Pop[:10], d.Pop)
}

func TestRandomNRanges(t *testing.T) {
	tab, err := RandomN(5000, 3, 0.5)
	require.NoError(t, err)
	for i := range tab.Len() {
		require.GreaterOrEqual(t, tab.Pop[i], int64(1000))
		require.LessOrEqual(t, tab.Pop[i], int64(5000000))
		require.GreaterOrEqual(t, tab.Lat[i], 50.5)
		require.Less(t, tab.Lat[i], 54.5)
		require.GreaterOrEqual(t, tab.Lon[i], -3.5)
		require.Less(t, tab.Lon[i], 0.5)
	}
}

func TestRandomNDistribution(t *testing.T) {
	// Fixed seed; tolerances are 5 standard errors.
	const n = 20000
	tab, err := RandomN(n, 1, 0)
	require.NoError(t, err)

	// Median of ln pop = ln 30000: clamping touches only P(z < −2.83) ≈ 0.23 %
	// and P(z > 4.26) of the draws, so it leaves the median alone. The sample
	// median's SE is σ·√(π/2)/√n with σ = 1.2.
	logs := make([]float64, n)
	for i, p := range tab.Pop {
		logs[i] = math.Log(float64(p))
	}
	slices.Sort(logs)
	med := (logs[n/2-1] + logs[n/2]) / 2
	assert.InDelta(t, math.Log(30000), med, 5*1.2*math.Sqrt(math.Pi/2)/math.Sqrt(n))

	// Uniform means: 52.5 and −1.5, SE = width/√12/√n with width 4.
	se := 4 / math.Sqrt(12) / math.Sqrt(n)
	var sLat, sLon float64
	for i := range n {
		sLat += tab.Lat[i]
		sLon += tab.Lon[i]
	}
	assert.InDelta(t, 52.5, sLat/n, 5*se)
	assert.InDelta(t, -1.5, sLon/n, 5*se)
}

func TestRandomNErrors(t *testing.T) {
	for _, tc := range []struct {
		n    int
		mcv1 float64
		want string
	}{
		{0, 0, "n must be > 0, got 0"},
		{-3, 0, "n must be > 0, got -3"},
		{10, 2, "mcv1 must be in [0, 1], got 2"},
		{10, math.Inf(-1), "mcv1 must be in [0, 1], got -Inf"},
	} {
		_, err := RandomN(tc.n, 1, tc.mcv1)
		assert.EqualError(t, err, "scenario: RandomN: "+tc.want)
	}
}
