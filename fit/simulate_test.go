package fit

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimulate(t *testing.T) {
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fixtureFit, false))
	require.NoError(t, err)
	ctx := context.Background()
	// psi = 0: the he2010 measurement is then a normal of mean ρC and the
	// binomial's variance ρ(1 − ρ)C, rounded.
	set := map[string]float64{"rho": 0.5, "psi": 0}
	sim, err := Simulate(ctx, f.Spec, f.Obs, 64, 5, set)
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
		// Reports are half the cases (rho = 0.5) within the binomial's own
		// spread. Trajectory i reports ρ·C_i + e_i (rounded), and a quantile
		// of the 64 values (an order statistic, or an interpolation between
		// two) moves by at most max_i |e_i| when each value moves by e_i; so
		// every quantile of the reports is within max_i |e_i| + 1 (rounding)
		// of ρ times the same quantile of the cases. e_i has standard
		// deviation √(ρ(1 − ρ)C_i); taking C at the cases' 97.5 % quantile
		// and 5 standard deviations, a correct sampler fails a date with
		// probability below 64·6·10⁻⁷ (and the seed is fixed). The old bound
		// 3 + ρC accepted any median report from 0 to C + 3.
		tol := 5*math.Sqrt(0.5*0.5*cases[len(cases)-1]) + 1
		for q := range rep {
			assert.InDelta(t, 0.5*cases[q], rep[q], tol, "report %d, quantile %g", k, sim.Probs[q])
		}
	}
	again, err := Simulate(ctx, f.Spec, f.Obs, 64, 5, set)
	require.NoError(t, err)
	assert.Equal(t, sim.Simulated, again.Simulated, "the same seed gives the same draws")
	other, err := Simulate(ctx, f.Spec, f.Obs, 64, 6, set)
	require.NoError(t, err)
	assert.NotEqual(t, sim.Cases, other.Cases)

	_, err = Simulate(ctx, f.Spec, f.Obs, 0, 5, nil)
	assert.ErrorContains(t, err, "n = 0 trajectories")
	_, err = Simulate(ctx, f.Spec, f.Obs, 4, 5, map[string]float64{"r00": 1})
	assert.ErrorContains(t, err, `no parameter "r00"`)
}
