package scenario

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

func TestDefaultSatellitesOptions(t *testing.T) {
	// SPEC §3.3: {CorePop 500000, SatellitePop 100000, NTowns 30,
	// MaxDistanceKm 200, MCV1 0.50, Seed 52}.
	assert.Equal(t, SatellitesOptions{CorePop: 500000, SatellitePop: 100000, NTowns: 30,
		MaxDistanceKm: 200, MCV1: 0.50, Seed: 52}, DefaultSatellitesOptions())
}

// satellitesByHand rebuilds Satellites from SPEC §3.3 with the rng
// primitives: the core row, then per town dist, θ, pop, mcv1 in that order.
func satellitesByHand(o SatellitesOptions) *Table {
	src := rng.NewSource(o.Seed, "scenario.Satellites", 0)
	t := &Table{ID: []string{"0"}, Pop: []int64{o.CorePop}, Lat: []float64{0}, Lon: []float64{0}, MCV1: []float64{o.MCV1}}
	m := o.MCV1
	for i := 1; i < o.NTowns; i++ {
		dist := math.Min(math.Sqrt(o.MaxDistanceKm*o.MaxDistanceKm*rng.Uniform(src)), o.MaxDistanceKm)
		th := 2 * math.Pi * rng.Uniform(src)
		pop := o.SatellitePop + uintRange(src, 0, o.CorePop/10)
		m = math.Min(math.Max(m+0.05*rng.Normal(src), 0), 0.95)
		t.ID = append(t.ID, strconv.Itoa(i))
		t.Lat = append(t.Lat, dist*math.Cos(th)/111)
		t.Lon = append(t.Lon, dist*math.Sin(th)/111)
		t.Pop = append(t.Pop, pop)
		t.MCV1 = append(t.MCV1, m)
	}
	return t
}

func TestSatellitesExactByConstruction(t *testing.T) {
	for _, o := range []SatellitesOptions{
		DefaultSatellitesOptions(),
		{CorePop: 1234567, SatellitePop: 10, NTowns: 200, MaxDistanceKm: 1000, MCV1: 0.93, Seed: 8},
	} {
		tab, err := Satellites(o)
		require.NoError(t, err)
		want := satellitesByHand(o)
		assert.Equal(t, want.ID, tab.ID)
		assert.Equal(t, want.Pop, tab.Pop)
		assert.Equal(t, want.Lat, tab.Lat)
		assert.Equal(t, want.Lon, tab.Lon)
		assert.Equal(t, want.MCV1, tab.MCV1)
	}
}

func TestSatellitesIDsAndCore(t *testing.T) {
	tab, err := Satellites(DefaultSatellitesOptions())
	require.NoError(t, err)
	// NTowns 30 rows including the core: ids "0" … "29".
	require.Equal(t, 30, tab.Len())
	for i := range 30 {
		assert.Equal(t, strconv.Itoa(i), tab.ID[i])
	}
	assert.Equal(t, int64(500000), tab.Pop[0])
	assert.Equal(t, 0.0, tab.Lat[0])
	assert.Equal(t, 0.0, tab.Lon[0])
	assert.Equal(t, 0.5, tab.MCV1[0])
	// pop = 100000 + Uint[0, 50000).
	for i := 1; i < 30; i++ {
		assert.GreaterOrEqual(t, tab.Pop[i], int64(100000))
		assert.Less(t, tab.Pop[i], int64(150000))
	}
}

func TestSatellitesDeterministic(t *testing.T) {
	a, err := Satellites(DefaultSatellitesOptions())
	require.NoError(t, err)
	b, err := Satellites(DefaultSatellitesOptions())
	require.NoError(t, err)
	assert.Equal(t, a, b, "same options → same table")

	o := DefaultSatellitesOptions()
	o.Seed = 53
	c, err := Satellites(o)
	require.NoError(t, err)
	assert.Equal(t, a.ID, c.ID)
	assert.NotEqual(t, a.Pop, c.Pop, "another seed → other pops")
	assert.NotEqual(t, a.Lat, c.Lat, "another seed → other lats")
	assert.NotEqual(t, a.MCV1, c.MCV1, "another seed → other walk")

	// Town i's draws come before town i+1's: more towns keep a prefix.
	o = DefaultSatellitesOptions()
	o.NTowns = 10
	d, err := Satellites(o)
	require.NoError(t, err)
	assert.Equal(t, a.Lat[:10], d.Lat)
	assert.Equal(t, a.MCV1[:10], d.MCV1)
}

func TestSatellitesDistribution(t *testing.T) {
	// Fixed seed; every tolerance is 5 standard errors.
	const towns = 40000
	o := DefaultSatellitesOptions()
	o.NTowns = towns + 1
	tab, err := Satellites(o)
	require.NoError(t, err)
	max := o.MaxDistanceKm

	// dist = min(√U(0, max²), max) has density 2d/max² on [0, max]:
	// E = 2·max/3, E[d²] = max²/2, so Var = max²/18.
	var sd, sLat, sLon, sPop float64
	for i := 1; i <= towns; i++ {
		d := math.Hypot(tab.Lat[i], tab.Lon[i]) * 111
		require.LessOrEqual(t, d, max*(1+1e-12)) // rounding of cos, sin, /111
		sd += d
		sLat += tab.Lat[i]
		sLon += tab.Lon[i]
		sPop += float64(tab.Pop[i])
	}
	assert.InDelta(t, 2*max/3, sd/towns, 5*max/math.Sqrt(18)/math.Sqrt(towns))

	// lat = dist·cosθ/111 has mean 0 and variance E[d²]·E[cos²θ]/111² =
	// max²/4/111²; the same for lon.
	seLat := max / 2 / 111 / math.Sqrt(towns)
	assert.InDelta(t, 0, sLat/towns, 5*seLat)
	assert.InDelta(t, 0, sLon/towns, 5*seLat)

	// pop = 100000 + Uint[0, 50000): mean 100000 + 49999/2, Var (50000²−1)/12.
	assert.InDelta(t, 100000+49999/2.0, sPop/towns, 5*math.Sqrt((50000.0*50000-1)/12)/math.Sqrt(towns))
}

func TestSatellitesMCV1Walk(t *testing.T) {
	// SPEC §3.3: mcv1_i = clip(Norm(mcv1_{i−1}, 0.05), 0, 0.95). Over 20000
	// steps the walk (σ·√n ≈ 7 ≫ 0.95) hits both bounds; it never leaves
	// [0, 0.95], and a step that is not clipped is a Norm(0, 0.05) increment.
	o := DefaultSatellitesOptions()
	o.NTowns = 20001
	o.MCV1 = 1 // the core may be above 0.95; the first town is clipped down
	tab, err := Satellites(o)
	require.NoError(t, err)
	assert.Equal(t, 1.0, tab.MCV1[0])
	var atLo, atHi, free int
	var sInc, ssInc float64
	for i := 1; i < tab.Len(); i++ {
		v := tab.MCV1[i]
		require.GreaterOrEqual(t, v, 0.0)
		require.LessOrEqual(t, v, 0.95)
		switch v {
		case 0:
			atLo++
		case 0.95:
			atHi++
		}
		// From a town at least 0.25 (5σ) inside both bounds the next step is
		// clipped with probability < 6e-7, so its increment is an unbiased
		// Norm(0, 0.05) draw.
		if prev := tab.MCV1[i-1]; i > 1 && prev >= 0.25 && prev <= 0.70 {
			d := v - prev
			sInc += d
			ssInc += d * d
			free++
		}
	}
	assert.Positive(t, atLo, "the walk reaches 0")
	assert.Positive(t, atHi, "the walk reaches 0.95")
	// Increments: mean 0 (SE 0.05/√free) and mean square 0.05² (SE of s² for
	// a normal sample 0.05²·√(2/free)); 5 SE each.
	require.Greater(t, free, 5000)
	nf := float64(free)
	assert.InDelta(t, 0, sInc/nf, 5*0.05/math.Sqrt(nf))
	assert.InDelta(t, 0.05*0.05, ssInc/nf, 5*0.05*0.05*math.Sqrt(2/nf))
}

func TestSatellitesEdgeOptions(t *testing.T) {
	// NTowns 1: the core alone, no draws.
	tab, err := Satellites(SatellitesOptions{CorePop: 7, SatellitePop: 3, NTowns: 1, MaxDistanceKm: 50, MCV1: 0.2, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"0"}, tab.ID)
	assert.Equal(t, []int64{7}, tab.Pop)

	// CorePop/10 = 0: every town has exactly SatellitePop. MaxDistanceKm 0:
	// every town sits on the core.
	tab, err = Satellites(SatellitesOptions{CorePop: 9, SatellitePop: 3, NTowns: 5, MaxDistanceKm: 0, MCV1: 0.2, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, []int64{9, 3, 3, 3, 3}, tab.Pop)
	for i := range 5 {
		assert.Zero(t, math.Abs(tab.Lat[i]))
		assert.Zero(t, math.Abs(tab.Lon[i]))
	}

	// Zero populations are valid (SPEC §3.2).
	_, err = Satellites(SatellitesOptions{NTowns: 3, MaxDistanceKm: 10, Seed: 1})
	assert.NoError(t, err)
}

func TestSatellitesErrors(t *testing.T) {
	d := DefaultSatellitesOptions()
	with := func(f func(*SatellitesOptions)) SatellitesOptions { o := d; f(&o); return o }
	for _, tc := range []struct {
		o    SatellitesOptions
		want string
	}{
		{with(func(o *SatellitesOptions) { o.CorePop = -1 }), "CorePop must be >= 0, got -1"},
		{with(func(o *SatellitesOptions) { o.SatellitePop = -5 }), "SatellitePop must be >= 0, got -5"},
		{with(func(o *SatellitesOptions) { o.SatellitePop = MaxPop - 49999 }),
			fmt.Sprintf("SatellitePop %d + CorePop/10 50000 is above 9007199254740992 (2^53)", int64(MaxPop-49999))},
		{with(func(o *SatellitesOptions) { o.CorePop = MaxPop + 1 }), "CorePop must be <= 9007199254740992 (2^53), got 9007199254740993"},
		{with(func(o *SatellitesOptions) { o.NTowns = 0 }), "NTowns must be >= 1 (the core counts), got 0"},
		{with(func(o *SatellitesOptions) { o.NTowns = -3 }), "NTowns must be >= 1 (the core counts), got -3"},
		{with(func(o *SatellitesOptions) { o.MaxDistanceKm = -1 }), "MaxDistanceKm must be finite and >= 0, got -1"},
		{with(func(o *SatellitesOptions) { o.MaxDistanceKm = math.NaN() }), "MaxDistanceKm must be finite and >= 0, got NaN"},
		{with(func(o *SatellitesOptions) { o.MaxDistanceKm = math.Inf(1) }), "MaxDistanceKm must be finite and >= 0, got +Inf"},
		{with(func(o *SatellitesOptions) { o.MCV1 = 1.2 }), "MCV1 must be in [0, 1], got 1.2"},
		{with(func(o *SatellitesOptions) { o.MCV1 = -0.5 }), "MCV1 must be in [0, 1], got -0.5"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := Satellites(tc.o)
			assert.EqualError(t, err, "scenario: Satellites: "+tc.want)
		})
	}
	// The largest town population that fits is fine: with one town, core
	// 500000 + town (at most SatellitePop + 49999) stays within the 2^53
	// total (SPEC §3.2).
	_, err := Satellites(with(func(o *SatellitesOptions) { o.NTowns, o.SatellitePop = 2, MaxPop-550000 }))
	assert.NoError(t, err)
}

func TestSatellitesLeavesRange(t *testing.T) {
	// Towns up to 40000 km away reach |lat| > 90 (dist/111 > 90 when
	// dist > 9990 km): validation names the rows.
	o := DefaultSatellitesOptions()
	o.MaxDistanceKm = 40000
	_, err := Satellites(o)
	require.Error(t, err)
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg,
		"scenario: Satellites: generated towns are invalid (MaxDistanceKm 40000 too large?): "), msg)
	assert.Contains(t, msg, "must be in [-")
}
