package main

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/internal/testkit"
)

// TestLondonSeasonalRuns: london_seasonal.toml (6 cubic periodic B-splines
// instead of the school terms) loads, its log-likelihood at the run file's
// values (no seasonality) is finite, and two small IF2 iterations estimate
// its spline coefficients b1 … b5 with the other parameters (the shared He
// et al. data are needed; the test skips without them).
func TestLondonSeasonalRuns(t *testing.T) {
	testkit.NeedShared(t, "../../../shared/data/he10/cases_weekly.csv")
	ctx := context.Background()
	f, err := fit.LoadFile("london_seasonal.toml")
	require.NoError(t, err)
	pf, err := fit.PFilter(ctx, f.Spec, f.Obs, fit.PFilterOptions{Particles: 200, Filters: 1, Seed: 1})
	require.NoError(t, err)
	assert.False(t, math.IsInf(pf.LogLik, 0) || math.IsNaN(pf.LogLik), "loglik %v", pf.LogLik)
	opts := f.IF2Options(0)
	opts.Particles, opts.Iterations = 200, 2
	res, err := fit.IF2(ctx, f.Spec, f.Obs, opts)
	require.NoError(t, err)
	for _, name := range []string{"b1", "b2", "b3", "b4", "b5"} {
		v, ok := res.MLE[name]
		require.True(t, ok, name)
		assert.True(t, v >= -3 && v <= 3, "%s = %v within its bounds", name, v)
	}
}
