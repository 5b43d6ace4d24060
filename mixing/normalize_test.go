package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalize(t *testing.T) {
	// Raw mean-field kernel of SPEC §7.3 for pops 1000, 2000, 3000 (a = b = 1,
	// c = 0: W[i,j] = p_j, i ≠ j): R = [5000, 4000, 3000]; with k = 0.15,
	// mig[i,j] = p_j·k/R_j = [[0, 0.075, 0.15], [0.03, 0, 0.15], [0.03,
	// 0.075, 0]] (the pinned values).
	w := []float64{
		0, 2000, 3000,
		1000, 0, 3000,
		1000, 2000, 0,
	}
	want := [][]float64{{0, 0.075, 0.15}, {0.03, 0, 0.15}, {0.03, 0.075, 0}}
	dense, err := NewDense(3, append([]float64(nil), w...))
	require.NoError(t, err)
	for _, in := range []*Matrix{dense, dense.ToCSR()} {
		mig, err := Normalize(in, 0.15)
		require.NoError(t, err)
		assert.Equal(t, in.IsSparse(), mig.IsSparse(), "storage form kept")
		for i := range want {
			for j := range want[i] {
				assert.InDelta(t, want[i][j], mig.At(i, j), 1e-12, "mig[%d,%d]", i, j)
			}
		}
		// The input is not modified.
		assert.Equal(t, 2000.0, in.At(0, 1))

		mix, err := MixingFromMigration(mig, []string{"x", "y", "z"})
		require.NoError(t, err)
		assert.Equal(t, in.IsSparse(), mix.IsSparse())
		// SPEC §7.3: diagonal of M 0.775, 0.82, 0.895.
		for i, d := range []float64{0.775, 0.82, 0.895} {
			assert.InDelta(t, d, mix.At(i, i), 1e-12)
		}
		requireRowsSumToOne(t, mix)
		assert.Zero(t, mig.At(1, 1), "MixingFromMigration does not modify its input")
	}
}

func TestNormalizeZeroRow(t *testing.T) {
	// SPEC §7.3: R_j = 0 → factor 0 (the reference yields NaN). Row 0 of W
	// is empty, so column 0 of mig is 0 even though W[1,0] > 0; the diagonal
	// of W (7, 9) is ignored, also in the row sums.
	w, err := NewDense(2, []float64{7, 0, 5, 9})
	require.NoError(t, err)
	mig, err := Normalize(w, 0.5)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0, 0}, {0, 0}}, rows(mig))
}

func TestNormalizeErrors(t *testing.T) {
	ok, err := NewDense(2, []float64{0, 1, 1, 0})
	require.NoError(t, err)
	_, err = Normalize(ok, 1.5)
	require.ErrorContains(t, err, "k = 1.5 must be in [0, 1]")
	_, err = Normalize(ok, math.NaN())
	require.ErrorContains(t, err, "k = NaN")
	neg, err := NewDense(2, []float64{0, -1, 1, 0})
	require.NoError(t, err)
	_, err = Normalize(neg, 0.1)
	require.ErrorContains(t, err, "raw kernel entry [0][1] = -1 is negative")
	inf, err := NewDense(2, []float64{0, 1, math.Inf(1), 0})
	require.NoError(t, err)
	_, err = Normalize(inf, 0.1)
	require.ErrorContains(t, err, "raw kernel entry [1][0] = +Inf is not finite")
	mx := math.MaxFloat64
	big, err := NewDense(3, []float64{0, 1, 1, mx, 0, mx, 1, 1, 0})
	require.NoError(t, err)
	_, err = Normalize(big, 0.1)
	require.ErrorContains(t, err, "raw kernel row 1 sums to +Inf")
}

func TestMixingFromMigration(t *testing.T) {
	// M = mig with M[i,i] = 1 − Σ_{j≠i} mig[i,j]; mig's own diagonal is
	// ignored (SPEC §7.3).
	mig, err := NewDense(2, []float64{0.3, 0.25, 0.5, 0})
	require.NoError(t, err)
	mix, err := MixingFromMigration(mig, nil)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0.75, 0.25}, {0.5, 0.5}}, rows(mix))

	// A CSR migration without stored diagonal gets one.
	sp, err := NewCSR(2, []int{0, 1, 1}, []int32{1}, []float64{0.25})
	require.NoError(t, err)
	mix, err = MixingFromMigration(sp, nil)
	require.NoError(t, err)
	assert.True(t, mix.IsSparse())
	assert.Equal(t, [][]float64{{0.75, 0.25}, {0, 1}}, rows(mix))

	// Row sum > 1 (strict) → the SPEC §7.3 error; exactly 1 is fine.
	over, err := NewDense(3, []float64{0, 0.5, 0.5, 0.75, 0, 0.5, 0, 0, 0})
	require.NoError(t, err)
	_, err = MixingFromMigration(over, []string{"a", "x", "c"})
	require.EqualError(t, err, `mixing: migration row 1 ("x") sums to 1.25 > 1`)
	_, err = MixingFromMigration(over.ToCSR(), nil)
	require.EqualError(t, err, `mixing: migration row 1 sums to 1.25 > 1`)

	bad, err := NewDense(1, []float64{math.NaN()})
	require.NoError(t, err)
	_, err = MixingFromMigration(bad, nil)
	require.ErrorContains(t, err, "migration matrix entry [0][0] = NaN is not finite")
}
