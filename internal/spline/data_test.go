package spline

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// Invented test data sets (no real census data). The R reference values in
// the tests were computed from the same formulas in R.

// popData: a smooth growth series with a small deterministic wiggle,
// years 1940 … 1964,
// pop = 3.3e6 + 2e4·t − 500·t² + 3000·sin(2.3t) + 1500·cos(5.1t), t = year − 1940.
func popData() (x, y []float64) {
	for yr := 1940; yr <= 1964; yr++ {
		t := float64(yr - 1940)
		x = append(x, float64(yr))
		y = append(y, 3.3e6+2e4*t-500*t*t+3000*math.Sin(2.3*t)+1500*math.Cos(5.1*t))
	}
	return x, y
}

// birthsData: births with a post-war spike, at x = year + 0.5 as in the
// measles code: 60000 for 1940–44, 66000 in 1945, 74000 in 1946, 80000 in
// 1947, falling linearly to 65000 in 1955, then rising by 600 a year to 1964,
// plus 250·sin(3.1t), t = year − 1940.
func birthsData() (x, y []float64) {
	for yr := 1940; yr <= 1964; yr++ {
		var b float64
		switch {
		case yr <= 1944:
			b = 60000
		case yr == 1945:
			b = 66000
		case yr == 1946:
			b = 74000
		case yr <= 1955:
			b = 80000 - 15000*float64(yr-1947)/8
		default:
			b = 65000 + 600*float64(yr-1955)
		}
		x = append(x, float64(yr)+0.5)
		y = append(y, b+250*math.Sin(3.1*float64(yr-1940)))
	}
	return x, y
}

// smallX: ten unevenly spaced abscissae.
var smallX = []float64{0.3, 1.1, 2.0, 3.2, 4.1, 5.5, 6.2, 7.4, 8.8, 10.0}

// smallData: y = 2 + 0.5x + sin x + noise, with the fixed pseudo-noise
// given (GCV has an interior minimum for noisyNoise, and its minimum at
// λ → 0, interpolation, for wigglyNoise).
func smallData(noise []float64) (x, y []float64) {
	x = append([]float64(nil), smallX...)
	for i, v := range x {
		y = append(y, 2+0.5*v+math.Sin(v)+noise[i])
	}
	return x, y
}

var (
	noisyNoise  = []float64{-0.23, -0.24, -0.04, -0.08, 0.13, -0.36, 0.36, -0.01, -0.07, -0.11}
	wigglyNoise = []float64{0.21, -0.35, 0.12, 0.40, -0.18, -0.27, 0.33, -0.09, 0.15, -0.22}
)

func noisyData() (x, y []float64)  { return smallData(noisyNoise) }
func wigglyData() (x, y []float64) { return smallData(wigglyNoise) }

// Prediction points: outside the data on both sides, at knots, between them.
var (
	popAt    = []float64{1930, 1938.5, 1939.9, 1940, 1940.25, 1943.7, 1950, 1952.5, 1957.123, 1963.99, 1964, 1964.01, 1966, 1980}
	birthsAt = []float64{1935, 1940.4, 1940.5, 1941.2, 1946.5, 1947.5, 1947.9, 1955.5, 1960.3, 1964.5, 1964.6, 1970}
	smallAt  = []float64{-2, 0, 0.3, 0.7, 2.0, 3.9, 6.2, 9.5, 10, 10.5, 15}
)

// relDiff is |got − want|/|want| (|got − want| if want is 0).
func relDiff(got, want float64) float64 {
	d := math.Abs(got - want)
	if want != 0 {
		d /= math.Abs(want)
	}
	return d
}

// requirePredictions checks s.At(at[i]) against want[i] to relative
// tolerance tol and returns the largest relative difference seen.
func requirePredictions(t *testing.T, s *Spline, at, want []float64, tol float64) float64 {
	t.Helper()
	require.Len(t, want, len(at))
	var worst float64
	for i, x := range at {
		d := relDiff(s.At(x), want[i])
		worst = max(worst, d)
		require.LessOrEqualf(t, d, tol, "At(%v) = %.17g, want %.17g (relative difference %.3g)", x, s.At(x), want[i], d)
	}
	return worst
}
