package main

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestCustommixerRuns runs the program twice: the output is the same both
// times (fixed seed), the printed row is a mixing row (16 entries, diagonal
// 1 − the rest, the same-row neighbours 0:1, 0:2, 0:3 decreasing with
// distance), every row sums to 1 within rounding, the run infects
// people, and its force used the factored form of the kernel.
func TestCustommixerRuns(t *testing.T) {
	var out, again bytes.Buffer
	require.NoError(t, run(&out, t.TempDir()))
	require.NoError(t, run(&again, t.TempDir()))
	assert.Equal(t, out.String(), again.String(), "fixed seed, same output")

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 5, out.String())

	_, rowText, ok := strings.Cut(lines[0], `row "0:0": [`)
	require.True(t, ok, lines[0])
	fields := strings.Fields(strings.TrimSuffix(rowText, "]"))
	require.Len(t, fields, gridSize*gridSize)
	row := make([]float64, len(fields))
	rest := 0.0
	for j, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		require.NoError(t, err)
		row[j] = v
		if j > 0 {
			rest += v
		}
	}
	// Printed with 5 decimals: 16 roundings of ≤ 5e-6 each.
	assert.InDelta(t, 1-rest, row[0], 16*5e-6, "diagonal = 1 − Σ off-diagonal")
	assert.Greater(t, row[1], row[2])
	assert.Greater(t, row[2], row[3])

	assert.True(t, strings.HasPrefix(lines[1], "rows sum to 1: max |sum − 1| = "), lines[1])
	dev, err := strconv.ParseFloat(lines[1][strings.LastIndex(lines[1], " ")+1:], 64)
	require.NoError(t, err)
	assert.LessOrEqual(t, dev, 1e-12, "16 float64 additions round to ~1e-16")

	assert.Contains(t, lines[2], `mixer "exponential": `)
	infections, err := strconv.ParseInt(strings.Fields(strings.TrimPrefix(lines[2], `mixer "exponential": `))[0], 10, 64)
	require.NoError(t, err)
	assert.Positive(t, infections, "importation seeds an epidemic")
	// 16 patches in one 256-patch tile, rows padded to 16: 16·16 float64s.
	assert.True(t, strings.HasPrefix(lines[3], "force: factored (D stored once, 2048 bytes), max |M − dense| = "), lines[3])
	dev, err = strconv.ParseFloat(lines[3][strings.LastIndex(lines[3], " ")+1:], 64)
	require.NoError(t, err)
	assert.LessOrEqual(t, dev, 1e-15, "the factored and dense builds differ by rounding only (entries ≤ 1)")
	assert.Equal(t, fmt.Sprintf("run.toml, resumed from a snapshot: %d infections", infections), lines[4],
		"the run file and its snapshot resume give the Go run's infections")
}

// TestExponentialKernelTwoPatch checks a hand computation: with two
// patches, W[0,1] = p1·e^(−d/s) and R_1 = W[1,0] = p0·e^(−d/s), so
// mig[0,1] = k·p1/p0 whatever the scale (SPEC §7.3 column scaling), and
// mig[1,0] = k·p0/p1. TwoPatch(100000): p0 = 100000, p1 = 50000, k = 0.01 →
// mig[0,1] = 0.005, mig[1,0] = 0.02, as the gravity pin of SPEC §7.3. (The
// patches are 853 km apart; below scale ≈ 853/745 km, e^(−d/s) underflows to
// 0 and the patches do not mix at all, so the scales tested are larger.)
func TestExponentialKernelTwoPatch(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	for _, scale := range []float64{10, 100, 1e4} {
		m, err := mixing.FromKernel(ExponentialKernel{Scale: scale, K: 0.01}).Mixing(scn)
		require.NoError(t, err)
		want := [][]float64{{0.995, 0.005}, {0.02, 0.98}}
		for i := range 2 {
			for j := range 2 {
				assert.InDelta(t, want[i][j], m.At(i, j), 1e-15, "scale %v [%d][%d]", scale, i, j)
			}
		}
	}
}

// TestExponentialKernelThreePatch recomputes the matrix from the formula
// with explicit loops over Haversine distances (three points on the
// equator, 1° and 2° apart, pops 1000, 2000, 3000).
func TestExponentialKernelThreePatch(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"a", "b", "c"}, []int64{1000, 2000, 3000},
		[]float64{0, 0, 0}, []float64{0, 1, 3}, []float64{0, 0, 0})
	require.NoError(t, err)
	const scale, kk = 100.0, 0.05
	m, err := mixing.FromKernel(ExponentialKernel{Scale: scale, K: kk}).Mixing(scn)
	require.NoError(t, err)

	w := func(i, j int) float64 {
		if i == j {
			return 0
		}
		d := mixing.Haversine(scn.Lat[i], scn.Lon[i], scn.Lat[j], scn.Lon[j])
		return float64(scn.Pop[j]) * math.Exp(-d/scale)
	}
	rowSum := func(j int) float64 { return w(j, 0) + w(j, 1) + w(j, 2) }
	for i := range 3 {
		off := 0.0
		for j := range 3 {
			if j != i {
				want := w(i, j) * kk / rowSum(j)
				off += want
				assert.InDelta(t, want, m.At(i, j), 1e-15, "[%d][%d]", i, j)
			}
		}
		assert.InDelta(t, 1-off, m.At(i, i), 1e-15, "diagonal %d", i)
	}
}

// TestExponentialKernelErrors: a bad scale, a bad k and a migration row
// above 1 are errors naming what and where.
func TestExponentialKernelErrors(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	for _, tc := range []struct {
		kernel ExponentialKernel
		want   string
	}{
		{ExponentialKernel{Scale: 0, K: 0.01}, "mixing: exponential: scale must be a finite number > 0 km, got 0"},
		{ExponentialKernel{Scale: math.Inf(1), K: 0.01}, "scale must be a finite number > 0 km, got +Inf"},
		{ExponentialKernel{Scale: 20, K: 2}, "mixing: exponential: k = 2 must be in [0, 1]"},
		// k = 1: mig[1,0] = p0/p1 = 2 > 1 (hand computation above).
		{ExponentialKernel{Scale: 20, K: 1}, `mixing: migration row 1 ("patch_2") sums to 2 > 1`},
	} {
		_, err := mixing.FromKernel(tc.kernel).Mixing(scn)
		assert.ErrorContains(t, err, tc.want)
		_, err = mixing.FromKernel(tc.kernel).Factored(scn, mixing.FactoredOptions{})
		assert.ErrorContains(t, err, tc.want, "the factored build refuses the same")
	}
}

// TestInfectionUsesKernel: Infection evaluates the force on the kernel's
// factored form (the fast path of gravity), entry for entry the matrix of
// the kernel's Factored build; the run equals a run with the kernel's dense
// matrix given as a user mixing matrix (the two forces differ by rounding,
// within SPEC §7.5's 1e−12, which moves no draw of this fixed-seed run);
// and it differs from the default gravity mixing.
func TestInfectionUsesKernel(t *testing.T) {
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	require.NoError(t, err)
	mix, err := kernel.Mixing(scn)
	require.NoError(t, err)
	rows := make([][]float64, mix.N())
	for i := range rows {
		_, vals := mix.Row(i)
		rows[i] = append([]float64(nil), vals...)
	}
	fac, err := kernel.Factored(scn, mixing.FactoredOptions{})
	require.NoError(t, err)

	series := func(mixer mixing.Mixer) []int64 {
		m, err := simulate(scn, mixer)
		require.NoError(t, err)
		inf := model.InstancesOf[*systems.Infection](m)[0]
		assert.Equal(t, mixer.Name(), inf.Params().Mixer.Name())
		if mixer == mixing.Mixer(kernel) {
			used := inf.Factored()
			require.NotNil(t, used, "the kernel takes the factored path")
			for i := range fac.N() {
				for j := range fac.N() {
					require.Equal(t, fac.At(i, j), used.At(i, j), "M[%d,%d]", i, j)
				}
			}
		}
		return model.InstancesOf[*metrics.StateTracker](m)[0].Series("I")
	}
	withKernel := series(kernel)
	assert.Equal(t, withKernel, series(mixing.FromMixingMatrix(rows)))
	assert.NotEqual(t, withKernel, series(mixing.DefaultGravity()))
}
