package main

import (
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompare checks the statistics on hand-computed cases.
func TestCompare(t *testing.T) {
	// 1, 2, 3, 4: mean 2.5, s² = 5/3, SE = √(5/12).
	mean, se := meanSE([]float64{1, 2, 3, 4})
	assert.Equal(t, 2.5, mean)
	assert.InDelta(t, math.Sqrt(5.0/12), se, 1e-15)

	for _, tc := range []struct {
		name   string
		a, b   []float64
		z, ks  float64
		pksMin float64
		pksMax float64
	}{
		// equal samples: no difference, D = 0, p = 1.
		{"equal", []float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}, 0, 0, 1, 1},
		// b = a + 1: Δ = 1, SE = √(2·5/12), D = 1/4 (one step of four).
		{"shifted", []float64{1, 2, 3, 4}, []float64{2, 3, 4, 5}, 1 / math.Sqrt(10.0/12), 0.25, 0.99, 1},
		// disjoint samples of 20: D = 1; λ = (√10 + 0.12 + 0.11/√10) ≈ 3.32,
		// Q(λ) = 2e^{−2λ²} ≈ 5e−10.
		{"disjoint", seq(0, 20), seq(100, 20), math.NaN(), 1, 0, 1e-8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := compare(tc.a, tc.b)
			if !math.IsNaN(tc.z) {
				assert.InDelta(t, tc.z, c.Z, 1e-12)
			}
			assert.InDelta(t, tc.ks, c.KS, 1e-12)
			assert.GreaterOrEqual(t, c.PKS, tc.pksMin)
			assert.LessOrEqual(t, c.PKS, tc.pksMax)
		})
	}
	// Kolmogorov distribution: Q(1.36) ≈ 0.049 (the 5 % critical value).
	e := math.Sqrt(50 * 50 / 100.0)
	d := 1.36 / (e + 0.12 + 0.11/e)
	assert.InDelta(t, 0.049, ksPValue(d, 50, 50), 0.001)
}

// seq returns n values from start in steps of 1.
func seq(start float64, n int) []float64 {
	v := make([]float64, n)
	for k := range v {
		v[k] = start + float64(k)
	}
	return v
}

// TestParseFlags: bad values are refused naming the flag.
func TestParseFlags(t *testing.T) {
	opt, err := parseFlags(nil, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 200, opt.replicates)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "1"}, "-n must be from 2"},
		{[]string{"-replicates", "1"}, "-replicates must be at least 2"},
		{[]string{"-ticks", "0"}, "-ticks must be at least 1"},
		{[]string{"-tolerance", "1"}, "-tolerance must be in (0, 1)"},
		{[]string{"-exact", "dense"}, `-exact must be "float64" or "streaming", got "dense"`},
	} {
		_, err := parseFlags(tc.args, io.Discard)
		assert.ErrorContains(t, err, tc.want, "%v", tc.args)
	}
}
