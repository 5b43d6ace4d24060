package mixing

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// expKernel is the test user kernel: exponential decay
// W[i,j] = p_i^Origin·p_j^Dest·exp(−d_ij/Scale), normalised to K; Batch
// selects the batch form DecayRow.
type expKernel struct {
	Scale  float64 `json:"scale"`
	K      float64 `json:"k"`
	Origin float64 `json:"origin"`
	Dest   float64 `json:"dest"`
	Batch  bool    `json:"batch"`
}

// Name returns "test_exponential".
func (e expKernel) Name() string { return "test_exponential" }

// Kernel returns the exponential DistanceKernel (scale must be > 0).
func (e expKernel) Kernel() (DistanceKernel, error) {
	if !(e.Scale > 0) {
		return DistanceKernel{}, fmt.Errorf("mixing: test_exponential: scale = %v must be > 0", e.Scale)
	}
	s := e.Scale
	dk := DistanceKernel{Decay: func(d float64) float64 { return math.Exp(-d / s) }, OriginExp: e.Origin, DestExp: e.Dest, K: e.K}
	if e.Batch {
		dk.DecayRow = func(d, out []float64) {
			for k, v := range d {
				out[k] = math.Exp(-v / s)
			}
		}
	}
	return dk, nil
}

// funcKernel is a user kernel given by any decay function (for errors and
// for gravity written as a user kernel).
type funcKernel struct {
	decay          func(d float64) float64
	origin, dest   float64
	k              float64
	paramsErr      error
	noDecay, batch bool
}

// Name returns "test_func".
func (f funcKernel) Name() string { return "test_func" }

// Kernel returns the DistanceKernel of f (or f.paramsErr).
func (f funcKernel) Kernel() (DistanceKernel, error) {
	if f.paramsErr != nil {
		return DistanceKernel{}, f.paramsErr
	}
	dk := DistanceKernel{Decay: f.decay, OriginExp: f.origin, DestExp: f.dest, K: f.k}
	if f.noDecay {
		dk.Decay = nil
	}
	if f.batch {
		dk.DecayRow = func(d, out []float64) {
			for k, v := range d {
				out[k] = f.decay(v)
			}
		}
	}
	return dk, nil
}

// userKernels are the user kernels of the tests: the exponential decay at
// a 50 km scale (the random scenarios span about 450 km, so some entries
// underflow to 0 and most do not), its batch form, population exponents
// other than (0, 1), and a 500 km scale.
var userKernels = []expKernel{
	{Scale: 50, K: 0.01, Dest: 1},
	{Scale: 50, K: 0.01, Dest: 1, Batch: true},
	{Scale: 20, K: 0.005, Origin: 0.5, Dest: 0.8},
	{Scale: 500, K: 0.02, Dest: 1, Batch: true},
}

// naiveKernelMixing computes the mixing matrix of e on scn from the
// formulas of SPEC §7.2–§7.3 with explicit loops and Haversine.
func naiveKernelMixing(e expKernel, scn *scenario.Table) [][]float64 {
	n := scn.Len()
	w := make([][]float64, n)
	for i := range n {
		w[i] = make([]float64, n)
		for j := range n {
			if i != j {
				d := Haversine(scn.Lat[i], scn.Lon[i], scn.Lat[j], scn.Lon[j])
				w[i][j] = math.Pow(float64(scn.Pop[i]), e.Origin) * math.Pow(float64(scn.Pop[j]), e.Dest) * math.Exp(-d/e.Scale)
			}
		}
	}
	m := make([][]float64, n)
	for i := range n {
		m[i] = make([]float64, n)
		off := 0.0
		for j := range n {
			if r := sum(w[j]); i != j && r != 0 {
				m[i][j] = w[i][j] * e.K / r
				off += m[i][j]
			}
		}
		m[i][i] = 1 - off
	}
	return m
}

// TestKernelMatchesNaive: the dense matrix of a user kernel is the matrix
// of the formulas (SPEC §7.3) up to rounding: 1e−12 relative allows the
// different summation and multiplication orders (thousands of ulps; a
// wrong exponent or normalisation is off by far more); rows sum to 1.
func TestKernelMatchesNaive(t *testing.T) {
	for _, scn := range []*scenario.Table{randomTable(300, 7), collinear(), twoPatch()} {
		for _, e := range userKernels {
			want := naiveKernelMixing(e, scn)
			got, err := FromKernel(e).Mixing(scn)
			require.NoError(t, err)
			requireRowsSumToOne(t, got)
			for i, row := range want {
				for j, v := range row {
					if v == 0 {
						require.Zero(t, got.At(i, j), "%+v M[%d,%d]", e, i, j)
						continue
					}
					require.InEpsilon(t, v, got.At(i, j), 1e-12, "%+v M[%d,%d], N = %d", e, i, j, scn.Len())
				}
			}
		}
	}
}

// TestKernelTwoPatchPin: SPEC §7.3's two-patch pin holds for any distance
// kernel with exponents (0, 1): the distance cancels, M = [[0.995, 0.005],
// [0.02, 0.98]] for TwoPatch and k = 0.01 (1e−15: a few ulps of 1).
func TestKernelTwoPatchPin(t *testing.T) {
	want := [][]float64{{0.995, 0.005}, {0.02, 0.98}}
	for _, scale := range []float64{10, 1000} {
		mix := FromKernel(expKernel{Scale: scale, K: 0.01, Dest: 1})
		dense, err := mix.Mixing(twoPatch())
		require.NoError(t, err)
		fac, err := mix.Factored(twoPatch(), FactoredOptions{Workers: 1})
		require.NoError(t, err)
		for i, row := range want {
			for j, v := range row {
				assert.InDelta(t, v, dense.At(i, j), 1e-15, "dense, scale %v [%d][%d]", scale, i, j)
				assert.InDelta(t, v, fac.At(i, j), 1e-15, "factored, scale %v [%d][%d]", scale, i, j)
			}
		}
	}
}

// TestKernelFactoredMatchesDense: as TestFactoredMatchesDense for gravity,
// the factored form of a user kernel equals its dense matrix up to
// rounding (1e−13 relative: the builds share D and differ in the rounding
// of R_j and f·g·D), its Migration is the dense matrix with diagonal 0,
// and rows of the factored matrix sum to 1. N = 600 has a partial last
// block.
func TestKernelFactoredMatchesDense(t *testing.T) {
	for _, scn := range []*scenario.Table{randomTable(600, 3), collinear(), twoPatch()} {
		for _, e := range userKernels {
			mix := FromKernel(e)
			want, err := mix.Mixing(scn)
			require.NoError(t, err)
			mig, err := mix.Migration(scn)
			require.NoError(t, err)
			fac, err := mix.Factored(scn, FactoredOptions{Workers: 2})
			require.NoError(t, err)
			n := scn.Len()
			for i := range n {
				s := 0.0
				for j := range n {
					got := fac.At(i, j)
					s += got
					if i != j {
						require.Equal(t, want.At(i, j), mig.At(i, j), "%+v mig[%d,%d]", e, i, j)
					} else {
						require.Zero(t, mig.At(i, i))
					}
					if want.At(i, j) == 0 {
						require.Zero(t, got, "%+v M[%d,%d]", e, i, j)
						continue
					}
					require.InEpsilon(t, want.At(i, j), got, 1e-13, "%+v M[%d,%d], N = %d", e, i, j, n)
				}
				require.InDelta(t, 1, s, 1e-12, "%+v row %d sums to 1", e, i)
			}
		}
	}
}

// TestKernelGravityBitIdentical: gravity written as a user kernel (Decay
// 1/(d·√d), exponents a − 1 = 0 and b = 1) gives the bits of [Gravity]
// (the SIMD distance rows and the scalar decay are the fused gravity row
// kernel bit for bit), dense, factored and truncated.
func TestKernelGravityBitIdentical(t *testing.T) {
	scn := randomTable(400, 9)
	for _, batch := range []bool{false, true} {
		user := FromKernel(funcKernel{decay: distanceDecay(1.5), dest: 1, k: 0.01, batch: batch})
		g := DefaultGravity()
		want, err := g.Mixing(scn)
		require.NoError(t, err)
		got, err := user.Mixing(scn)
		require.NoError(t, err)
		requireSameMatrix(t, want, got)

		wf, err := g.Factored(scn, FactoredOptions{Workers: 2})
		require.NoError(t, err)
		gf, err := user.Factored(scn, FactoredOptions{Workers: 2})
		require.NoError(t, err)
		require.Equal(t, bits(wf.data), bits(gf.data), "D")
		require.Equal(t, bits(wf.g), bits(gf.g), "g")
		require.Equal(t, bits(wf.diag), bits(gf.diag), "diag")

		opt := Truncation{TopK: 7}
		wt, err := Truncated(g, opt).Mixing(scn)
		require.NoError(t, err)
		gt, err := Truncated(user, opt).Mixing(scn)
		require.NoError(t, err)
		requireSameMatrix(t, wt, gt)
	}
}

// TestKernelDeterministic (SPEC §7.5 rule 1): the factored build of a user
// kernel has the same bits for any number of workers and any GOMAXPROCS,
// and so has its force (tiles and destination blocks in any order); the
// dense build too.
func TestKernelDeterministic(t *testing.T) {
	scn := randomTable(700, 4)
	mix := FromKernel(userKernels[1])
	x := make([]float64, scn.Len())
	for i := range x {
		if i%5 != 0 {
			x[i] = float64(i%11+1) * 3.7
		}
	}
	type result struct {
		data, g, diag, force []uint64
		dense                *Matrix
	}
	build := func(procs, workers int) result {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		fac, err := mix.Factored(scn, FactoredOptions{Workers: workers})
		require.NoError(t, err)
		w := fac.NewForce()
		acc := make([]float64, scn.Len())
		w.Load(x)
		for k := w.Tiles() - 1; k >= 0; k-- {
			w.Tile(k)
		}
		for b := w.Blocks() - 1; b >= 0; b-- {
			w.Combine(acc, b, b+1)
		}
		dense, err := mix.Mixing(scn)
		require.NoError(t, err)
		return result{bits(fac.data), bits(fac.g), bits(fac.diag), bits(acc), dense}
	}
	ref := build(1, 1)
	for _, c := range []struct{ procs, workers int }{{2, 2}, {4, 7}, {3, 0}} {
		got := build(c.procs, c.workers)
		require.Equal(t, ref.data, got.data, "D, %+v", c)
		require.Equal(t, ref.g, got.g, "g, %+v", c)
		require.Equal(t, ref.diag, got.diag, "diag, %+v", c)
		require.Equal(t, ref.force, got.force, "force, %+v", c)
		requireSameMatrix(t, ref.dense, got.dense)
	}
}

// TestKernelForceMatchesReference: the factored force of a user kernel is
// within 1e−12 relative of the reference order on its dense matrix (SPEC
// §7.5 rule 2) in every pass, with all and few sources active.
func TestKernelForceMatchesReference(t *testing.T) {
	scn := randomTable(600, 5)
	mix := FromKernel(userKernels[2])
	dense, err := mix.Mixing(scn)
	require.NoError(t, err)
	fac, err := mix.Factored(scn, FactoredOptions{Workers: 2})
	require.NoError(t, err)
	n := scn.Len()
	defer func(old forceMode) { passMode = old }(passMode)
	for _, mode := range []forceMode{modeAuto, modeTiles, modeSourceMajor} {
		passMode = mode
		for _, every := range []int{1, 3, 37} {
			x := make([]float64, n)
			for i := 0; i < n; i += every {
				x[i] = float64(i%13+1) * 8.02
			}
			want := referenceForce(dense, x)
			got := make([]float64, n)
			fac.NewForce().Force(got, x)
			requireNearReference(t, want, got, fmt.Sprintf("mode %d, every %d", mode, every))
		}
	}
}

// TestKernelForceAllocs: a force evaluation on a user kernel's factored
// matrix allocates nothing, as on gravity's.
func TestKernelForceAllocs(t *testing.T) {
	scn := randomTable(600, 6)
	x := make([]float64, scn.Len())
	for i := range x {
		x[i] = float64(i % 3)
	}
	acc := make([]float64, scn.Len())
	for _, mix := range []FactoredMixer{DefaultGravity(), FromKernel(userKernels[0])} {
		fac, err := mix.Factored(scn, FactoredOptions{Workers: 1})
		require.NoError(t, err)
		w := fac.NewForce()
		assert.Zero(t, testing.AllocsPerRun(20, func() { w.Force(acc, x) }), mix.Name())
	}
}

// TestKernelTruncated (SPEC §7.6): a truncated user kernel is built row by
// row with the bits of Truncate on its dense matrix.
func TestKernelTruncated(t *testing.T) {
	scn := randomTable(300, 8)
	for _, e := range userKernels {
		dense, err := FromKernel(e).Mixing(scn)
		require.NoError(t, err)
		for _, opt := range []Truncation{{TopK: 10}, {MinWeight: 1e-5}, {TopK: 3, Renorm: RenormDiagonal}} {
			want, wantRep, err := Truncate(dense, opt)
			require.NoError(t, err)
			got, gotRep, err := Truncated(FromKernel(e), opt).(ReportingMixer).MixingReport(scn)
			require.NoError(t, err)
			requireSameMatrix(t, want, got)
			assert.Equal(t, wantRep, gotRep)
		}
	}
}
