package fit

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimulate(t *testing.T) {
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fixtureFit, false))
	require.NoError(t, err)
	ctx := context.Background()
	sim, err := Simulate(ctx, f.Spec, f.Obs, 64, 5, map[string]float64{"rho": 0.5})
	require.NoError(t, err)
	assert.Equal(t, []string{"Town"}, sim.Places)
	assert.Equal(t, SimulationProbs, sim.Probs)
	require.Len(t, sim.Simulated[0], 20)
	for k := range sim.Dates {
		rep, cases := sim.Simulated[0][k], sim.Cases[0][k]
		require.Len(t, rep, len(SimulationProbs))
		for q := 1; q < len(rep); q++ {
			assert.LessOrEqual(t, rep[q-1], rep[q], "report %d: quantiles ascend", k)
			assert.LessOrEqual(t, cases[q-1], cases[q])
		}
		// Reports are about half the cases (rho = 0.5).
		assert.InDelta(t, 0.5*cases[2], rep[2], 3+0.5*cases[2], "report %d", k)
	}
	again, err := Simulate(ctx, f.Spec, f.Obs, 64, 5, map[string]float64{"rho": 0.5})
	require.NoError(t, err)
	assert.Equal(t, sim.Simulated, again.Simulated, "the same seed gives the same draws")
	other, err := Simulate(ctx, f.Spec, f.Obs, 64, 6, map[string]float64{"rho": 0.5})
	require.NoError(t, err)
	assert.NotEqual(t, sim.Cases, other.Cases)

	_, err = Simulate(ctx, f.Spec, f.Obs, 0, 5, nil)
	assert.ErrorContains(t, err, "n = 0 trajectories")
	_, err = Simulate(ctx, f.Spec, f.Obs, 4, 5, map[string]float64{"r00": 1})
	assert.ErrorContains(t, err, `no parameter "r00"`)
}
