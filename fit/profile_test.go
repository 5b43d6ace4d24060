package fit

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallProfile profiles amplitude over London's 1950 with tiny searches
// (2 values × 2 starts, J = 300, 2 iterations, evaluated by 2 filters of
// 300): a test of the bookkeeping, not of the statistics.
func smallProfile() ProfileOptions {
	return ProfileOptions{
		Parameter: "amplitude", Values: []float64{0.4, 0.55}, Starts: 2,
		IF2:           IF2Options{Particles: 300, Iterations: 2, Seed: 11, Estimates: londonEstimates()[:3]},
		EvalParticles: 300, EvalFilters: 2,
	}
}

// TestProfilePointsAndShards: Profile runs values × starts points with
// the profiled parameter held; a shard run by ProfilePoints gives the same
// point; two values are too few for the MCAP, whose error comes with the
// points.
func TestProfilePointsAndShards(t *testing.T) {
	spec, obs := london1950(t)
	opts := smallProfile()
	res, err := Profile(context.Background(), spec, obs, opts)
	require.ErrorContains(t, err, "profile points are too few")
	require.NotNil(t, res)
	require.Len(t, res.Points, 4)
	for i, p := range res.Points {
		assert.Equal(t, i, p.Index)
		assert.Equal(t, opts.Values[i/2], p.Value)
		assert.Equal(t, i%2, p.Start)
		assert.Equal(t, p.Value, p.Params["amplitude"], "the profiled parameter is held at its value")
		assert.Contains(t, p.Params, "r0")
		assert.Less(t, p.LogLik, 0.0)
		assert.Greater(t, p.SE, 0.0, "two filters give a jackknife SE")
	}
	assert.NotEqual(t, res.Points[0].LogLik, res.Points[1].LogLik, "the starts of a value differ by their seeds")
	require.Len(t, res.Best, 2)
	for k, b := range res.Best {
		assert.Equal(t, opts.Values[k], b.Value)
		other := res.Points[2*k+1-b.Start]
		assert.GreaterOrEqual(t, b.LogLik, other.LogLik)
	}
	shard, err := ProfilePoints(context.Background(), spec, obs, opts, []int{3})
	require.NoError(t, err)
	require.Len(t, shard, 1)
	assert.Equal(t, res.Points[3], shard[0])
}

// TestProfileErrors checks the option errors.
func TestProfileErrors(t *testing.T) {
	spec, obs := london1950(t)
	opts := smallProfile()
	_, err := ProfilePoints(context.Background(), spec, obs, opts, []int{4})
	require.ErrorContains(t, err, "profile point 4 is not in [0, 4)")
	opts.Parameter = ""
	_, err = Profile(context.Background(), spec, obs, opts)
	require.ErrorContains(t, err, "needs a parameter and values")
}

// TestSummarizeProfile keeps each value's best point, sorts by value and
// runs the MCAP over them: the exact quadratic −(θ − 0.5)²·20 over ten
// values (each with a worse second start) has its maximum at 0.5.
func TestSummarizeProfile(t *testing.T) {
	var points []ProfilePoint
	for i := 9; i >= 0; i-- {
		v := float64(i) / 9
		ll := -3800 - 20*(v-0.5)*(v-0.5)
		points = append(points, ProfilePoint{Value: v, Start: 0, LogLik: ll - 3}, ProfilePoint{Value: v, Start: 1, LogLik: ll})
	}
	res, err := SummarizeProfile("amplitude", points, 0.95)
	require.NoError(t, err)
	require.Len(t, res.Best, 10)
	for k, b := range res.Best {
		assert.Equal(t, float64(k)/9, b.Value)
		assert.Equal(t, 1, b.Start)
	}
	assert.InDelta(t, 0.5, res.MCAP.MLE, 1.0/(MCAPGrid-1)) // one grid step
}
