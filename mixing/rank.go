package mixing

import (
	"cmp"
	"slices"

	"github.com/rubeola/rubeola/scenario"
)

// rankKey is one destination of an origin in the rank-based kernels: its
// distance d from the origin and its index j.
type rankKey struct {
	d float64
	j int32
}

// ranker orders the destinations of one origin at a time for the rank-based
// kernels of SPEC §7.2 (radiation and Stouffer), with its own scratch space:
// one ranker per goroutine. Ranking a row costs O(N log N) time and no
// allocation.
type ranker struct {
	co   coords
	pop  []float64
	keys []rankKey // scratch: destinations in rank order
	cum  []float64 // scratch: cumulative pops, ties resolved
}

// rankedKernel turns a rank-based row formula into a kernelFunc. The row
// formula receives the origin i, the destinations in rank order (keys[0] is
// i itself) and the cumulative pops cum (see [ranker.rank]), and must write
// W[i,j] into w for every ranked destination at positions ≥ 1; w[i] is then
// set to 0.
func rankedKernel(includeHome bool, formula rankFormula) kernelFunc {
	return func(scn *scenario.Table) (rawKernel, error) {
		co := newCoords(scn.Lat, scn.Lon)
		pop := populations(scn)
		newRow := func() rowFunc {
			r := newRanker(co, pop)
			return func(i int, w []float64) error {
				keys, cum := r.rank(i, includeHome)
				formula(i, keys, cum, pop, w)
				w[i] = 0
				return nil
			}
		}
		return rawKernel{newRow: newRow}, nil
	}
}

// rankFormula writes row i of a rank-based raw kernel into w from the
// ranked destinations keys, their cumulative pops cum and the scenario pops
// pop (see rankedKernel).
type rankFormula func(i int, keys []rankKey, cum, pop, w []float64)

// newRanker returns a ranker over prepared coordinates and pops (shared,
// read only) with fresh scratch space.
func newRanker(co coords, pop []float64) *ranker {
	n := len(pop)
	return &ranker{co: co, pop: pop, keys: make([]rankKey, n), cum: make([]float64, n)}
}

// rank orders the destinations of origin i by (j ≠ i, d_ij, j) — i first,
// then by distance, ties by index — and returns them with the cumulative
// sorted pops (SPEC §7.2):
//
//	cum[k] = Σ_{l ≤ k} p_σl  (− p_i unless includeHome)
//
// where every entry of a run of destinations tied at equal distance gets the
// cumulative value of the last entry of the run, so cum[k] is the population
// within distance ≤ d_iσk of i, σk included (and i itself with includeHome).
// Coincident patches (distance 0) tie with each other after i. The returned
// slices are the ranker's scratch, valid until the next call.
func (r *ranker) rank(i int, includeHome bool) ([]rankKey, []float64) {
	keys := r.keys
	keys[0] = rankKey{0, int32(i)}
	k := 1
	for j := range r.pop {
		if j != i {
			keys[k] = rankKey{r.co.dist(i, j), int32(j)}
			k++
		}
	}
	slices.SortFunc(keys[1:], func(a, b rankKey) int {
		if c := cmp.Compare(a.d, b.d); c != 0 {
			return c
		}
		return cmp.Compare(a.j, b.j)
	})
	cum := r.cum
	s := 0.0
	for k, key := range keys {
		s += r.pop[key.j]
		cum[k] = s
	}
	for k := len(keys) - 2; k >= 1; k-- {
		if keys[k].d == keys[k+1].d {
			cum[k] = cum[k+1]
		}
	}
	if !includeHome {
		pi := r.pop[i]
		for k := range cum {
			cum[k] -= pi
		}
	}
	return keys, cum
}
