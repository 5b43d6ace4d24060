package scenario

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"github.com/rubeola/rubeola/rng"
)

// TwoClusterOptions configures [TwoCluster]. The zero value is not the
// default; start from [DefaultTwoClusterOptions]. Its json tags are the keys
// of a run file's [scenario] table.
type TwoClusterOptions struct {
	Seed            uint64       `json:"seed"`              // seed of the stream (Seed, "scenario.TwoCluster", 0)
	NodesPerCluster int          `json:"nodes_per_cluster"` // nodes around each centre; > 0
	Centers         [][2]float64 `json:"centers"`           // cluster centres as (lat, lon) in degrees; at least one
	ClusterStd      float64      `json:"cluster_std"`       // standard deviation of the per-node jitter, degrees; >= 0
	MCV1Range       [2]float64   `json:"mcv1_range"`        // (lo, hi): coverage is U(lo, hi); 0 <= lo <= hi <= 1
}

// DefaultTwoClusterOptions returns the reference's defaults (SPEC §3.3):
// {Seed 42, NodesPerCluster 50, Centers [(40, 4), (34, 10)], ClusterStd 0.3,
// MCV1Range (0.4, 0.7)}.
func DefaultTwoClusterOptions() TwoClusterOptions {
	return TwoClusterOptions{
		Seed:            42,
		NodesPerCluster: 50,
		Centers:         [][2]float64{{40, 4}, {34, 10}},
		ClusterStd:      0.3,
		MCV1Range:       [2]float64{0.4, 0.7},
	}
}

// Constants of the TwoCluster construction (SPEC §3.3, parity with the
// reference's two_cluster_scenario).
const (
	twoClusterRadiusStd = 0.2    // r = |Norm(0, 0.2)|, divided by kmPerDegree
	kmPerDegree         = 111    // km per degree, the reference's flat conversion
	twoClusterBaseLo    = 50000  // base population ~ Uint[50000, 200000): lower end
	twoClusterBaseHi    = 200000 // upper end (excluded)
	twoClusterPopFloor  = 0.3    // pop = trunc(base·(0.3 + 0.7·e^(−dist/0.1)))
	twoClusterPopDecay  = 0.1    // degrees
)

// TwoCluster returns len(o.Centers)·o.NodesPerCluster nodes in clusters
// around the centres, with ids "cluster_{c+1}:node_{i+1}" (cluster-major),
// drawn from the stream rng.NewSource(o.Seed, "scenario.TwoCluster", 0).
//
// Draw order (SPEC §3.3, read as the reference's vectorised NumPy calls): for
// each cluster c in order, first n = NodesPerCluster radii r = |Norm(0,
// 0.2)|, then n angles θ = U(0, 2π), then n jitters εlat = Norm(0,
// ClusterStd), then n jitters εlon = Norm(0, ClusterStd); node i of cluster c
// gets lat = c_lat + r·cosθ/111 + εlat and lon = c_lon + r·sinθ/111 + εlon.
// After all clusters, for every node in cluster-major order one base =
// Uint[50000, 200000) and pop = trunc(base·(0.3 + 0.7·e^(−dist/0.1))) with
// dist the node's distance in degrees from its own centre. Last, for every
// node, mcv1 = U(lo, hi).
//
// NodesPerCluster ≤ 0, no centres, a centre outside [−90, 90]×[−180, 180],
// ClusterStd < 0 or not finite, and a MCV1Range outside [0, 1] or with
// lo > hi are errors naming the option. Nodes that end outside the latitude
// or longitude range (a centre near a pole or the antimeridian, or a large
// ClusterStd) fail validation with the offending rows listed.
func TwoCluster(o TwoClusterOptions) (*Table, error) {
	const name = "TwoCluster"
	if err := o.validate(); err != nil {
		return nil, err
	}
	n, nc := o.NodesPerCluster, len(o.Centers)
	src := rng.NewSource(o.Seed, "scenario."+name, 0)
	t := newTable(n * nc)
	r := make([]float64, n)
	theta := make([]float64, n)
	for c, ctr := range o.Centers {
		for i := range n {
			r[i] = math.Abs(twoClusterRadiusStd * rng.Normal(src))
		}
		for i := range n {
			theta[i] = rng.UniformRange(src, 0, 2*math.Pi)
		}
		off := c * n
		for i := range n {
			t.ID[off+i] = "cluster_" + strconv.Itoa(c+1) + ":node_" + strconv.Itoa(i+1)
			t.Lat[off+i] = ctr[0] + r[i]*math.Cos(theta[i])/kmPerDegree + o.ClusterStd*rng.Normal(src)
		}
		for i := range n {
			t.Lon[off+i] = ctr[1] + r[i]*math.Sin(theta[i])/kmPerDegree + o.ClusterStd*rng.Normal(src)
		}
	}
	for k := range t.Len() {
		ctr := o.Centers[k/n]
		base := uintRange(src, twoClusterBaseLo, twoClusterBaseHi)
		dist := math.Hypot(t.Lat[k]-ctr[0], t.Lon[k]-ctr[1])
		t.Pop[k] = int64(float64(base) * (twoClusterPopFloor + (1-twoClusterPopFloor)*math.Exp(-dist/twoClusterPopDecay)))
	}
	for k := range t.Len() {
		t.MCV1[k] = rng.UniformRange(src, o.MCV1Range[0], o.MCV1Range[1])
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("scenario: %s: generated nodes are invalid (centres near a pole or the "+
			"antimeridian, or ClusterStd %v too large?): %w", name, o.ClusterStd, err)
	}
	return t, nil
}

// validate returns every problem with o's options, joined, each naming the
// option.
func (o TwoClusterOptions) validate() error {
	p := &argProblems{builder: "TwoCluster"}
	if o.NodesPerCluster <= 0 {
		p.addf("NodesPerCluster must be > 0, got %d", o.NodesPerCluster)
	}
	if len(o.Centers) == 0 {
		p.addf("Centers must list at least one (lat, lon) centre, got none")
	}
	if o.NodesPerCluster > 0 && len(o.Centers) > 0 {
		if o.NodesPerCluster > math.MaxInt/len(o.Centers) {
			p.addf("NodesPerCluster %d × %d Centers overflow int", o.NodesPerCluster, len(o.Centers))
		} else {
			p.size(o.NodesPerCluster*len(o.Centers), fmt.Sprintf("NodesPerCluster %d × %d Centers", o.NodesPerCluster, len(o.Centers)))
		}
	}
	for i, c := range o.Centers {
		if !(c[0] >= -90 && c[0] <= 90) || !(c[1] >= -180 && c[1] <= 180) {
			p.addf("Centers[%d] = (%v, %v) must have lat in [-90, 90] and lon in [-180, 180]", i, c[0], c[1])
		}
	}
	if !(o.ClusterStd >= 0) || math.IsInf(o.ClusterStd, 0) {
		p.addf("ClusterStd must be finite and >= 0, got %v", o.ClusterStd)
	}
	lo, hi := o.MCV1Range[0], o.MCV1Range[1]
	if !(lo >= 0 && lo <= 1) || !(hi >= 0 && hi <= 1) {
		p.addf("MCV1Range (%v, %v) must lie in [0, 1]", lo, hi)
	} else if lo > hi {
		p.addf("MCV1Range (%v, %v) must have lo <= hi", lo, hi)
	}
	return p.err()
}

// uintRange returns a uniform integer in [a, b) (the SPEC's Uint[a, b)), a <=
// b, by Lemire's multiply-and-reject method on src.Uint64 (exact, one draw
// unless rejected with probability (2⁶⁴ mod (b−a))/2⁶⁴). An empty range a ==
// b returns a after one draw, so a builder's draw count does not depend on
// its options.
func uintRange(src *rng.Source, a, b int64) int64 {
	m := uint64(b - a)
	hi, lo := bits.Mul64(src.Uint64(), m)
	if lo < m {
		thresh := -m % m
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), m)
		}
	}
	return a + int64(hi)
}
