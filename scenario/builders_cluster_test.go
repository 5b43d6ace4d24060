package scenario

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

func TestDefaultTwoClusterOptions(t *testing.T) {
	// SPEC §3.3: {Seed 42, NodesPerCluster 50, Centers [(40,4),(34,10)],
	// ClusterStd 0.3, MCV1Range (0.4, 0.7)}.
	assert.Equal(t, TwoClusterOptions{
		Seed: 42, NodesPerCluster: 50, Centers: [][2]float64{{40, 4}, {34, 10}},
		ClusterStd: 0.3, MCV1Range: [2]float64{0.4, 0.7},
	}, DefaultTwoClusterOptions())
	// Each call returns its own Centers slice.
	a := DefaultTwoClusterOptions()
	a.Centers[0][0] = 0
	assert.Equal(t, 40.0, DefaultTwoClusterOptions().Centers[0][0])
}

// twoClusterByHand rebuilds TwoCluster from SPEC §3.3 with the rng
// primitives: per cluster n |Norm(0, 0.2)| radii, n U(0, 2π) angles, n
// latitude jitters, n longitude jitters; then one Uint[50000, 200000) per node;
// then one U(lo, hi) per node.
func twoClusterByHand(o TwoClusterOptions) *Table {
	src := rng.NewSource(o.Seed, "scenario.TwoCluster", 0)
	n := o.NodesPerCluster
	t := newTable(0)
	var centre [][2]float64
	for c, ctr := range o.Centers {
		r := make([]float64, n)
		th := make([]float64, n)
		for i := range n {
			r[i] = math.Abs(0.2 * rng.Normal(src))
		}
		for i := range n {
			th[i] = 2 * math.Pi * rng.Uniform(src)
		}
		for i := range n {
			t.ID = append(t.ID, fmt.Sprintf("cluster_%d:node_%d", c+1, i+1))
			t.Lat = append(t.Lat, ctr[0]+r[i]*math.Cos(th[i])/111+o.ClusterStd*rng.Normal(src))
			centre = append(centre, ctr)
		}
		for i := range n {
			t.Lon = append(t.Lon, ctr[1]+r[i]*math.Sin(th[i])/111+o.ClusterStd*rng.Normal(src))
		}
	}
	for k := range t.ID {
		base := uintRange(src, 50000, 200000)
		dist := math.Hypot(t.Lat[k]-centre[k][0], t.Lon[k]-centre[k][1]) // √(Δlat² + Δlon²)
		t.Pop = append(t.Pop, int64(float64(base)*(0.3+0.7*math.Exp(-dist/0.1))))
	}
	for range t.ID {
		t.MCV1 = append(t.MCV1, o.MCV1Range[0]+(o.MCV1Range[1]-o.MCV1Range[0])*rng.Uniform(src))
	}
	return t
}

func TestTwoClusterExactByConstruction(t *testing.T) {
	for _, o := range []TwoClusterOptions{
		DefaultTwoClusterOptions(),
		{Seed: 9, NodesPerCluster: 7, Centers: [][2]float64{{-10, 100}, {0, 0}, {60, -170}},
			ClusterStd: 0.05, MCV1Range: [2]float64{0.2, 0.9}},
	} {
		tab, err := TwoCluster(o)
		require.NoError(t, err)
		want := twoClusterByHand(o)
		assert.Equal(t, want.ID, tab.ID)
		assert.Equal(t, want.Pop, tab.Pop)
		assert.Equal(t, want.Lat, tab.Lat)
		assert.Equal(t, want.Lon, tab.Lon)
		assert.Equal(t, want.MCV1, tab.MCV1)
	}
}

func TestTwoClusterIDs(t *testing.T) {
	tab, err := TwoCluster(DefaultTwoClusterOptions())
	require.NoError(t, err)
	// 2 centres × 50 nodes, cluster-major.
	require.Equal(t, 100, tab.Len())
	assert.Equal(t, "cluster_1:node_1", tab.ID[0])
	assert.Equal(t, "cluster_1:node_50", tab.ID[49])
	assert.Equal(t, "cluster_2:node_1", tab.ID[50])
	assert.Equal(t, "cluster_2:node_50", tab.ID[99])
	// Level 0 of §8.1 groups by cluster.
	g, members, err := Groups(tab.ID, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"cluster_1", "cluster_2"}, g)
	assert.Len(t, members[1], 50)
}

func TestTwoClusterDeterministic(t *testing.T) {
	a, err := TwoCluster(DefaultTwoClusterOptions())
	require.NoError(t, err)
	b, err := TwoCluster(DefaultTwoClusterOptions())
	require.NoError(t, err)
	assert.Equal(t, a, b, "same options → same table")

	o := DefaultTwoClusterOptions()
	o.Seed = 43
	c, err := TwoCluster(o)
	require.NoError(t, err)
	assert.Equal(t, a.ID, c.ID)
	assert.NotEqual(t, a.Pop, c.Pop, "another seed → other pops")
	assert.NotEqual(t, a.Lat, c.Lat, "another seed → other lats")
	assert.NotEqual(t, a.Lon, c.Lon, "another seed → other lons")
	assert.NotEqual(t, a.MCV1, c.MCV1, "another seed → other mcv1")

	// The stream is the builder's own: RandomN with the same seed draws
	// other numbers.
	src1 := rng.NewSource(42, "scenario.TwoCluster", 0)
	src2 := rng.NewSource(42, "scenario.RandomN", 0)
	assert.NotEqual(t, src1.Uint64(), src2.Uint64())
}

func TestTwoClusterRanges(t *testing.T) {
	// SPEC §3.3: pop = trunc(base·f) with base in [50000, 200000) and
	// f = 0.3 + 0.7·e^(−dist/0.1) in (0.3, 1], so pop in [trunc(50000·0.3),
	// 200000) = [15000, 200000); mcv1 = U(lo, hi) in [lo, hi).
	o := DefaultTwoClusterOptions()
	o.NodesPerCluster = 2000
	tab, err := TwoCluster(o)
	require.NoError(t, err)
	for k := range tab.Len() {
		require.GreaterOrEqual(t, tab.Pop[k], int64(15000))
		require.Less(t, tab.Pop[k], int64(200000))
		require.GreaterOrEqual(t, tab.MCV1[k], 0.4)
		require.Less(t, tab.MCV1[k], 0.7)
	}
}

func TestTwoClusterDistribution(t *testing.T) {
	// Fixed seed; every tolerance is 5 standard errors.
	const n = 20000
	o := DefaultTwoClusterOptions()
	o.NodesPerCluster = n
	tab, err := TwoCluster(o)
	require.NoError(t, err)

	// Per cluster, lat − c_lat = r·cosθ/111 + εlat has mean 0 and variance
	// E[r²]·E[cos²θ]/111² + std² = 0.04·0.5/111² + 0.3² (r and θ
	// independent); the same for lon with sinθ.
	sd := math.Sqrt(0.04*0.5/(111*111) + 0.3*0.3)
	for c, ctr := range o.Centers {
		var sLat, sLon, ssLat float64
		for i := range n {
			dLat := tab.Lat[c*n+i] - ctr[0]
			sLat += dLat
			ssLat += dLat * dLat
			sLon += tab.Lon[c*n+i] - ctr[1]
		}
		assert.InDelta(t, 0, sLat/n, 5*sd/math.Sqrt(n), "cluster %d lat mean", c+1)
		assert.InDelta(t, 0, sLon/n, 5*sd/math.Sqrt(n), "cluster %d lon mean", c+1)
		// Variance of a near-normal sample: SE of s² ≈ σ²·√(2/n).
		assert.InDelta(t, sd*sd, ssLat/n, 5*sd*sd*math.Sqrt(2.0/n), "cluster %d lat variance", c+1)
	}

	// mcv1 = U(0.4, 0.7): mean 0.55, SE 0.3/√12/√N.
	var s float64
	for _, v := range tab.MCV1 {
		s += v
	}
	N := float64(tab.Len())
	assert.InDelta(t, 0.55, s/N, 5*0.3/math.Sqrt(12)/math.Sqrt(N))
}

func TestTwoClusterPopsWithoutJitter(t *testing.T) {
	// With ClusterStd 0 a node lies r/111 degrees from its centre, with
	// r = |Norm(0, 0.2)| < 1.2 (6 σ, for this seed), so dist < 0.011° and
	// f = 0.3 + 0.7·e^(−dist/0.1) > 0.3 + 0.7·e^(−0.11) > 0.92: every pop is in
	// [trunc(50000·0.92), 200000) and pop/f recovers a base in [50000, 200000).
	o := DefaultTwoClusterOptions()
	o.ClusterStd = 0
	o.NodesPerCluster = 1000
	tab, err := TwoCluster(o)
	require.NoError(t, err)
	for k := range tab.Len() {
		ctr := o.Centers[k/o.NodesPerCluster]
		dist := math.Hypot(tab.Lat[k]-ctr[0], tab.Lon[k]-ctr[1])
		require.Less(t, dist, 1.2/111)
		f := 0.3 + 0.7*math.Exp(-dist/0.1)
		base := float64(tab.Pop[k]) / f
		require.GreaterOrEqual(t, base, 50000-1/f) // trunc loses < 1 person
		require.Less(t, base, 200000.0)
	}
}

func TestTwoClusterEdgeOptions(t *testing.T) {
	// One centre, one node, lo == hi: a single row with mcv1 exactly lo.
	tab, err := TwoCluster(TwoClusterOptions{Seed: 1, NodesPerCluster: 1, Centers: [][2]float64{{0, 0}},
		ClusterStd: 0, MCV1Range: [2]float64{0.6, 0.6}})
	require.NoError(t, err)
	assert.Equal(t, []string{"cluster_1:node_1"}, tab.ID)
	assert.Equal(t, []float64{0.6}, tab.MCV1)
}

func TestTwoClusterErrors(t *testing.T) {
	d := DefaultTwoClusterOptions()
	with := func(f func(*TwoClusterOptions)) TwoClusterOptions {
		o := d
		o.Centers = append([][2]float64(nil), d.Centers...)
		f(&o)
		return o
	}
	for _, tc := range []struct {
		o    TwoClusterOptions
		want string
	}{
		{with(func(o *TwoClusterOptions) { o.NodesPerCluster = 0 }), "NodesPerCluster must be > 0, got 0"},
		{with(func(o *TwoClusterOptions) { o.NodesPerCluster = -2 }), "NodesPerCluster must be > 0, got -2"},
		{with(func(o *TwoClusterOptions) { o.Centers = nil }), "Centers must list at least one (lat, lon) centre, got none"},
		{with(func(o *TwoClusterOptions) { o.NodesPerCluster = math.MaxInt }),
			fmt.Sprintf("NodesPerCluster %d × 2 Centers overflow int", math.MaxInt)},
		{with(func(o *TwoClusterOptions) { o.Centers[1] = [2]float64{95, 0} }),
			"Centers[1] = (95, 0) must have lat in [-90, 90] and lon in [-180, 180]"},
		{with(func(o *TwoClusterOptions) { o.Centers[0] = [2]float64{0, -181} }),
			"Centers[0] = (0, -181) must have lat in [-90, 90] and lon in [-180, 180]"},
		{with(func(o *TwoClusterOptions) { o.Centers[0] = [2]float64{math.NaN(), 0} }),
			"Centers[0] = (NaN, 0) must have lat in [-90, 90] and lon in [-180, 180]"},
		{with(func(o *TwoClusterOptions) { o.ClusterStd = -0.1 }), "ClusterStd must be finite and >= 0, got -0.1"},
		{with(func(o *TwoClusterOptions) { o.ClusterStd = math.NaN() }), "ClusterStd must be finite and >= 0, got NaN"},
		{with(func(o *TwoClusterOptions) { o.ClusterStd = math.Inf(1) }), "ClusterStd must be finite and >= 0, got +Inf"},
		{with(func(o *TwoClusterOptions) { o.MCV1Range = [2]float64{0.7, 0.4} }), "MCV1Range (0.7, 0.4) must have lo <= hi"},
		{with(func(o *TwoClusterOptions) { o.MCV1Range = [2]float64{-0.1, 0.4} }), "MCV1Range (-0.1, 0.4) must lie in [0, 1]"},
		{with(func(o *TwoClusterOptions) { o.MCV1Range = [2]float64{0.4, 1.5} }), "MCV1Range (0.4, 1.5) must lie in [0, 1]"},
		{with(func(o *TwoClusterOptions) { o.MCV1Range = [2]float64{0.4, math.NaN()} }), "MCV1Range (0.4, NaN) must lie in [0, 1]"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := TwoCluster(tc.o)
			assert.EqualError(t, err, "scenario: TwoCluster: "+tc.want)
		})
	}
}

func TestTwoClusterLeavesRange(t *testing.T) {
	// A centre on the pole: about half the nodes fall beyond lat 90 and the
	// validation names them.
	o := DefaultTwoClusterOptions()
	o.Centers = [][2]float64{{90, 0}}
	_, err := TwoCluster(o)
	require.Error(t, err)
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg, "scenario: TwoCluster: generated nodes are invalid (centres near a pole "+
		"or the antimeridian, or ClusterStd 0.3 too large?): "), msg)
	assert.Contains(t, msg, `column "lat"`)
	assert.Contains(t, msg, "must be in [-90, 90]")
}

func TestUintRange(t *testing.T) {
	// Exactly uniform on [a, b): mean (a+b−1)/2, variance ((b−a)²−1)/12;
	// fixed seed, 5 SE. A small range is also checked cell by cell.
	src := rng.NewSource(3, "test.uintRange", 0)
	const m = 200000
	const a, b = 50000, 200000
	var s float64
	for range m {
		v := uintRange(src, a, b)
		require.GreaterOrEqual(t, v, int64(a))
		require.Less(t, v, int64(b))
		s += float64(v)
	}
	sd := math.Sqrt((float64(b-a)*float64(b-a) - 1) / 12)
	assert.InDelta(t, float64(a+b-1)/2, s/m, 5*sd/math.Sqrt(m))

	// Range of 6: each cell has probability 1/6, count SE √(m·(1/6)·(5/6)).
	var count [6]int
	for range m {
		count[uintRange(src, 0, 6)]++
	}
	for k, c := range count {
		assert.InDelta(t, m/6.0, float64(c), 5*math.Sqrt(m*(1/6.0)*(5/6.0)), "cell %d", k)
	}

	// An empty range returns a and still consumes one draw.
	s1 := rng.NewSource(4, "test.uintRange", 0)
	s2 := rng.NewSource(4, "test.uintRange", 0)
	assert.Equal(t, int64(7), uintRange(s1, 7, 7))
	s2.Uint64()
	assert.Equal(t, s2.Uint64(), s1.Uint64())
}
