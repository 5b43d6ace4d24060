package compartmental

import (
	"fmt"
	"math"
	"slices"

	"github.com/rubeola/rubeola/internal/gemm"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// Values of [EulerSEIRParams.Coupling].
const (
	// CouplingNone is He et al.'s uncoupled towns.
	CouplingNone = "none"
	// CouplingHe10 is spatPomp's he10 coupling with its gravity operator
	// ([He10Operator]).
	CouplingHe10 = "he10"
	// CouplingMixer is the he10 coupling with the operator of a mixer:
	// V[u][v] = M[v,u] (M row = source) off the diagonal.
	CouplingMixer = "mixer"
)

// EarthRadiusMiles is the Earth's radius spatPomp's he10 measures
// great-circle distances with, in miles.
const EarthRadiusMiles = 3963.191

// MaxCoupledPlaces is the most places a coupled EulerSEIR takes: its
// operator is dense, P² numbers (800 MB at 10 000 places).
const MaxCoupledPlaces = 10000

// He10Operator returns spatPomp's he10 coupling operator for n towns with
// populations pop and coordinates lat, lon (degrees), row-major n×n:
// V[u][v] = d̄·p_u·p_v/(d_uv·p̄²) for u ≠ v and 0 on the diagonal, d_uv the
// great-circle distance in miles (radius [EarthRadiusMiles], haversine,
// rounded to 0.1 mile), d̄ its mean over the pairs u ≠ v and p̄ the mean of
// pop. One town has the operator {0}; two distinct towns at distance 0 are
// an error naming them.
func He10Operator(ids []string, pop, lat, lon []float64) ([]float64, error) {
	n := len(pop)
	d := make([]float64, n*n)
	sum := 0.0
	for u := range n {
		for v := range n {
			if u != v {
				d[u*n+v] = math.Round(greatCircleMiles(lat[u], lon[u], lat[v], lon[v])*10) / 10
				sum += d[u*n+v]
			}
		}
	}
	out := make([]float64, n*n)
	if n < 2 {
		return out, nil
	}
	dbar := sum / float64(n*(n-1))
	pbar := 0.0
	for _, p := range pop {
		pbar += p
	}
	pbar /= float64(n)
	for u := range n {
		for v := range n {
			if u == v {
				continue
			}
			if d[u*n+v] == 0 {
				return nil, fmt.Errorf("places %q and %q are less than 0.05 mile apart: the he10 coupling divides by their distance", ids[u], ids[v])
			}
			out[u*n+v] = dbar * pop[u] * pop[v] / (d[u*n+v] * pbar * pbar)
		}
	}
	return out, nil
}

// greatCircleMiles is spatPomp's he10 distance: the haversine formula with
// atan2 on a sphere of radius [EarthRadiusMiles].
func greatCircleMiles(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	p1, p2 := lat1*rad, lat2*rad
	a := math.Pow(math.Sin((p2-p1)/2), 2) + math.Cos(p1)*math.Cos(p2)*math.Pow(math.Sin((lon2-lon1)*rad/2), 2)
	return math.Atan2(math.Sqrt(a), math.Sqrt(1-a)) * 2 * EarthRadiusMiles
}

// MixerOperator returns the coupling operator of a mixing matrix M of n
// places (row = source): V[u][v] = M[v,u] for u ≠ v, 0 on the diagonal.
func MixerOperator(m *mixing.Matrix) []float64 {
	n := m.N()
	out := make([]float64, n*n)
	for u := range n {
		for v := range n {
			if u != v {
				out[u*n+v] = m.At(v, u)
			}
		}
	}
	return out
}

// CensusMeanSource is a [PopulationSource] that also knows each patch's
// mean census population ([PopulationData]): the he10 coupling's p_u.
type CensusMeanSource interface {
	PopulationSource
	// CensusMeans returns every patch's mean census population (the mean
	// of its place's rows of the table).
	CensusMeans() []float64
}

// coupling is EulerSEIR's coupling between the places of each replicate:
// the operator V over the P places and the layout of the model's patches
// (place-major: patch u·J + i is place u of replicate i).
type coupling struct {
	places, j int
	v         []float64      // P×P, row-major
	packed    *gemm.Packed   // V − diag(rowSum), packed for the product with X
	scratch   []gemm.Scratch // per chunk of replicates
	rowSum    []float64      // Σ_v V[u][v]
	x         []float64      // per patch: (I/P)^α
	term      []float64      // per patch: g·Σ_v V_uv(x_v − x_u), the kernel's Coupling
	// The step's inputs, per patch (set by update for Block).
	inf           []int64
	pop, alpha, g []float64
}

// newCoupling builds the operator of the model's places for p's coupling,
// or returns nil for none. A replicated scenario (scenario.ReplicateOf, a
// particle filter's) couples within each replicate; its rows must be
// place-major.
func newCoupling(m phases.Model, p EulerSEIRParams, source PopulationSource) (*coupling, error) {
	if p.Coupling == CouplingNone {
		return nil, nil
	}
	scn := m.Scenario()
	rows, err := placeRows(scn)
	if err != nil {
		return nil, err
	}
	n := len(rows)
	if n > MaxCoupledPlaces {
		return nil, fmt.Errorf("%s: coupling = %q takes at most %d places (a dense operator), the scenario has %d", EulerSEIRName, p.Coupling, MaxCoupledPlaces, n)
	}
	key := EulerSEIRName + ".coupling:" + p.Coupling
	if p.Coupling == CouplingMixer {
		spec, err := mixing.MarshalMixer(p.Mixer.Mixer)
		if err != nil {
			return nil, fmt.Errorf("%s: mixer: %w", EulerSEIRName, err)
		}
		key += ":" + string(spec)
	}
	var means []float64
	if cm, ok := source.(CensusMeanSource); ok && p.Coupling == CouplingHe10 {
		means = cm.CensusMeans()
		key += ":census"
	}
	v, err := m.Shared(key, func() (any, error) { return buildOperator(scn, rows, p, means) })
	if err != nil {
		return nil, err
	}
	c := &coupling{places: n, j: scn.Len() / n, v: v.([]float64)}
	c.rowSum = make([]float64, n)
	for u := range n {
		for _, x := range c.v[u*n : (u+1)*n] {
			c.rowSum[u] += x
		}
	}
	packed, err := m.Shared(key+":packed", func() (any, error) { return c.pack(), nil })
	if err != nil {
		return nil, err
	}
	c.packed = packed.(*gemm.Packed)
	c.x, c.term = make([]float64, scn.Len()), make([]float64, scn.Len())
	return c, nil
}

// pack returns the operator of the product, V − diag(rowSum) (V's
// diagonal is 0), packed: (V − diag(rowSum))·X is Σ_v V_uv(x_v − x_u) in
// one product, the diagonal's −rowSum_u·x_u added in its place among the
// v (internal/gemm's order).
func (c *coupling) pack() *gemm.Packed {
	n := c.places
	vd := slices.Clone(c.v[:n*n])
	for u := range n {
		vd[u*n+u] = -c.rowSum[u]
	}
	return gemm.Pack(vd, n, n)
}

// placeRows returns the first row of each place: every row of a plain
// scenario, rows u·J of a scenario replicated J times.
func placeRows(scn *scenario.Table) ([]int, error) {
	var rows []int
	for k := range scn.Len() {
		if k == 0 || scn.SourceID(k) != scn.SourceID(k-1) {
			rows = append(rows, k)
		}
	}
	n := len(rows)
	if scn.Len()%n != 0 {
		return nil, fmt.Errorf("%s: coupling: the scenario's %d rows are not %d places replicated place by place", EulerSEIRName, scn.Len(), n)
	}
	j := scn.Len() / n
	for u, r := range rows {
		if r != u*j {
			return nil, fmt.Errorf("%s: coupling: the scenario's rows are not %d places replicated place by place (%q)", EulerSEIRName, n, scn.SourceID(r))
		}
	}
	return rows, nil
}

// buildOperator builds the P×P operator over the places' rows.
func buildOperator(scn *scenario.Table, rows []int, p EulerSEIRParams, means []float64) (any, error) {
	n := len(rows)
	ids := make([]string, n)
	pop, lat, lon := make([]float64, n), make([]float64, n), make([]float64, n)
	for u, r := range rows {
		ids[u], lat[u], lon[u] = scn.SourceID(r), scn.Lat[r], scn.Lon[r]
		pop[u] = float64(scn.Pop[r])
		if means != nil {
			pop[u] = means[r]
		}
	}
	if p.Coupling == CouplingHe10 {
		v, err := He10Operator(ids, pop, lat, lon)
		if err != nil {
			return nil, fmt.Errorf("%s: coupling = \"he10\": %w", EulerSEIRName, err)
		}
		return v, nil
	}
	ipop := make([]int64, n)
	for u, r := range rows {
		ipop[u] = scn.Pop[r]
	}
	base, err := scenario.FromColumns(ids, ipop, lat, lon, make([]float64, n))
	if err != nil {
		return nil, fmt.Errorf("%s: coupling: %w", EulerSEIRName, err)
	}
	mm, err := p.Mixer.Mixing(base)
	if err != nil {
		return nil, fmt.Errorf("%s: coupling = \"mixer\": %w", EulerSEIRName, err)
	}
	return MixerOperator(mm), nil
}

// couplingChunk is the number of replicates (columns of X) one block of
// the coupling's work takes: 16 of internal/gemm's 16-column panels, so
// that a filter of J = 1 000 particles has 4 blocks to share among the
// workers (with 2 blocks of 512, a worker that lost its core kept the
// other waiting) while a place's row of a block stays 2 KiB long for the
// loops over x and the terms (blocks of 64 cost those loops about 15 %
// more, BenchmarkCouplingUpdate on one core). The product streams V once
// per panel whatever the block.
const couplingChunk = 16 * gemm.PanelCols

// logTableSize bounds the integers whose logarithm the coupling looks up.
const logTableSize = 1 << 12

// logInts are log k for 0 < k < logTableSize (logInts[0] unused).
var logInts = func() []float64 {
	t := make([]float64, logTableSize)
	for k := 1; k < logTableSize; k++ {
		t[k] = math.Log(float64(k))
	}
	return t
}()

// update computes every patch's coupling term for the step: with
// x = (I/P)^α (0 for P ≤ 0), term[u·J+i] = g·Σ_v (V − diag(rowSum))_uv·
// x[v·J+i] = g·Σ_v V_uv·(x[v·J+i] − x[u·J+i]), the product taken for all
// replicates at once (X the P×J matrix of the place-major patches), in
// chunks of replicates on the model's workers (the same bits for any
// number: internal/gemm fixes each element's summation order, whatever
// the chunk). It reports whether any g is nonzero (when none is, the
// kernel adds nothing).
func (c *coupling) update(m phases.Model, inf []int64, pop, alpha, g []float64) bool {
	if !slices.ContainsFunc(g, func(x float64) bool { return x != 0 }) {
		return false
	}
	c.inf, c.pop, c.alpha, c.g = inf, pop, alpha, g
	chunks := (c.j + couplingChunk - 1) / couplingChunk
	if c.packed == nil {
		c.packed = c.pack()
	}
	if len(c.scratch) < chunks {
		c.scratch = make([]gemm.Scratch, chunks)
	}
	if m == nil {
		for b := range chunks {
			c.Block(b)
		}
	} else {
		m.ForBlocks(chunks, c)
	}
	return true
}

// Block computes the coupling of the replicates of chunk b
// ([phases.Blocker]).
func (c *coupling) Block(b int) {
	n, j := c.places, c.j
	lo := b * couplingChunk
	w := min(couplingChunk, j-lo)
	for u := range n {
		logP, lastP := 0.0, math.NaN()
		for k := u*j + lo; k < u*j+lo+w; k++ {
			x, i, p := 0.0, c.inf[k], c.pop[k]
			if p > 0 && i > 0 {
				if p != lastP { // P is usually the place's, the same for every replicate
					logP, lastP = rng.Log(p), p
				}
				li := 0.0
				if i < logTableSize {
					li = logInts[i]
				} else {
					li = rng.Log(float64(i))
				}
				x = rng.Exp(c.alpha[k] * (li - logP))
			}
			c.x[k] = x
		}
	}
	c.packed.Mul(c.term[lo:], j, c.x[lo:], j, w, &c.scratch[b])
	for u := range n {
		for k := u*j + lo; k < u*j+lo+w; k++ {
			c.term[k] *= c.g[k]
		}
	}
}
