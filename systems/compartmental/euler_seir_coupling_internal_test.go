package compartmental

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCouplingWithinReplicates checks the batched product against the
// direct sum: three places × two replicates (place-major: patch u·2 + i),
// term[u·2+i] = g·Σ_{v≠u} V_uv·(x_v,i − x_u,i) with x = (I/P)^α of the same
// replicate i only. Values are arbitrary; the tolerance (1e−9 relative)
// covers rng.Exp and rng.Log, which the step uses for x^α, against math.Pow.
func TestCouplingWithinReplicates(t *testing.T) {
	v := []float64{0, 1.5, 0.5, 1.5, 0, 0.25, 0.5, 0.25, 0}
	c := &coupling{places: 3, j: 2, v: v, rowSum: []float64{2, 1.75, 0.75},
		x: make([]float64, 6), term: make([]float64, 6)}
	inf := []int64{300, 10, 40, 0, 7, 90}
	pop := []float64{3e5, 3e5, 1e5, 1e5, 2e4, 2e4}
	alpha := []float64{1, 1, 0.9, 0.9, 1, 1}
	g := []float64{2, 3, 5, 7, 11, 13}
	assert.True(t, c.update(nil, inf, pop, alpha, g))
	x := func(u, i int) float64 { k := u*2 + i; return math.Pow(float64(inf[k])/pop[k], alpha[k]) }
	for u := range 3 {
		for i := range 2 {
			want := 0.0
			for w := range 3 {
				if w != u {
					want += v[u*3+w] * (x(w, i) - x(u, i))
				}
			}
			want *= g[u*2+i]
			assert.InDelta(t, want, c.term[u*2+i], 1e-12*math.Max(1, math.Abs(want))+1e-9*math.Abs(want), "place %d replicate %d", u, i)
		}
	}
	assert.False(t, c.update(nil, inf, pop, alpha, make([]float64, 6)), "g = 0 everywhere: no term")
}

// TestCouplingChunksBitIdentical checks the product's wiring over several
// chunks of replicates: 13 places (not a multiple of internal/gemm's 12-row
// tile) × 1 100 replicates (4 chunks of couplingChunk = 256 and one of
// 76, not a multiple of its 16-column panel), with a third of the patches
// free of infection. Every term must equal, bit for bit, g·y with y summed
// over the places v in increasing order by math.FMA from +0 of
// (V − diag(rowSum))_uv·x_v (internal/gemm's contract with the coupling's
// operator), from the x the update computed: a
// replicate's term then depends on nothing but its own column, whatever
// chunk or worker computes it.
func TestCouplingChunksBitIdentical(t *testing.T) {
	const places, j = 13, 1100
	n := places * j
	r := rand.New(rand.NewPCG(3, 4))
	c := &coupling{places: places, j: j, v: make([]float64, places*places), rowSum: make([]float64, places),
		x: make([]float64, n), term: make([]float64, n)}
	for u := range places {
		for v := range places {
			if u != v {
				c.v[u*places+v] = r.Float64()
				c.rowSum[u] += c.v[u*places+v]
			}
		}
	}
	inf, pop, alpha, g := make([]int64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range n {
		inf[k], pop[k], alpha[k], g[k] = int64(r.IntN(5000)), 1e4*float64(1+k/j), 0.9+0.1*r.Float64(), 400*r.Float64()
		if r.IntN(3) == 0 {
			inf[k] = 0
		}
	}
	require.True(t, c.update(nil, inf, pop, alpha, g))
	for u := range places {
		for i := range j {
			y := 0.0
			for v := range places {
				vuv := c.v[u*places+v]
				if v == u {
					vuv = -c.rowSum[u]
				}
				y = math.FMA(vuv, c.x[v*j+i], y)
			}
			k := u*j + i
			want := g[k] * y
			require.Equal(t, math.Float64bits(want), math.Float64bits(c.term[k]), "place %d replicate %d", u, i)
		}
	}
}

// BenchmarkCouplingUpdate is one day's coupling of a dense operator, α ≠ 1
// (ns/op × days is the coupling's share of a filter), at two scales: He et
// al.'s 20 towns × 5 000 particles, and England and Wales' 954 towns ×
// 1 000 particles (docs/fit.md's 954-town fit), the latter with every
// town infected (I > 0 in every particle: the dense worst case) and with
// the towns u ≡ 1, 2 (mod 3) free of infection in every particle (a
// trough; the product skips those rows of X). It reports the GFLOP/s of
// the dense product, 2·P²·J flops a day whatever is skipped.
func BenchmarkCouplingUpdate(b *testing.B) {
	for _, bc := range []struct {
		name      string
		places, j int
		zeroTowns int // towns u with u mod 3 < zeroTowns have I = 0 (0: none)
	}{
		{"20x5000", 20, 5000, 0},
		{"954x1000", 954, 1000, 0},
		{"954x1000/trough", 954, 1000, 2},
	} {
		b.Run(bc.name, func(b *testing.B) {
			places, j := bc.places, bc.j
			n := places * j
			c := &coupling{places: places, j: j, v: make([]float64, places*places), rowSum: make([]float64, places),
				x: make([]float64, n), term: make([]float64, n)}
			for u := range places {
				for v := range places {
					if u != v {
						c.v[u*places+v] = 1 / float64(1+u+v)
						c.rowSum[u] += c.v[u*places+v]
					}
				}
			}
			inf, pop, alpha, g := make([]int64, n), make([]float64, n), make([]float64, n), make([]float64, n)
			for k := range n {
				// P per place, as PopulationData gives; I from 1 to 500, 0 in the trough's towns
				inf[k], pop[k], alpha[k], g[k] = int64(1+k%500), 1e5*float64(1+k/j), 0.97, 400
				if (k/j)%3 < bc.zeroTowns {
					inf[k] = 0
				}
			}
			for b.Loop() {
				c.update(nil, inf, pop, alpha, g)
			}
			b.ReportMetric(2*float64(places*places*j)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
