package compartmental_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// TestHe10Operator checks spatPomp's he10 operator on three towns against a
// hand computation. Towns A (51.5° N, 0.1° W, p = 3 000 000), B (52.5° N,
// 1.9° W, 1 000 000), C (51.5° N, 2.6° W, 400 000). The haversine
// distances on a sphere of 3 963.191 miles, rounded to 0.1 mile, are
// d_AB = 103.2, d_AC = 107.6, d_BC = 75.3; d̄ = 2·(103.2 + 107.6 + 75.3)/6 =
// 95.3667 and p̄ = 4 400 000/3; V_uv = d̄·p_u·p_v/(d_uv·p̄²): V_AB =
// 95.3667·3e6·1e6/(103.2·(1.46667e6)²) = 1.288770, V_AC = 0.494428, V_BC =
// 0.235504; symmetric, 0 on the diagonal.
func TestHe10Operator(t *testing.T) {
	ids := []string{"A", "B", "C"}
	v, err := compartmental.He10Operator(ids, []float64{3e6, 1e6, 4e5}, []float64{51.5, 52.5, 51.5}, []float64{-0.1, -1.9, -2.6})
	require.NoError(t, err)
	want := []float64{
		0, 1.288770, 0.494428,
		1.288770, 0, 0.235504,
		0.494428, 0.235504, 0,
	}
	for k := range want {
		assert.InDelta(t, want[k], v[k], 1e-6, "V[%d][%d]", k/3, k%3) // the hand values' 7 significant digits
	}

	for _, tc := range []struct {
		name string
		lat  []float64
		lon  []float64
		err  string
	}{
		{"one town", []float64{51.5}, []float64{0}, ""},
		{"two towns at one place", []float64{51.5, 51.5}, []float64{0, 0}, `places "A" and "B" are less than 0.05 mile apart`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pop := make([]float64, len(tc.lat))
			for k := range pop {
				pop[k] = 1e5
			}
			v, err := compartmental.He10Operator(ids[:len(pop)], pop, tc.lat, tc.lon)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, make([]float64, len(pop)*len(pop)), v)
		})
	}
}

// coupledStates runs EulerSEIR (population simulated) on three towns for
// 200 days with the given coupling and g, optionally replicated k times,
// and returns the final S, E, I, R.
func coupledStates(t *testing.T, coupling string, g float64, k int) [][]int64 {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"A", "B", "C"}, []int64{3000000, 1000000, 400000},
		[]float64{51.5, 52.5, 51.5}, []float64{-0.1, -1.9, -2.6}, []float64{0, 0, 0})
	require.NoError(t, err)
	if k > 1 {
		scn, err = scn.Replicate(k)
		require.NoError(t, err)
	}
	p := params.DefaultCompartmental().BiweeklyParams
	p.NumTicks, p.ShowProgress, p.StartTime, p.Seed = 200, false, "1950-01", 7
	m, err := model.NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p})
	require.NoError(t, err)
	ep := compartmental.DefaultEulerSEIRParams()
	ep.Population, ep.Coupling, ep.G = compartmental.PopulationSimulated, coupling, systems.PatchNumber(g)
	ep.Mixer = mixing.Spec{Mixer: mixing.DefaultGravity()}
	ip := compartmental.InitialFractionsParams{S0: systems.PatchNumber(0.03), E0: systems.PatchNumber(1e-4), I0: systems.PatchNumber(1e-4), R0: systems.PatchNumber(0.9698)}
	require.NoError(t, m.SetComponents(compartmental.NewInitialFractions(&ip), compartmental.NewEulerSEIR(&ep)))
	require.NoError(t, m.Run(context.Background()))
	return m.World().States()
}

// TestEulerSEIRCouplingZeroG checks that coupling with g = 0 is the
// uncoupled model draw for draw (the kernel adds nothing), that g > 0
// changes the run, and that a replicated scenario couples within each
// replicate: with one replicate the replicated run is the plain one.
func TestEulerSEIRCouplingZeroG(t *testing.T) {
	plain := coupledStates(t, compartmental.CouplingNone, 0, 1)
	for _, c := range []string{compartmental.CouplingHe10, compartmental.CouplingMixer} {
		assert.Equal(t, plain, coupledStates(t, c, 0, 1), "coupling %q, g = 0", c)
	}
	// g = 1e6 gives the small towns a force comparable to their own
	// (V·g/P of order 1), which changes every later draw.
	assert.NotEqual(t, plain, coupledStates(t, compartmental.CouplingHe10, 1e6, 1))
	assert.NotEqual(t, plain, coupledStates(t, compartmental.CouplingMixer, 1e9, 1))
}
