package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// shape is one product of the tests: V is m×k, X is k×w with row stride xs,
// Y is m×w with row stride ys, a fraction zeroRows of X's rows 0 (whole
// rows, which the packing skips) and zeroCells of the other entries 0.
type shape struct {
	m, k, w, xs, ys     int
	zeroRows, zeroCells float64
}

// shapes cover the tile's edges: tileRows = 12 and tileCols = 16, so m of
// 1, 11, 12, 13, 25 and w of 1, 15, 16, 17, 33 fall below, on and past a
// tile; stride > w; k = 0 and 1; X all zero; and the coupling's 954 places
// × 40 of the 1 000 replicates of a J = 1 000 filter (systems/compartmental).
var shapes = []shape{
	{m: 1, k: 1, w: 1, xs: 1, ys: 1},
	{m: 1, k: 0, w: 3, xs: 3, ys: 3},
	{m: 11, k: 7, w: 15, xs: 20, ys: 17},
	{m: 12, k: 12, w: 16, xs: 16, ys: 16},
	{m: 13, k: 13, w: 17, xs: 40, ys: 19, zeroRows: 0.3},
	{m: 25, k: 31, w: 33, xs: 33, ys: 50, zeroRows: 0.5, zeroCells: 0.5},
	{m: 40, k: 40, w: 5, xs: 1000, ys: 1000, zeroRows: 0.9},
	{m: 7, k: 300, w: 100, xs: 100, ys: 100, zeroCells: 0.8},
	{m: 954, k: 954, w: 40, xs: 1000, ys: 1000, zeroRows: 0.4, zeroCells: 0.2},
	{m: 13, k: 20, w: 18, xs: 18, ys: 18, zeroRows: 1}, // X all ±0: every panel empty, Y all +0
}

// randomProduct draws V (entries in [−1, 1), so that sums cancel and −0
// could arise) and X (in [0, 1) with the shape's zeros, some of them −0),
// and returns them with a Y filled with NaN (every element must be written).
func randomProduct(s shape, seed uint64) (v, x, y []float64) {
	r := rand.New(rand.NewPCG(seed, 7))
	v = make([]float64, s.m*s.k)
	for i := range v {
		v[i] = 2*r.Float64() - 1
	}
	x = make([]float64, max(0, (s.k-1)*s.xs+s.w))
	for k := range s.k {
		zeroRow := r.Float64() < s.zeroRows
		for c := range s.w {
			switch {
			case zeroRow || r.Float64() < s.zeroCells:
				x[k*s.xs+c] = math.Copysign(0, float64(r.IntN(2))-0.5)
			default:
				x[k*s.xs+c] = r.Float64()
			}
		}
	}
	y = make([]float64, (s.m-1)*s.ys+s.w)
	for i := range y {
		y[i] = math.NaN()
	}
	return v, x, y
}

// naiveFMA is the contract written out: every element a fold of math.FMA
// over all k in increasing order from +0, no term skipped.
func naiveFMA(s shape, v, x []float64) []float64 {
	y := make([]float64, s.m*s.w)
	for u := range s.m {
		for c := range s.w {
			acc := 0.0
			for k := range s.k {
				acc = math.FMA(v[u*s.k+k], x[k*s.xs+c], acc)
			}
			y[u*s.w+c] = acc
		}
	}
	return y
}

// withKernel runs f with the package's kernel set to fn.
func withKernel(fn kernelFunc, f func()) {
	saved := kernel
	kernel = fn
	defer func() { kernel = saved }()
	f()
}

// TestMulBitIdentical checks every kernel this CPU runs against the
// contract written out (naiveFMA, which skips no term), bit for bit, on
// the shapes: the same bits also show that skipping X's zero rows changes
// nothing. Y's elements outside the w columns must be left alone (NaN).
func TestMulBitIdentical(t *testing.T) {
	for _, impl := range kernelImpls() {
		for i, s := range shapes {
			t.Run(fmt.Sprintf("%s/%dx%dx%d", impl.name, s.m, s.k, s.w), func(t *testing.T) {
				v, x, y := randomProduct(s, uint64(i))
				want := naiveFMA(s, v, x)
				var scratch Scratch
				withKernel(impl.fn, func() { Pack(v, s.m, s.k).Mul(y, s.ys, x, s.xs, s.w, &scratch) })
				for u := range s.m {
					for c := range s.ys {
						k := u*s.ys + c
						if k >= len(y) {
							break
						}
						if c >= s.w {
							require.True(t, math.IsNaN(y[k]), "row %d column %d past w written", u, c)
							continue
						}
						require.Equal(t, math.Float64bits(want[u*s.w+c]), math.Float64bits(y[k]),
							"row %d column %d: %v, want %v", u, c, y[k], want[u*s.w+c])
					}
				}
			})
		}
	}
}

// TestMulAgainstPlainSum compares the product with the textbook triple loop
// (each product rounded, then added): both are within k·2⁻⁵³·Σ|V||X| of
// the exact sum (Higham, Accuracy and Stability of Numerical Algorithms,
// §3.1: γ_k ≤ k·u/(1−k·u) for a recursive sum of k terms, u = 2⁻⁵³), so
// they differ by at most twice that; 2.2 leaves room for the 1/(1−k·u).
func TestMulAgainstPlainSum(t *testing.T) {
	s := shape{m: 954, k: 954, w: 24, xs: 24, ys: 24, zeroRows: 0.3}
	v, x, y := randomProduct(s, 99)
	var scratch Scratch
	Pack(v, s.m, s.k).Mul(y, s.ys, x, s.xs, s.w, &scratch)
	for u := range s.m {
		for c := range s.w {
			sum, abs := 0.0, 0.0
			for k := range s.k {
				p := v[u*s.k+k] * x[k*s.xs+c]
				sum += p
				abs += math.Abs(p)
			}
			bound := 2.2 * float64(s.k) * 0x1p-53 * abs
			assert.InDelta(t, sum, y[u*s.ys+c], bound, "row %d column %d", u, c)
		}
	}
}

// TestMulColumnsIndependent checks that a column's result does not depend
// on the block of columns it is computed in: the coupling splits a
// filter's replicates into chunks, and its results must not depend on how.
func TestMulColumnsIndependent(t *testing.T) {
	s := shape{m: 30, k: 50, w: 45, xs: 45, ys: 45, zeroRows: 0.2, zeroCells: 0.3}
	v, x, whole := randomProduct(s, 5)
	p := Pack(v, s.m, s.k)
	var scratch Scratch
	p.Mul(whole, s.ys, x, s.xs, s.w, &scratch)
	part := make([]float64, len(whole))
	for c0 := 0; c0 < s.w; c0 += 7 { // 7: not a divisor of tileCols, so blocks straddle tiles
		p.Mul(part[c0:], s.ys, x[c0:], s.xs, min(7, s.w-c0), &scratch)
	}
	for i := range whole {
		require.Equal(t, math.Float64bits(whole[i]), math.Float64bits(part[i]), "element %d", i)
	}
}

// BenchmarkMulGonum is BenchmarkMul's dense product by gonum's
// blas64.Gemm (the coupling's product before this package; gonum splits
// it over GOMAXPROCS goroutines itself), for comparison.
func BenchmarkMulGonum(b *testing.B) {
	s := shape{m: 954, k: 954, w: 512, xs: 1000, ys: 1000}
	v, x, y := randomProduct(s, 1)
	for b.Loop() {
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: s.m, Cols: s.k, Stride: s.k, Data: v},
			blas64.General{Rows: s.k, Cols: s.w, Stride: s.xs, Data: x},
			0, blas64.General{Rows: s.m, Cols: s.w, Stride: s.ys, Data: y})
	}
	b.ReportMetric(2*float64(s.m*s.k*s.w)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkMul is one day's product of the 954-town coupling for 512 of
// the 1 000 replicates of a J = 1 000 filter (a worker's half of
// systems/compartmental's blocks), dense and with 60% of X's rows 0 (small
// towns without infectives), per kernel; it reports GFLOP/s of the dense
// product (2·954²·512 flops), whatever is skipped.
func BenchmarkMul(b *testing.B) {
	for _, impl := range kernelImpls() {
		for _, zero := range []float64{0, 0.6} {
			s := shape{m: 954, k: 954, w: 512, xs: 1000, ys: 1000, zeroRows: zero}
			b.Run(fmt.Sprintf("%s/zeroRows=%g", impl.name, zero), func(b *testing.B) {
				v, x, y := randomProduct(s, 1)
				p := Pack(v, s.m, s.k)
				var scratch Scratch
				withKernel(impl.fn, func() {
					for b.Loop() {
						p.Mul(y, s.ys, x, s.xs, s.w, &scratch)
					}
				})
				b.ReportMetric(2*float64(s.m*s.k*s.w)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
