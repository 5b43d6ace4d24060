package mixing

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// batchDensities are the fractions of active sources the batch tests draw
// vectors from: none, a handful (the cached or source-major pass), about
// 1/8 (around the row cache's capacity N/8), and many or all (the tile
// pass), so batches mix vectors of every pass.
var batchDensities = []float64{0, 0.005, 0.03, 0.12, 0.4, 1}

// batchVectors draws R source vectors of n values, vector r with density
// batchDensities[(r+shift) mod len], values like c·I (c = 8.02, I ≤ 13).
func batchVectors(rnd *rand.Rand, R, n, shift int) [][]float64 {
	xs := make([][]float64, R)
	for r := range xs {
		p := batchDensities[(r+shift)%len(batchDensities)]
		x := make([]float64, n)
		for i := range x {
			if rnd.Float64() < p {
				x[i] = float64(rnd.IntN(13)+1) * 8.02
			}
		}
		xs[r] = x
	}
	return xs
}

// TestBatchForceMatchesSingle: for R = 1…17 vectors mixing every pass, the
// batched force of each vector is bit for bit the single evaluator's
// (NewForce, with its row cache and sparse tile reads), for float64 and
// float32 storage and two sizes (N = 600: three blocks; N = 1 100: five
// blocks, the last one partial), evaluated sequentially and on two
// goroutines taking tiles and blocks in any order; and the batch does
// take the batched tile pass and the source-major passes; with batching
// off (CPUs without the assembly kernel), every vector's own pass gives
// the same bits.
func TestBatchForceMatchesSingle(t *testing.T) {
	defer func(old bool) { batchTiles = old }(batchTiles)
	for _, batched := range []bool{true, false} {
		batchTiles = batched
		testBatchForce(t, batched)
	}
}

// testBatchForce is TestBatchForceMatchesSingle with batching on (the
// batched tile kernel in use: assembly where the CPU has it) or off (every
// vector its own pass).
func testBatchForce(t *testing.T, batched bool) {
	for _, n := range []int{600, 1100} {
		scn := randomTable(n, 21)
		for _, f32 := range []bool{false, true} {
			fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 2, Float32: f32})
			require.NoError(t, err)
			passes := map[string]bool{}
			for R := 1; R <= 17; R++ {
				t.Run(fmt.Sprintf("batched=%v/N=%d/float32=%v/R=%d", batched, n, f32, R), func(t *testing.T) {
					rnd := rand.New(rand.NewPCG(uint64(R), uint64(n)))
					b := fac.NewBatchForce(R)
					for step := range 3 { // the evaluators keep state across loads
						xs := batchVectors(rnd, R, n, step+R)
						want := make([][]float64, R)
						for r, x := range xs {
							want[r] = make([]float64, n)
							fac.NewForce().Force(want[r], x)
						}
						got, par := make([][]float64, R), make([][]float64, R)
						for r := range got {
							got[r], par[r] = make([]float64, n), make([]float64, n)
						}
						b.Force(got, xs)
						for r := range R {
							passes[b.Member(r).Pass()] = true
							require.Equal(t, bits(want[r]), bits(got[r]), "step %d, vector %d (%s pass)", step, r, b.Member(r).Pass())
						}
						b.Load(xs)
						shared2(b.Tiles(), b.Tile)
						shared2(b.Blocks(), func(k int) { b.Combine(par, k, k+1) })
						for r := range R {
							require.Equal(t, bits(want[r]), bits(par[r]), "step %d, vector %d, two goroutines", step, r)
						}
					}
				})
			}
			require.True(t, passes["tiles"], "N=%d float32=%v: some vector takes the tile pass (%v)", n, f32, passes)
			require.True(t, passes["source-major"], "N=%d float32=%v: some vector takes the source-major pass (%v)", n, f32, passes)
			if !f32 { // float32 storage has no row cache
				require.True(t, passes["cached"], "N=%d: some vector takes the cached pass (%v)", n, passes)
			}
		}
	}
}

// TestBatchTileKernels: every batched tile kernel this CPU runs, float64
// and float32, gives the bits of the single tile kernel applied to each
// vector, on random tiles (odd and even row counts: the assembly takes rows
// in pairs; widths 8…256) and G = 8, 16, 24 vectors (one to three chunks).
func TestBatchTileKernels(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, shape := range []struct{ rows, cols, G int }{{1, 8, 8}, {256, 256, 16}, {37, 120, 24}, {200, 64, 8}} {
		d64 := make([]float64, shape.rows*shape.cols)
		d32 := make([]float32, len(d64))
		for k := range d64 {
			d64[k] = rnd.Float64()
			d32[k] = float32(rnd.Float64())
		}
		for _, impl := range batchTileImpls() {
			checkBatchTile(t, "float64 "+impl.name, impl.fn, tileKernel, d64, shape.rows, shape.cols, shape.G, rnd)
		}
		for _, impl := range batchTile32Impls() {
			checkBatchTile(t, "float32 "+impl.name, impl.fn, tileKernel32, d32, shape.rows, shape.cols, shape.G, rnd)
		}
	}
}

// checkBatchTile runs the batched kernel fn on tile d (rows×cols) for G
// random vectors and compares every output with the single kernel on each
// vector, bit for bit.
func checkBatchTile[E element](t *testing.T, name string, fn batchTileFuncOf[E],
	single func(d []E, stride int, yRow, yCol, z, dots []float64), d []E, rows, cols, G int, rnd *rand.Rand) {
	t.Helper()
	yRow, yCol := make([]float64, rows*G), make([]float64, cols*G)
	for k := range yRow {
		yRow[k] = rnd.Float64() * 100
	}
	for k := range yCol {
		yCol[k] = rnd.Float64() * 100
	}
	z, dots := make([]float64, cols*G), make([]float64, rows*G)
	for k := range z { // z holds earlier partial sums
		z[k] = rnd.Float64()
	}
	z0 := append([]float64(nil), z...)
	fn(d, cols, rows, cols, G, yRow, yCol, z, dots)
	for g := range G {
		yr, yc := make([]float64, rows), make([]float64, cols)
		for i := range yr {
			yr[i] = yRow[i*G+g]
		}
		for j := range yc {
			yc[j] = yCol[j*G+g]
		}
		wz, wd := make([]float64, cols), make([]float64, rows)
		for j := range wz {
			wz[j] = z0[j*G+g]
		}
		single(d, cols, yr, yc, wz, wd)
		for j := range wz {
			require.Equal(t, bits(wz[j:j+1]), bits(z[j*G+g:j*G+g+1]), "%s %d×%d G=%d: z[%d] of vector %d", name, rows, cols, G, j, g)
		}
		for i := range wd {
			require.Equal(t, bits(wd[i:i+1]), bits(dots[i*G+g:i*G+g+1]), "%s %d×%d G=%d: dots[%d] of vector %d", name, rows, cols, G, i, g)
		}
	}
}
