package mixing

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// factoredGravities are the gravity parameter sets of the factored tests:
// the defaults (fast paths a−1 = 0, b = 1, c = 1.5), generic exponents, and
// c = 0 (no distances).
var factoredGravities = []Gravity{
	DefaultGravity(),
	{A: 1.5, B: 0.8, C: 1.7, K: 0.02},
	{A: 2, B: 0, C: 2, K: 0.001},
	{A: 1, B: 1, C: 0, K: 0.001},
}

// TestFactoredMatchesDense: the factored gravity matrix equals the dense one
// of Gravity.Mixing up to rounding (SPEC §7.5: the two builds share D and
// differ only in the rounding of R_j and f·g·D; 1e−13 relative allows a few
// hundred ulps), Matrix() materialises At exactly, and rows sum to 1. N =
// 600 has a partial last block (600 = 2·256 + 88); N = 3 and 2 are inside
// one block.
func TestFactoredMatchesDense(t *testing.T) {
	for _, scn := range []*scenario.Table{randomTable(600, 3), collinear(), twoPatch()} {
		for _, g := range factoredGravities {
			want, err := g.Mixing(scn)
			require.NoError(t, err)
			fac, err := g.Factored(scn, FactoredOptions{Workers: 2})
			require.NoError(t, err)
			got := fac.Matrix()
			n := scn.Len()
			require.Equal(t, n, fac.N())
			for i := range n {
				s := 0.0
				for j := range n {
					require.Equal(t, fac.At(i, j), got.At(i, j), "%+v Matrix()[%d,%d] = At", g, i, j)
					assert.InEpsilon(t, want.At(i, j), got.At(i, j), 1e-13, "%+v M[%d,%d], N = %d", g, i, j, n)
					s += got.At(i, j)
				}
				require.InDelta(t, 1, s, 1e-12, "row %d sums to 1", i)
			}
		}
	}
}

// TestFactoredPinned checks SPEC §7.3's pinned collinear gravity rows on the
// factored form. The SPEC prints 9 significant digits, so a printed value is
// within half a unit of its 9th digit: at most 5e−9 relative.
func TestFactoredPinned(t *testing.T) {
	fac, err := DefaultGravity().Factored(collinear(), FactoredOptions{Workers: 1})
	require.NoError(t, err)
	want := [][]float64{
		{0.983876209, 0.00970562748, 0.00641816307},
		{0.00387995381, 0.984329128, 0.0117909185},
		{0.000746697459, 0.00343145751, 0.995821845},
	}
	for i, row := range want {
		for j, v := range row {
			assert.InEpsilon(t, v, fac.At(i, j), 5e-9, "M[%d,%d]", i, j)
		}
	}
}

// TestFactoredWorkersBitIdentical: the build gives the same bits for any
// number of workers (each D value computed independently, sums reduced in
// tile order).
func TestFactoredWorkersBitIdentical(t *testing.T) {
	scn := randomTable(700, 4)
	ref, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 1})
	require.NoError(t, err)
	for _, workers := range []int{2, 7, 0} {
		got, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: workers})
		require.NoError(t, err)
		require.Equal(t, bits(ref.data), bits(got.data), "D, workers %d", workers)
		require.Equal(t, bits(ref.g), bits(got.g), "g, workers %d", workers)
		require.Equal(t, bits(ref.diag), bits(got.diag), "diag, workers %d", workers)
	}
}

// TestFactoredForceMatchesReference: the factored force is within 1e−12
// relative of the reference order Σ_i x_i·M[i,j] on the dense matrix
// (SPEC §7.5 rule 2), with all, some and no sources active, in each pass
// (tile pass, source-major pass — with its strided-column and whole-tile
// branches — and the automatic choice); tiles and destination blocks run in
// reverse order give the same bits (any order, any goroutine).
func TestFactoredForceMatchesReference(t *testing.T) {
	scn := randomTable(600, 5)
	dense, err := DefaultGravity().Mixing(scn)
	require.NoError(t, err)
	fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	n := scn.Len()
	defer func(old forceMode) { passMode = old }(passMode)
	for _, mode := range []forceMode{modeAuto, modeTiles, modeSourceMajor} {
		passMode = mode
		for name, active := range map[string]func(i int) bool{
			"all":           func(int) bool { return true },
			"every 37th":    func(i int) bool { return i%37 == 0 },
			"every 3rd":     func(i int) bool { return i%3 == 0 },
			"first block":   func(i int) bool { return i < 100 },
			"last patch":    func(i int) bool { return i == n-1 },
			"none (x = 0)":  func(int) bool { return false },
			"middle blocks": func(i int) bool { return i >= 300 && i < 320 },
		} {
			x := make([]float64, n)
			for i := range x {
				if active(i) {
					x[i] = float64(i%13+1) * 8.02
				}
			}
			want := referenceForce(dense, x)
			w := fac.NewForce()
			got := make([]float64, n)
			w.Force(got, x)
			requireNearReference(t, want, got, fmt.Sprintf("mode %d, %s", mode, name))
			rev := make([]float64, n)
			w.Load(x)
			for t := w.Tiles() - 1; t >= 0; t-- {
				w.Tile(t)
			}
			for b := w.Blocks() - 1; b >= 0; b-- {
				w.Combine(rev, b, b+1)
			}
			require.Equal(t, bits(got), bits(rev), "mode %d, %s: tile and block order", mode, name)
		}
	}
}

// TestFactoredForceChoice: the pass depends only on the inputs — one
// source in 100 is evaluated source-major from the row cache (its 50 rows
// filled on the first load, in 20×20 tasks as every one of the 20 blocks
// has some; none on the next), every source by the tile
// pass — and the bits of either do not depend on the goroutines: two
// goroutines taking parts and blocks from a shared counter give the bits of
// one, over many repetitions. N = 5 000 has 20 blocks, so sources lie in
// blocks above and below each destination.
func TestFactoredForceChoice(t *testing.T) {
	const n = 5000
	fac, err := DefaultGravity().Factored(randomTable(n, 9), FactoredOptions{Workers: 2})
	require.NoError(t, err)
	for _, tc := range []struct {
		every       int
		first, next int // Tiles() on the first and later loads
	}{{100, 20 * 20, 0}, {1, len(fac.tiles), len(fac.tiles)}} {
		x := make([]float64, n)
		for i := 3; i < n; i += tc.every {
			x[i] = float64(i%7+1) * 8.02
		}
		w := fac.NewForce()
		w.Load(x)
		assert.Equal(t, tc.first, w.Tiles(), "every %d: first load", tc.every)
		want := make([]float64, n)
		shared2(w.Tiles(), w.Tile)
		w.Combine(want, 0, w.Blocks())
		for rep := range 20 {
			got := make([]float64, n)
			w.Load(x)
			require.Equal(t, tc.next, w.Tiles(), "every %d: later loads", tc.every)
			shared2(w.Tiles(), w.Tile)
			shared2(w.Blocks(), func(b int) { w.Combine(got, b, b+1) })
			require.Equal(t, bits(want), bits(got), "every %d, repetition %d", tc.every, rep)
		}
	}
}

// TestFactoredRowCache: a sequence of loads whose active sets drift (some
// sources stay, some leave, new ones come; more distinct sources overall
// than the cache holds, so rows are evicted and reused) is evaluated from
// the row cache, and every load gives the bits of a fresh evaluator (empty
// cache: the bits do not depend on the history, SPEC §7.5 rule 1 across
// snapshot/resume) and of the source-major pass from D (the same products
// in the same order), and a force within 1e−12 of the reference; the
// cache's slot map stays consistent. N = 700: 87 cached rows, 3 blocks.
func TestFactoredRowCache(t *testing.T) {
	scn := randomTable(700, 10)
	n := scn.Len()
	dense, err := DefaultGravity().Mixing(scn)
	require.NoError(t, err)
	fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	defer func(old forceMode) { passMode = old }(passMode)
	cached, fromD := fac.NewForce(), fac.NewForce()
	require.Equal(t, n/rowCacheDiv, cached.rc.capacity())
	r := rand.New(rand.NewPCG(3, 4))
	active := map[int]bool{} // iterated through slices.Sorted: deterministic
	for step := range 40 {
		// 40 active sources: each stays with probability 0.8 and new ones
		// arrive, so ~8 rows are filled per load (~360 distinct sources over
		// the run: rows are evicted). About 14 per block, below the 24 at
		// which the pass from D reads whole tiles (stridedCost·a < 3·32),
		// whose different summation order would change the bits.
		for _, i := range slices.Sorted(maps.Keys(active)) {
			if r.Float64() < 0.2 {
				delete(active, i)
			}
		}
		for len(active) < 40 {
			active[r.IntN(n)] = true
		}
		x := make([]float64, n)
		for i := range active {
			x[i] = float64(i%13+1) * 8.02
		}
		passMode = modeAuto
		got := make([]float64, n)
		cached.Force(got, x)
		require.True(t, cached.cached, "step %d: cached pass", step)
		fresh := make([]float64, n)
		fac.NewForce().Force(fresh, x)
		require.Equal(t, bits(fresh), bits(got), "step %d: bits independent of the cache's history", step)
		passMode = modeSourceMajor
		want := make([]float64, n)
		fromD.Force(want, x)
		require.Equal(t, bits(want), bits(got), "step %d: cached rows give the bits of D", step)
		for j := range n {
			var ref float64
			for _, i := range slices.Sorted(maps.Keys(active)) {
				ref += x[i] * dense.At(i, j)
			}
			require.InEpsilon(t, ref, got[j], 1e-12, "step %d: acc[%d]", step, j)
		}
		c := cached.rc
		for s, i := range c.owner {
			if i >= 0 {
				require.Equal(t, int32(s), c.slot[i], "step %d: slot map", step)
			}
		}
	}
}

// shared2 runs fn(0…n−1) on two goroutines taking indices from a shared
// counter (which goroutine runs which index varies from run to run).
func shared2(n int, fn func(k int)) {
	var next atomic.Int64
	work := func() {
		for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
			fn(k)
		}
	}
	var wg sync.WaitGroup
	wg.Go(work)
	work()
	wg.Wait()
}

// TestFactoredErrors: the factored build reports the errors of the dense
// one (SPEC §7.2–§7.3, AT-15).
func TestFactoredErrors(t *testing.T) {
	coincident := newTable([]string{"a", "b", "c", "d"}, []int64{1000, 2000, 3000, 4000},
		[]float64{0, 1, 0, 1}, []float64{0, 1, 2, 1})
	for name, tc := range map[string]struct {
		scn *scenario.Table
		g   Gravity
	}{
		"coincident":  {coincident, DefaultGravity()},
		"row sum > 1": {newTable([]string{"big", "small"}, []int64{100000, 500}, []float64{40, 34}, []float64{4, 10}), DefaultGravity()},
		"bad k":       {twoPatch(), Gravity{A: 1, B: 1, C: 1.5, K: 2}},
		"no patches":  {newTable(nil, nil, nil, nil), DefaultGravity()},
	} {
		_, want := tc.g.Mixing(tc.scn)
		require.Error(t, want, name)
		for _, workers := range []int{1, 3} {
			_, got := tc.g.Factored(tc.scn, FactoredOptions{Workers: workers})
			require.Error(t, got, name)
			if name == "row sum > 1" { // the sum is printed: equal up to rounding
				assert.Contains(t, got.Error(), `mixing: migration row 1 ("small") sums to `, name)
				continue
			}
			assert.Equal(t, want.Error(), got.Error(), name)
		}
	}
}

// TestFactoredEdgeCases: one patch gives [[1]]; a zero pop gives no NaN and
// rows summing to 1; coincident patches are fine with c = 0.
func TestFactoredEdgeCases(t *testing.T) {
	one := newTable([]string{"only"}, []int64{5000}, []float64{1}, []float64{2})
	fac, err := DefaultGravity().Factored(one, FactoredOptions{Workers: 1})
	require.NoError(t, err)
	assert.Equal(t, 1.0, fac.At(0, 0))
	acc := []float64{0}
	fac.NewForce().Force(acc, []float64{3})
	assert.Equal(t, 3.0, acc[0])

	zero := newTable([]string{"a", "b", "c"}, []int64{0, 2000, 3000}, []float64{0, 0, 0}, []float64{0, 1, 3})
	for _, g := range []Gravity{DefaultGravity(), {A: 2, B: 1, C: 1.5, K: 0.01}} {
		fac, err = g.Factored(zero, FactoredOptions{Workers: 1})
		require.NoError(t, err)
		want, err := g.Mixing(zero)
		require.NoError(t, err)
		for i := range 3 {
			s := 0.0
			for j := range 3 {
				v := fac.At(i, j)
				require.False(t, math.IsNaN(v))
				assert.InDelta(t, want.At(i, j), v, 1e-15, "%+v M[%d,%d]", g, i, j)
				s += v
			}
			assert.InDelta(t, 1, s, 1e-12)
		}
	}

	same := newTable([]string{"a", "b"}, []int64{1000, 2000}, []float64{0, 0}, []float64{0, 0})
	_, err = Gravity{A: 1, B: 1, C: 0, K: 0.15}.Factored(same, FactoredOptions{Workers: 1})
	require.NoError(t, err)
}

// TestFactoredFloat32: float32 storage of D (the opt-in of SPEC §7.5) halves
// the stored bytes, keeps rows summing to 1, and moves each entry and the
// force by at most a few float32 roundings: D_ij and R_j each carry ≤ 2^−24
// (6e−8) relative, so M and λ within 2e−7 relative (the measured worst is
// logged). The build is the same for any number of workers.
func TestFactoredFloat32(t *testing.T) {
	scn := randomTable(600, 6)
	f64, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	f32, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2, Float32: true})
	require.NoError(t, err)
	require.True(t, f32.Float32())
	require.False(t, f64.Float32())
	assert.Equal(t, f64.StoredBytes()/2, f32.StoredBytes())
	n := scn.Len()
	worstM := 0.0
	for i := range n {
		s := 0.0
		for j := range n {
			v := f32.At(i, j)
			s += v
			worstM = max(worstM, math.Abs(v-f64.At(i, j))/f64.At(i, j))
		}
		require.InDelta(t, 1, s, 1e-12, "row %d", i)
	}
	require.LessOrEqual(t, worstM, 2e-7)
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i%11) * 8.02
	}
	want, got := make([]float64, n), make([]float64, n)
	f64.NewForce().Force(want, x)
	f32.NewForce().Force(got, x)
	worst := 0.0
	for j := range n {
		worst = max(worst, math.Abs(got[j]-want[j])/want[j])
	}
	t.Logf("float32 storage: worst relative error %.3g in M, %.3g in the force (N = %d)", worstM, worst, n)
	require.LessOrEqual(t, worst, 2e-7)
	for _, workers := range []int{1, 7} {
		other, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: workers, Float32: true})
		require.NoError(t, err)
		require.Equal(t, f32.data32, other.data32, "workers %d", workers)
		require.Equal(t, bits(f32.diag), bits(other.diag), "workers %d", workers)
	}
}

// TestFactoredSparseTilesBitIdentical: reading tiles sparsely (few active
// sources) gives the bits of full tile reads, for float64 and float32
// storage, from one active source to every tenth.
func TestFactoredSparseTilesBitIdentical(t *testing.T) {
	scn := randomTable(700, 8)
	for _, f32 := range []bool{false, true} {
		fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2, Float32: f32})
		require.NoError(t, err)
		n := scn.Len()
		for _, every := range []int{701, 97, 31, 10, 3} {
			x := make([]float64, n)
			for i := 5; i < n; i += every {
				x[i] = float64(i%13+1) * 8.02
			}
			full, sparse := make([]float64, n), make([]float64, n)
			passMode = modeTiles // this test is about the tile pass
			defer func() { passMode = modeAuto }()
			sparseTiles = false
			fac.NewForce().Force(full, x)
			sparseTiles = true
			fac.NewForce().Force(sparse, x)
			require.Equal(t, bits(full), bits(sparse), "float32 %v, every %d-th source", f32, every)
		}
	}
}

// TestFactoredFloat32SourceMajor: the source-major pass on float32 storage
// (both branches: every 37th source reads strided columns, every source
// whole tiles) stays within TestFactoredFloat32's 2e−7 relative of the
// float64 force, the bound of two float32 roundings (D and R_j).
func TestFactoredFloat32SourceMajor(t *testing.T) {
	scn := randomTable(600, 6)
	f64, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	f32, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2, Float32: true})
	require.NoError(t, err)
	defer func(old forceMode) { passMode = old }(passMode)
	n := scn.Len()
	for _, every := range []int{37, 1} {
		x := make([]float64, n)
		for i := 0; i < n; i += every {
			x[i] = float64(i%11+1) * 8.02
		}
		want, got := make([]float64, n), make([]float64, n)
		passMode = modeTiles
		f64.NewForce().Force(want, x)
		passMode = modeSourceMajor
		f32.NewForce().Force(got, x)
		for j := range n {
			require.InEpsilon(t, want[j], got[j], 2e-7, "every %d: acc[%d]", every, j)
		}
	}
}

// TestFactoredRowCacheFill: the cached rows are D's rows exactly, for both
// ways of filling the column part — one strided walk per source (few
// sources in a block) and one streaming pass over the tile (every 3rd patch
// of block 1: 86 sources, above the 24 where streaming is modelled
// cheaper) — and the force is within 1e−12 of the reference. N = 700: 87
// cached rows.
func TestFactoredRowCacheFill(t *testing.T) {
	scn := randomTable(700, 11)
	n := scn.Len()
	dense, err := DefaultGravity().Mixing(scn)
	require.NoError(t, err)
	fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	for name, active := range map[string]func(i int) bool{
		"few per block":   func(i int) bool { return i%50 == 7 },
		"block 1 crowded": func(i int) bool { return i >= 256 && i < 512 && i%3 == 0 },
	} {
		x := make([]float64, n)
		for i := range x {
			if active(i) {
				x[i] = float64(i%13+1) * 8.02
			}
		}
		w := fac.NewForce()
		got := make([]float64, n)
		w.Force(got, x)
		require.True(t, w.cached, "%s: cached pass", name)
		for _, i := range w.rc.act {
			row := w.rc.row(i)
			for j := range n {
				require.Equal(t, fac.D(int(i), j), row[j], "%s: cached D[%d,%d]", name, i, j)
			}
		}
		for j := range n {
			var ref float64
			for i := range n {
				ref += x[i] * dense.At(i, j)
			}
			require.InEpsilon(t, ref, got[j], 1e-12, "%s: acc[%d]", name, j)
		}
	}
}
