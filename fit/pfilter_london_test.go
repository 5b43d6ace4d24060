package fit

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLondonQuick(t *testing.T) {
	spec, obs := londonSpec(t)
	j, _ := strconv.Atoi(os.Getenv("J"))
	if j == 0 {
		j = 1000
	}
	res, err := PFilter(context.Background(), spec, obs, PFilterOptions{Particles: j, Filters: 1, Seed: 1})
	require.NoError(t, err)
	t.Logf("loglik %.2f  seconds %.2f  particle-days/s %.3g", res.LogLik, res.Seconds, res.ParticleDays)
}
