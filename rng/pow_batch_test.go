package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// powCases returns lanes of x^a across the SIMD range (x from 10⁻³⁰⁰ to
// 10³⁰⁰, a in [−1, 1], including the force's I + ι from 0.01 to 10⁷ with
// α near 0.97) and lanes the scalar formula takes (x = 0, a beyond ±1,
// x beyond 10³⁰⁰), 203 lanes (not a multiple of 8: the tail lanes).
func powCases() (x, a []float64) {
	src := NewSource(testSeed, "Pows", 0)
	for range 150 {
		x = append(x, math.Pow(10, 14*Uniform(src)-2))
		a = append(a, 0.9+0.2*Uniform(src))
	}
	for range 40 {
		x = append(x, math.Pow(10, 600*Uniform(src)-300))
		a = append(a, 2*Uniform(src)-1)
	}
	x = append(x, 0, 0, 1, 1e-300, 1e300, 2, 5, 1e301, 1e-301, 3, 0.5, 7, 1e6)
	a = append(a, 0.976, 1, 0.5, 1, -1, 1.5, -3, 0.5, 0.5, 1, 0, -1, 1)
	return x, a
}

// TestPowsEqualGeneric checks that the SIMD kernel of Pows (where the CPU
// has it) equals the pure-Go kernel bit for bit.
func TestPowsEqualGeneric(t *testing.T) {
	x, a := powCases()
	n8 := len(x) &^ 7
	want, got := make([]float64, n8), make([]float64, n8)
	powsGeneric(x[:n8], a[:n8], want)
	pows(x[:n8], a[:n8], got)
	for j := range want {
		assert.Equal(t, math.Float64bits(want[j]), math.Float64bits(got[j]), "lane %d: %g^%g", j, x[j], a[j])
	}
}

// TestPows compares Pows with math.Pow lane by lane: within 2 + 2·|a·log x|
// ulp plus 2 (logLane's and expLane's 2 ulp each, the first scaled by the
// exponent's size, and the product's rounding), at most ~1400 ulp at
// |a·log x| ≈ 690 and 30 ulp for the force's powers (relative 7·10⁻¹⁵);
// x = 0 gives 0.
func TestPows(t *testing.T) {
	x, a := powCases()
	out := make([]float64, len(x))
	Pows(x, a, out)
	for j := range x {
		want := math.Pow(x[j], a[j])
		if x[j] == 0 {
			assert.Equal(t, want, out[j], "0^%g", a[j])
			continue
		}
		bound := 4 + 2*math.Abs(a[j]*math.Log(x[j]))
		assert.LessOrEqual(t, ulps(out[j], want), bound, "lane %d: %g^%g = %g, want %g", j, x[j], a[j], out[j], want)
	}
}

// TestPowsScalarRepeats checks Pows's reuse of the previous scalar lane's
// power against the scalar formula lane by lane, bit for bit: runs of equal
// lanes, a lane differing in x or a only, −0 after +0, NaN, a SIMD lane
// between two equal scalar lanes, and lanes past the SIMD steps.
func TestPowsScalarRepeats(t *testing.T) {
	negZero := math.Copysign(0, -1)
	rows := []struct {
		name string
		x, a []float64
	}{
		{"a run of equal lanes", []float64{0.0396, 0.0396, 0.0396, 0.0396, 0.0396, 0.0396, 0.0396, 0.0396, 0.0396}, []float64{1.04, 1.04, 1.04, 1.04, 1.04, 1.04, 1.04, 1.04, 1.04}},
		{"x or a differs", []float64{3.2, 3.2, 4.2, 4.2, 4.2, 3.2, 3.2, 3.2, 3.2, 3.2}, []float64{1.01, 1.01, 1.01, 1.02, 1.02, 1.02, 1.02, 1.01, 1.01, 1.01}},
		{"signed zeros and NaN", []float64{0, negZero, negZero, 0, math.NaN(), math.NaN(), 0, 5, 5}, []float64{1.5, 1.5, 1.5, 1.5, 1.5, 1.5, -1.5, 2, 2}},
		{"a SIMD lane between", []float64{7, 7, 7, 7, 7, 7, 7, 7, 7}, []float64{1.04, 1.04, 0.97, 1.04, 1.04, 0.97, 1.04, 1.04, 1.04}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got := make([]float64, len(row.x))
			Pows(row.x, row.a, got)
			for j, v := range row.x {
				want := powLane(v, row.a[j])
				if !(v >= 1e-300 && v <= 1e300 && row.a[j] >= -1 && row.a[j] <= 1) {
					want = Exp(row.a[j] * Log(v))
				}
				assert.Equal(t, math.Float64bits(want), math.Float64bits(got[j]), "lane %d: %g^%g", j, v, row.a[j])
			}
		})
	}
}
