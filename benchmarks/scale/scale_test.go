package main

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunSmall runs both sweeps on small sizes end to end: the CSV files
// have a row per tolerance and per N, the hierarchical λ error is below the
// tolerance with every patch infectious (the build checks every row for
// N ≤ 20 000 with its own two weight vectors, of which pop-weighted ones
// are a mixture), and both pictures are drawn.
func TestRunSmall(t *testing.T) {
	dir := t.TempDir()
	opt, err := parseFlags([]string{"-tolerances", "1e-3,1e-6", "-tol-n", "800", "-n", "600,1200", "-reps", "1",
		"-tolerance-csv", filepath.Join(dir, "tol.csv"), "-time-csv", filepath.Join(dir, "time.csv"), "-plot", dir}, io.Discard)
	require.NoError(t, err)
	require.NoError(t, run(opt, io.Discard))

	tol, err := readTable(opt.tolCSV, tolHeader)
	require.NoError(t, err)
	require.Len(t, tol, 2)
	tols, err := column(tol, tolHeader, "tolerance")
	require.NoError(t, err)
	errs, err := column(tol, tolHeader, "max_err_dense")
	require.NoError(t, err)
	for k := range tols {
		assert.LessOrEqual(t, errs[k], tols[k], "tolerance %g", tols[k])
		assert.Positive(t, errs[k], "an approximation has an error")
	}
	times, err := readTable(opt.timeCSV, nHeader)
	require.NoError(t, err)
	require.Len(t, times, 2)
	fac, err := column(times, nHeader, "factored_force_s")
	require.NoError(t, err)
	assert.Positive(t, fac[0], "the factored force is timed up to -factored-max")
	for _, png := range []string{"scale-error.png", "scale-time.png"} {
		st, err := os.Stat(filepath.Join(dir, png))
		require.NoError(t, err)
		assert.Positive(t, st.Size())
	}

	// -append adds rows after the existing ones.
	opt.tolerances, opt.sizes, opt.appending = nil, []int{500}, true
	require.NoError(t, run(opt, io.Discard))
	times, err = readTable(opt.timeCSV, nHeader)
	require.NoError(t, err)
	assert.Len(t, times, 3)
}

// TestRelErr checks the error measure on hand-made vectors.
func TestRelErr(t *testing.T) {
	maxErr, mean := relErr([]float64{1.1, 2, 0}, []float64{1, 2, 0})
	assert.InDelta(t, 0.1, maxErr, 1e-12)
	assert.InDelta(t, 0.1/3, mean, 1e-12)
	maxErr, _ = relErr([]float64{1}, []float64{0})
	assert.True(t, math.IsInf(maxErr, 1), "a force where the exact one is 0")
}

// TestDecades: powers of ten only, decimals from 0.001 to 1 000 000.
func TestDecades(t *testing.T) {
	var labels []string
	for _, tk := range (decades{}).Ticks(3e-5, 2e6) {
		labels = append(labels, tk.Label)
	}
	assert.Equal(t, []string{"1e-4", "0.001", "0.01", "0.1", "1", "10", "100", "1000", "10000", "100000", "1000000"}, labels)
}

// TestParseFlags: bad values are refused naming the flag.
func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-tolerances", "1e-3,2"}, `-tolerances: "2" is not a tolerance in (0, 1)`},
		{[]string{"-n", "1000,x"}, `-n: "x" is not a number of patches`},
		{[]string{"-n", "2000000"}, `-n: "2000000" is not a number of patches from 2 to 1048576`},
		{[]string{"-k", "0"}, "-k must be in (0, 1]"},
		{[]string{"-reps", "0"}, "-reps must be at least 1"},
		{[]string{"-tol-n", "1"}, "-tol-n must be from 2"},
	} {
		_, err := parseFlags(tc.args, io.Discard)
		assert.ErrorContains(t, err, tc.want, "%v", tc.args)
	}
}
