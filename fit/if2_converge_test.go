package fit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handTrace builds a trace from per-iteration log-likelihoods and r0
// means (iterations 1, 2, …).
func handTrace(loglik, r0 []float64) []IF2Iteration {
	out := make([]IF2Iteration, len(loglik))
	for i := range loglik {
		out[i] = IF2Iteration{Iteration: i + 1, LogLik: loglik[i], Params: map[string]float64{"r0": r0[i]}}
	}
	return out
}

// repeat is n copies of x.
func repeat(x float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = x
	}
	return out
}

// ramp is n values from a in steps of d.
func ramp(a, d float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = a + d*float64(i)
	}
	return out
}

func TestTraceConvergence(t *testing.T) {
	// The window is the last 10 of 20 iterations (11–20): what happens
	// before it does not count.
	early := ramp(-4000, 10, 10) // a climb of 90 over iterations 1–10
	tests := []struct {
		name         string
		loglik, r0   []float64
		settled      bool
		from, to     int
		llChange     float64 // the log-likelihood's change over the window
		r0Change     float64 // r0's relative range over the window
		llOK, r0OK   bool
		unsettledSum string // Describe's summary
	}{
		{name: "flat after a climb", loglik: append(early, repeat(-3805, 10)...), r0: append(ramp(40, 1, 10), repeat(56, 10)...),
			settled: true, from: 11, to: 20, llOK: true, r0OK: true, unsettledSum: "settled over iterations 11–20"},
		// R0 49 → 57 in steps of 4 over the last three iterations (issue 35):
		// range 8 around a mean of (7·49 + 53 + 57 + 49)/10 = 50.2.
		{name: "r0 still moving", loglik: repeat(-3805, 20), r0: append(repeat(49, 17), 49, 53, 57),
			from: 11, to: 20, r0Change: 8 / 50.2, llOK: true,
			unsettledSum: "not settled over iterations 11–20: r0 moved 15.9 % (tolerance 5 %)"},
		// r0 within 5 %: range 2.5 around a mean of 50.125 is 4.99 %.
		{name: "r0 just inside the tolerance", loglik: repeat(-3805, 20), r0: append(repeat(50, 15), 50, 50, 50, 52.5, 50),
			settled: true, from: 11, to: 20, r0Change: 2.5 / 50.25, llOK: true, r0OK: true,
			unsettledSum: "settled over iterations 11–20"},
		// The log-likelihood climbs 1 a iteration: the last five average 5
		// more than the five before.
		{name: "log-likelihood climbing", loglik: ramp(-3830, 1, 20), r0: repeat(56, 20),
			from: 11, to: 20, llChange: 5, r0OK: true,
			unsettledSum: "not settled over iterations 11–20: loglik changed by +5 (tolerance ±3)"},
		{name: "log-likelihood falling", loglik: ramp(-3800, -1, 20), r0: repeat(56, 20),
			from: 11, to: 20, llChange: -5, r0OK: true,
			unsettledSum: "not settled over iterations 11–20: loglik changed by -5 (tolerance ±3)"},
		// Noise of ±2 alternating: the halves' means are -3803.4 and -3802.6.
		{name: "log-likelihood noisy but flat", loglik: []float64{-3805, -3801, -3805, -3801, -3805, -3801, -3805, -3801, -3805, -3801},
			r0: repeat(56, 10), settled: true, from: 1, to: 10, llChange: 0.8, llOK: true, r0OK: true,
			unsettledSum: "settled over iterations 1–10"},
		{name: "shorter than the window", loglik: repeat(-3805, 3), r0: repeat(56, 3), from: 1, to: 3, llOK: true, r0OK: true,
			unsettledSum: "not settled over iterations 1–3 (3 iterations, fewer than the 10 judged)"},
		{name: "one iteration", loglik: []float64{-3805}, r0: []float64{56}, from: 1, to: 1, llChange: math.NaN(), r0OK: true,
			unsettledSum: "not settled over iterations 1–1 (1 iterations, fewer than the 10 judged): loglik changed by +NaN (tolerance ±3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := TraceConvergence(handTrace(tc.loglik, tc.r0), []string{"r0"})
			assert.Equal(t, tc.settled, c.Settled)
			assert.Equal(t, tc.from, c.From)
			assert.Equal(t, tc.to, c.To)
			require.Len(t, c.Series, 2)
			ll, r0 := c.Series[0], c.Series[1]
			assert.Equal(t, LogLikSeries, ll.Name)
			assert.Equal(t, "r0", r0.Name)
			if math.IsNaN(tc.llChange) {
				assert.True(t, math.IsNaN(ll.Change))
			} else {
				assert.InDelta(t, tc.llChange, ll.Change, 1e-9)
			}
			assert.InDelta(t, tc.r0Change, r0.Change, 1e-12)
			assert.Equal(t, tc.llOK, ll.Settled)
			assert.Equal(t, tc.r0OK, r0.Settled)
			assert.Equal(t, SettledLogLik, ll.Tolerance)
			assert.Equal(t, SettledChange, r0.Tolerance)
			assert.Equal(t, tc.unsettledSum, c.Describe())
		})
	}
}

func TestRelativeRange(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{name: "constant", xs: []float64{3, 3, 3}, want: 0},
		{name: "zero constant", xs: []float64{0, 0}, want: 0},
		{name: "range 2 around mean 2", xs: []float64{1, 2, 3}, want: 1},
		{name: "negative values use |x|", xs: []float64{-1, -2, -3}, want: 1},
		{name: "range 2 around mean size 2/3 crossing 0", xs: []float64{-1, 0, 1}, want: 3},
		{name: "NaN", xs: []float64{1, math.NaN()}, want: math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := relativeRange(tc.xs)
			if math.IsNaN(tc.want) {
				assert.True(t, math.IsNaN(got))
				return
			}
			assert.InDelta(t, tc.want, got, 1e-15)
		})
	}
}

// TestTraceConvergenceMissingParameter: a name the trace lacks is NaN,
// never settled.
func TestTraceConvergenceMissingParameter(t *testing.T) {
	c := TraceConvergence(handTrace(repeat(-1, 10), repeat(5, 10)), []string{"r0", "rho"})
	assert.False(t, c.Settled)
	require.Len(t, c.Unsettled(), 1)
	assert.Equal(t, "rho", c.Unsettled()[0].Name)
	assert.True(t, math.IsNaN(c.Unsettled()[0].Change))
}
