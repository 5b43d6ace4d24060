package fit

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIF2ResumeFromCheckpoint: issue 37 item 8. A search stopped after
// iteration 2 of 4 (the checkpoint of iteration 2 kept, the search then
// cancelled) and resumed from that checkpoint ends with the uninterrupted
// search's trace and MLE, bit for bit.
func TestIF2ResumeFromCheckpoint(t *testing.T) {
	spec, obs := london1950(t)
	opts := IF2Options{Particles: 200, Iterations: 4, Seed: 7, Estimates: londonEstimates(),
		Start: map[string]float64{"r0": 40, "amplitude": 0.3, "rho": 0.6}}
	whole, err := IF2(context.Background(), spec, obs, opts)
	require.NoError(t, err)

	stop := errors.New("killed")
	var saved *IF2Checkpoint
	cut := opts
	cut.Checkpoint = func(c *IF2Checkpoint) error {
		saved = c
		if len(c.Trace) == 2 {
			return stop
		}
		return nil
	}
	_, err = IF2(context.Background(), spec, obs, cut)
	require.ErrorIs(t, err, stop)
	require.Len(t, saved.Trace, 2)

	resumed := opts
	resumed.Resume = saved
	var iterations []int
	resumed.Progress = func(it IF2Iteration) { iterations = append(iterations, it.Iteration) }
	res, err := IF2(context.Background(), spec, obs, resumed)
	require.NoError(t, err)
	assert.Equal(t, []int{3, 4}, iterations, "only the iterations not done run")
	assert.Equal(t, whole.Trace, res.Trace)
	assert.Equal(t, whole.MLE, res.MLE)

	// A checkpoint of another search is refused.
	other := opts
	other.Particles = 100
	other.Resume = saved
	_, err = IF2(context.Background(), spec, obs, other)
	assert.ErrorContains(t, err, "fit: IF2 checkpoint of 200 particles for \"r0\", the search has 100")
}
