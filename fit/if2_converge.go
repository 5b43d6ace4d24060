package fit

import (
	"fmt"
	"math"
	"strings"
)

// Settings of the convergence diagnostic ([TraceConvergence]).
const (
	// ConvergenceWindow is the number of final iterations the diagnostic
	// looks at.
	ConvergenceWindow = 10
	// SettledChange is the largest relative range of a parameter's
	// iteration means over the window, (max − min)/mean|x|, for the
	// parameter to count as settled: 5 %. In London's example (100
	// iterations of J = 5 000 from R0 40) R0's means moved over 50 % in
	// iterations 16–25 and 3.9 % in iterations 91–100, every other
	// estimate's less than 2 % there.
	SettledChange = 0.05
	// SettledLogLik is the largest change, up or down, of the perturbed
	// filter's log-likelihood over the window (the mean of its second half
	// minus the mean of its first half) for the search to count as
	// settled: 3 log units, about 2.5 standard deviations of that
	// difference over the last 10 of 100 iterations of London's example
	// (J = 5 000; its log-likelihoods varied with sd 1.3–1.9 there).
	SettledLogLik = 3.0
)

// LogLikSeries names the log-likelihood in a [Convergence].
const LogLikSeries = "loglik"

// SeriesConvergence is the diagnostic of one series of an IF2 trace.
type SeriesConvergence struct {
	// Name is [LogLikSeries] or the parameter.
	Name string
	// Change is, for a parameter, the relative range of its iteration
	// means over the window, (max − min)/mean|x| (0 for a constant); for
	// the log-likelihood, the mean of
	// the window's second half minus the mean of its first half (NaN for
	// a window of fewer than 2 iterations).
	Change float64
	// Tolerance is the largest |Change| of a settled series:
	// [SettledChange] or [SettledLogLik].
	Tolerance float64
	// Settled is |Change| ≤ Tolerance.
	Settled bool
}

// Convergence is the diagnostic of an IF2 trace over its last iterations.
type Convergence struct {
	// From and To are the first and last iterations of the window
	// (To − From + 1 ≤ [ConvergenceWindow]: fewer when the trace is
	// shorter).
	From, To int
	// Series are the log-likelihood's diagnostic then the parameters',
	// in the order of the names given.
	Series []SeriesConvergence
	// Settled is every series settled over a full window.
	Settled bool
}

// TraceConvergence judges whether an IF2 trace has settled over its last
// [ConvergenceWindow] iterations: every named parameter's means vary by
// at most [SettledChange] of their size, and the log-likelihood of the
// perturbed filter changes by at most [SettledLogLik]. A trace shorter than
// the window is judged on what it has and never counts as settled. The
// diagnostic is about the search, not the estimate: a settled trace has
// stopped moving, which it also does on a ridge or a local maximum.
func TraceConvergence(trace []IF2Iteration, names []string) Convergence {
	w := trace[max(len(trace)-ConvergenceWindow, 0):]
	var c Convergence
	if len(w) == 0 {
		return c
	}
	c.From, c.To = w[0].Iteration, w[len(w)-1].Iteration
	ll := make([]float64, len(w))
	for i, it := range w {
		ll[i] = it.LogLik
	}
	c.Series = append(c.Series, judge(LogLikSeries, halvesChange(ll), SettledLogLik))
	for _, name := range names {
		xs := make([]float64, len(w))
		for i, it := range w {
			x, ok := it.Params[name]
			if !ok {
				x = math.NaN()
			}
			xs[i] = x
		}
		c.Series = append(c.Series, judge(name, relativeRange(xs), SettledChange))
	}
	c.Settled = len(w) == ConvergenceWindow
	for _, s := range c.Series {
		c.Settled = c.Settled && s.Settled
	}
	return c
}

// judge is a series' diagnostic: settled when |change| ≤ tol (NaN is
// not).
func judge(name string, change, tol float64) SeriesConvergence {
	return SeriesConvergence{Name: name, Change: change, Tolerance: tol, Settled: math.Abs(change) <= tol}
}

// halvesChange is the mean of the second half of xs minus the mean of its
// first half (the middle value of an odd length in neither); NaN for
// fewer than 2 values.
func halvesChange(xs []float64) float64 {
	h := len(xs) / 2
	if h == 0 {
		return math.NaN()
	}
	return mean(xs[len(xs)-h:]) - mean(xs[:h])
}

// relativeRange is (max − min)/mean|x| of xs: 0 for a constant, NaN when
// a value is NaN.
func relativeRange(xs []float64) float64 {
	lo, hi, size := math.Inf(1), math.Inf(-1), 0.0
	for _, x := range xs {
		if math.IsNaN(x) {
			return math.NaN()
		}
		lo, hi, size = min(lo, x), max(hi, x), size+math.Abs(x)
	}
	if hi == lo {
		return 0
	}
	return (hi - lo) / (size / float64(len(xs))) // size > 0: some x ≠ 0
}

// mean is the arithmetic mean of xs (not empty).
func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Unsettled lists the series that have not settled.
func (c Convergence) Unsettled() []SeriesConvergence {
	var out []SeriesConvergence
	for _, s := range c.Series {
		if !s.Settled {
			out = append(out, s)
		}
	}
	return out
}

// Describe says in one line whether the trace has settled, naming the
// series that have not: "settled over iterations 41–50" or "not settled
// over iterations 41–50: loglik changed by +4.2 (tolerance ±3), r0 moved
// 12 % (tolerance 5 %)".
func (c Convergence) Describe() string {
	over := fmt.Sprintf("over iterations %d–%d", c.From, c.To)
	if n := c.To - c.From + 1; n < ConvergenceWindow {
		over += fmt.Sprintf(" (%d iterations, fewer than the %d judged)", n, ConvergenceWindow)
	}
	if c.Settled {
		return "settled " + over
	}
	var parts []string
	for _, s := range c.Unsettled() {
		parts = append(parts, s.Describe())
	}
	if len(parts) == 0 {
		return "not settled " + over
	}
	return "not settled " + over + ": " + strings.Join(parts, ", ")
}

// Describe is "loglik changed by +4.2 (tolerance ±3)" or "r0 moved 12 %
// (tolerance 5 %)".
func (s SeriesConvergence) Describe() string {
	if s.Name == LogLikSeries {
		return fmt.Sprintf("%s changed by %+.3g (tolerance ±%g)", s.Name, s.Change, s.Tolerance)
	}
	return fmt.Sprintf("%s moved %.3g %% (tolerance %g %%)", s.Name, 100*s.Change, 100*s.Tolerance)
}
