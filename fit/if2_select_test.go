package fit

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// evaluated is a candidate of iteration it with log-likelihood ll.
func evaluated(it int, ll float64) IF2Candidate {
	return IF2Candidate{Iteration: it, Eval: &PFilterResult{LogLik: ll}}
}

func TestBestCandidate(t *testing.T) {
	inf := math.Inf(-1)
	tests := []struct {
		name string
		lls  []float64
		want int
	}{
		{name: "one candidate", lls: []float64{-3805}, want: 0},
		{name: "the highest", lls: []float64{-3810, -3803.2, -3806}, want: 1},
		{name: "the last is the highest", lls: []float64{-3810, -3809, -3801}, want: 2},
		{name: "of equal ones the latest", lls: []float64{-3804, -3803, -3803, -3809}, want: 2},
		{name: "NaN never wins", lls: []float64{math.NaN(), -3900}, want: 1},
		{name: "all impossible: the last", lls: []float64{inf, math.NaN(), inf}, want: 2},
		{name: "an impossible one among finite", lls: []float64{-3900, inf}, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var c []IF2Candidate
			for i, ll := range tc.lls {
				c = append(c, evaluated(i+1, ll))
			}
			assert.Equal(t, tc.want, BestCandidate(c))
		})
	}
}

func TestIF2Candidates(t *testing.T) {
	r := &IF2Result{Trace: handTrace([]float64{-12, -11, -10}, []float64{30, 35, 38}),
		MLE: map[string]float64{"r0": 38, "alpha": 0.976}}
	tests := []struct {
		name  string
		n     int
		iters []int
		r0    []float64
	}{
		{name: "the last", n: 1, iters: []int{3}, r0: []float64{38}},
		{name: "the last two, earliest first", n: 2, iters: []int{2, 3}, r0: []float64{35, 38}},
		{name: "more than the trace: all", n: 5, iters: []int{1, 2, 3}, r0: []float64{30, 35, 38}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := IF2Candidates(r, tc.n)
			require.Len(t, c, len(tc.iters))
			for k, x := range c {
				assert.Equal(t, tc.iters[k], x.Iteration)
				assert.Equal(t, map[string]float64{"r0": tc.r0[k], "alpha": 0.976}, x.Params, "the held alpha with every candidate")
				assert.Nil(t, x.Eval)
			}
		})
	}
	assert.Equal(t, 30.0, r.Trace[0].Params["r0"], "the trace is not modified")
	assert.NotContains(t, r.Trace[0].Params, "alpha")
}

// TestSelectIF2 evaluates the last two iterations of a short search on
// London's 1950 and checks that the chosen candidate is the one with the
// higher log-likelihood, that each evaluation is the particle filter's at
// the candidate (same options, same seed), and that one candidate is the
// last iteration's MLE.
func TestSelectIF2(t *testing.T) {
	spec, obs := london1950(t)
	res, err := IF2(context.Background(), spec, obs, IF2Options{Particles: 300, Iterations: 3, Seed: 3, Estimates: londonEstimates(),
		Start: map[string]float64{"r0": 40, "amplitude": 0.3, "rho": 0.6}})
	require.NoError(t, err)
	opts := PFilterOptions{Particles: 300, Filters: 2, Seed: 11}
	var seen []int
	sel, err := SelectIF2(context.Background(), spec, obs, res, 2, opts, func(c IF2Candidate) { seen = append(seen, c.Iteration) })
	require.NoError(t, err)
	assert.Equal(t, []int{2, 3}, seen)
	require.Len(t, sel.Candidates, 2)
	a, b := sel.Candidates[0].Eval.LogLik, sel.Candidates[1].Eval.LogLik
	assert.Equal(t, map[bool]int{true: 0, false: 1}[a > b], sel.Best)
	o := opts
	o.Set = sel.Candidates[1].Params
	again, err := PFilter(context.Background(), spec, obs, o)
	require.NoError(t, err)
	assert.Equal(t, again.LogLik, b, "a candidate's evaluation is the filter's at its parameters")
	assert.Equal(t, res.MLE, sel.Candidates[1].Params, "the last candidate is the last iteration's MLE")

	one, err := SelectIF2(context.Background(), spec, obs, res, 1, opts, nil)
	require.NoError(t, err)
	assert.Equal(t, "the last iteration's parameter means", one.Rule())
	assert.Equal(t, 3, one.Chosen().Iteration)
	_, err = SelectIF2(context.Background(), spec, obs, res, 0, opts, nil)
	assert.ErrorContains(t, err, "at least one candidate")
}
