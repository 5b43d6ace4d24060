package systems_test

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// workedPressure initialises a TwoPatch model (SPEC §5.1 worked example)
// with Infection params q and kernel numba, puts I = [10, 0] (S = N − I),
// runs the force of tick 0 and returns λ_j = pressure_j / N_j.
func workedPressure(t *testing.T, q systems.InfectionParams, numba bool) []float64 {
	t.Helper()
	p := quietParams(1, 1)
	p.Parallel = numba
	m, err := model.NewBiweekly(must(scenario.TwoPatch(100000, 0)), p, model.WithStdout(io.Discard),
		model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfection(&q)))
	require.NoError(t, m.Initialize())
	w := m.World()
	w.S()[0], w.I()[0] = 100000-10, 10
	inf := model.InstancesOf[*systems.Infection](m)[0]
	acc := inf.ForcePressure(m, 0, 0, 2)
	n := []float64{100000, 50000} // S+I+R of each patch
	return []float64{acc[0] / n[0], acc[1] / n[1]}
}

// TestAlphaWorkedExample is the SPEC §5.1 worked example (TwoPatch, default
// params, I = [10, 0], N = [100 000, 50 000], c = β_tick = 8/14·365/26 =
// 8.021978021978022, M = [[0.995, 0.005], [0.02, 0.98]]) with the TSIR
// exponent, on every kernel (reference, factored, dense active-source).
//
// α = 0.97: λ_j = c·(Σ_i I_i·M[i,j])^α / N_j:
//
//	Σ_i I_i·M[i,0] = 10·0.995 = 9.95, 9.95^0.97 = e^(0.97·ln 9.95) = e^(0.97·2.2975730) = e^2.2286458 = 9.2872768,
//	λ_0 = 8.0219780·9.2872768/100 000 = 7.450233e−4;
//	Σ_i I_i·M[i,1] = 10·0.005 = 0.05, 0.05^0.97 = e^(0.97·(−2.9957323)) = e^(−2.9058603) = 0.0547017,
//	λ_1 = 8.0219780·0.0547017/50 000 = 8.776318e−6.
//
// The 16-digit values below are the same formula evaluated in float64;
// the kernels agree with them to 1e−12 relative (M's entries are exact to
// 1e−12 only: TestMixingMatrixPerInstance). α = 1 gives SPEC §5.1's
// λ = [7.981868e−4, 8.021978e−6] and, on the reference kernel, the bits of
// today's path: Force on x = c·I, divided by N.
func TestAlphaWorkedExample(t *testing.T) {
	want097 := []float64{7.450233016366164e-4, 8.776318336386469e-6}
	assert.InEpsilon(t, 7.450233e-4, want097[0], 1e-6, "hand value, 7 digits")
	assert.InEpsilon(t, 8.776318e-6, want097[1], 1e-6, "hand value, 7 digits")

	scn := must(scenario.TwoPatch(100000, 0))
	mix := must(mixing.DefaultGravity().Mixing(scn))
	c := systems.DefaultInfectionParams().BetaPerTick(params.StepDays)
	today := make([]float64, 2)
	systems.Force(today, []float64{c * 10, 0}, mix)
	today[0] /= 100000
	today[1] /= 50000

	for _, tc := range []struct {
		name    string
		numba   bool
		storage string
	}{{"reference", false, systems.StorageFloat64}, {"factored", true, systems.StorageFloat64},
		{"dense", true, systems.StorageDense}} {
		t.Run(tc.name, func(t *testing.T) {
			q := systems.DefaultInfectionParams()
			q.Storage = tc.storage
			q.Alpha = 0.97
			got := workedPressure(t, q, tc.numba)
			for j := range 2 {
				assert.InEpsilon(t, want097[j], got[j], 1e-12, "α = 0.97, patch %d", j)
			}

			q.Alpha = 1
			got = workedPressure(t, q, tc.numba)
			for j, w := range []float64{7.981868e-4, 8.021978e-6} {
				assert.InEpsilon(t, w, got[j], 1e-6, "α = 1, patch %d: SPEC gives λ to 7 significant digits", j)
				assert.InEpsilon(t, today[j], got[j], 1e-12, "α = 1, patch %d: today's force", j)
			}
			if !tc.numba || tc.storage == systems.StorageDense {
				assert.Equal(t, today, got, "α = 1 on the dense matrix: today's bits")
			}
		})
	}
}

// TestPressureBlock: acc_j → coef·acc_j^α in place; 0 stays 0 (no
// infectious pressure, no force) and α = 1 is coef·acc.
func TestPressureBlock(t *testing.T) {
	acc := []float64{0, 1, 4, 2.25}
	systems.PressureBlock(acc, 2, 0.5)
	// 2·√0 = 0, 2·√1 = 2, 2·√4 = 4, 2·√2.25 = 2·1.5 = 3 (all exact in float64).
	assert.Equal(t, []float64{0, 2, 4, 3}, acc)
	one := []float64{0, 3}
	systems.PressureBlock(one, 2, 1)
	assert.Equal(t, []float64{0, 6}, one)
}

// TestAlphaKernelsAgree: with α = 0.97 (and a terms season) the reference
// kernel (use_numba false) and the default kernel (factored, any workers)
// and dense storage give the same S, I, R trajectory (SPEC §7.5: the
// kernels agree to 1e−12 and the draws see the same λ). RandomN(700): three
// rng blocks, above parallelForceMin (512).
func TestAlphaKernelsAgree(t *testing.T) {
	scn := must(scenario.RandomN(700, 7, 0.5))
	q := systems.DefaultInfectionParams()
	q.Alpha = 0.97
	q.SeasonSpec = &systems.SeasonSpec{Type: systems.SeasonTerms, Amplitude: 0.25,
		Holidays: [][2]string{{"07-20", "09-05"}, {"12-20", "01-04"}}}
	runWith := func(numba bool, workers int, storage string) *model.Model {
		p := quietParams(30, 11)
		p.Parallel = numba
		inf := q
		inf.Storage = storage
		m, err := model.NewBiweekly(scn, p, model.WithWorkers(workers), model.WithStdout(io.Discard),
			model.WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewInitializeEquilibriumStates(nil), systems.NewImportationPressure(nil),
			systems.NewInfection(&inf), systems.NewVitalDynamics(nil)))
		require.NoError(t, m.Run(t.Context()))
		return m
	}
	want := runWith(false, 1, systems.StorageFloat64)
	for _, tc := range []struct {
		numba   bool
		workers int
		storage string
	}{{true, 1, systems.StorageFloat64}, {true, 2, systems.StorageFloat64}, {true, 7, systems.StorageFloat64},
		{true, 2, systems.StorageDense}} {
		m := runWith(tc.numba, tc.workers, tc.storage)
		assert.Equal(t, want.World().S(), m.World().S(), "%+v: S", tc)
		assert.Equal(t, want.World().I(), m.World().I(), "%+v: I", tc)
		assert.Equal(t, want.World().R(), m.World().R(), "%+v: R", tc)
	}
	q.Alpha = 1
	ref := runWith(false, 1, systems.StorageFloat64)
	assert.NotEqual(t, ref.World().R(), want.World().R(), "α = 0.97 changes the run (the test compares something)")
}
