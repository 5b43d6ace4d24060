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

	var iterations []int
	saved, res := resumeAfter(t, IF2, spec, obs, opts, 2, func(it IF2Iteration) { iterations = append(iterations, it.Iteration) })
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

// searchFunc is [IF2] or [IBPF].
type searchFunc func(context.Context, *Spec, *Observations, IF2Options) (*IF2Result, error)

// resumeAfter runs search with opts stopped after iteration stop (its
// checkpoint kept, the search then cancelled as a kill would), and again
// resumed from that checkpoint with progress; it returns the checkpoint
// and the resumed search's result.
func resumeAfter(t *testing.T, search searchFunc, spec *Spec, obs *Observations, opts IF2Options, stop int, progress func(IF2Iteration)) (*IF2Checkpoint, *IF2Result) {
	t.Helper()
	killed := errors.New("killed")
	var saved *IF2Checkpoint
	cut := opts
	cut.Checkpoint = func(c *IF2Checkpoint) error {
		saved = c
		if len(c.Trace) == stop {
			return killed
		}
		return nil
	}
	_, err := search(context.Background(), spec, obs, cut)
	require.ErrorIs(t, err, killed)
	require.Len(t, saved.Trace, stop)
	resumed := opts
	resumed.Resume = saved
	resumed.Progress = progress
	res, err := search(context.Background(), spec, obs, resumed)
	require.NoError(t, err)
	return saved, res
}
