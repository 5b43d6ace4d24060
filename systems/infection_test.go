package systems_test

import (
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestForceWorkedExample is SPEC AT-4 on the §5.1 worked example: TwoPatch,
// default params, I = [10, 0].
func TestForceWorkedExample(t *testing.T) {
	scn := must(scenario.TwoPatch(100000, 0))
	mix := must(mixing.DefaultGravity().Mixing(scn))
	p := systems.DefaultInfectionParams()
	betaTick := p.BetaPerTick(params.StepDays)
	assert.InDelta(t, 8.021978021978022, betaTick, 1e-15, "8/14·365/26")

	x := []float64{betaTick * 10, 0}
	acc := make([]float64, 2)
	systems.Force(acc, x, mix)
	n := []float64{100000, 50000} // S+I+R of each patch
	wantLambda := []float64{7.981868e-4, 8.021978e-6}
	wantP := []float64{7.978683e-4, 8.021946e-6}
	for j := range 2 {
		lambda := acc[j] / n[j]
		assert.InEpsilon(t, wantLambda[j], lambda, 1e-6, "SPEC gives λ to 7 significant digits")
		assert.InEpsilon(t, wantP[j], -math.Expm1(-lambda), 1e-6)
	}

	active := make([]float64, 2)
	systems.ForceActive(active, x, []int32{0}, mix, 0, 2)
	assert.Equal(t, acc, active, "the active-source kernel is bit-identical")
	sparse := make([]float64, 2)
	systems.ForceActive(sparse, x, []int32{0}, mix.ToCSR(), 0, 2)
	assert.Equal(t, acc, sparse, "CSR storage is bit-identical")

	// E[ΔI] for patch 0 = 99990·p0 = 79.7789; 2·10⁴ draws; SE = √(npq/m).
	lambda0 := acc[0] / n[0]
	p0 := -math.Expm1(-lambda0)
	const draws = 20000
	src := rng.NewSource(1, "test.force", 0)
	var sum float64
	for range draws {
		sum += float64(rng.Binomial(src, 99990, p0))
	}
	se := math.Sqrt(99990 * p0 * (1 - p0) / draws)
	assert.InDelta(t, 79.7789, sum/draws, 5*se)
}

// TestSeasonalMultipliers checks the §5.1 table for A = 0.3, t0 = 0 (to 4
// decimals) and the optional season table.
func TestSeasonalMultipliers(t *testing.T) {
	p := systems.DefaultInfectionParams()
	p.Seasonality = 0.3
	want := []float64{1.0000, 1.0718, 1.1394, 1.1989, 1.2469, 1.2805, 1.2978, 1.2978, 1.2805, 1.2469, 1.1989, 1.1394, 1.0718, 1.0000}
	for k, w := range want {
		assert.InDelta(t, w, p.Season(k, params.StepDays), 5e-5, "tick %d", k)
	}
	table := make([]float64, 26)
	for k := range table {
		table[k] = float64(k)
	}
	q := systems.DefaultInfectionParams()
	q.SeasonTable, q.SeasonStart = table, 3
	require.NoError(t, q.Validate())
	assert.Equal(t, 0.0, q.Season(3, params.StepDays))
	assert.Equal(t, 25.0, q.Season(2, params.StepDays))
	q.Seasonality = 0.1
	require.ErrorContains(t, q.Validate(), "season_table requires seasonality = 0")
}

// TestKermackMcKendrick is SPEC AT-5: one patch of 10 000, β = 0.5, 10
// seeds, tracker first, 27 ticks, 5 reps. Theory z = 1 − e^(−7z) = 0.9990822
// (reference bound: mean relative error < 0.05); rubeola's bound: mean final
// S in [3, 15] (expected ≈ 9 with β_tick = 7.019, z = 0.9990998).
func TestKermackMcKendrick(t *testing.T) {
	const reps = 5
	var relErr, finalS float64
	for seed := uint64(1); seed <= reps; seed++ {
		p := quietParams(27, seed)
		p.StartTime = "2001-01"
		inf := systems.DefaultInfectionParams()
		inf.Beta = 0.5
		seeding := systems.DefaultSeedingParams()
		seeding.NumInfections = 10
		m := run(t, onePatch(t), p, metrics.NewStateTracker(nil), systems.NewInfectionSeeding(&seeding), systems.NewInfection(&inf))
		s := model.InstancesOf[*metrics.StateTracker](m)[0].Series("S")
		require.Equal(t, int64(9990), s[0])
		z := float64(s[0]-s[26]) / float64(s[0])
		relErr += math.Abs(z-0.9990822) / 0.9990822
		finalS += float64(s[26])
	}
	assert.Less(t, relErr/reps, 0.05)
	assert.GreaterOrEqual(t, finalS/reps, 3.0)
	assert.LessOrEqual(t, finalS/reps, 15.0)
}

// TestNoTransmission is SPEC AT-12: with β = 0 the seeded 10 never grow.
func TestNoTransmission(t *testing.T) {
	inf := systems.DefaultInfectionParams()
	inf.Beta = 0
	seeding := systems.DefaultSeedingParams()
	seeding.NumInfections = 10
	m := run(t, must(scenario.SinglePatch(100000, 0)), quietParams(50, 3),
		systems.NewInitializeEquilibriumStates(nil), systems.NewInfectionSeeding(&seeding),
		systems.NewInfection(&inf), systems.NewVitalDynamics(nil), metrics.NewStateTracker(nil))
	for _, v := range model.InstancesOf[*metrics.StateTracker](m)[0].Series("I") {
		assert.LessOrEqual(t, v, int64(10))
	}
}

// TestZeroPopulationPatch: λ = 0 where N = 0 (the reference divides 0/0).
func TestZeroPopulationPatch(t *testing.T) {
	scn := table(t, []string{"empty", "town"}, []int64{0, 5000})
	inf := systems.DefaultInfectionParams()
	seeding := systems.SeedingParams{NumInfections: 5, TargetPatches: []string{"town"}}
	m := run(t, scn, quietParams(10, 1), systems.NewInfectionSeeding(&seeding), systems.NewInfection(&inf),
		systems.NewVitalDynamics(nil), systems.NewImportationPressure(nil))
	assert.Equal(t, model.Counts{}, m.Patches().Get(0))
	c := m.Patches().Get(1)
	assert.GreaterOrEqual(t, c.S, int64(0))
	assert.GreaterOrEqual(t, c.I, int64(0))
}

// TestInfectionKernelsAgree: Parallel true (active sources, parallel blocks)
// and false (reference loop) give identical trajectories for any workers.
func TestInfectionKernelsAgree(t *testing.T) {
	scn := must(scenario.RandomN(700, 7, 0.5)) // 700 patches: three rng blocks
	var ref [][]int64
	for _, tc := range []struct {
		numba   bool
		workers int
	}{{false, 1}, {true, 1}, {true, 2}, {true, 7}} {
		p := quietParams(30, 11)
		p.Parallel = tc.numba
		m, err := model.NewBiweekly(scn, p, model.WithWorkers(tc.workers), model.WithProgressWriter(io.Discard), model.WithStdout(io.Discard))
		require.NoError(t, err)
		per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
		require.NoError(t, m.SetComponents(append(model.DefaultComponents(), metrics.NewStateTracker(&per))...))
		require.NoError(t, m.Run(t.Context()))
		tr := model.InstancesOf[*metrics.StateTracker](m)[1]
		var got [][]int64
		for _, s := range []string{"S", "I", "R"} {
			counts := must(tr.Counts(s))
			got = append(got, counts...)
		}
		if ref == nil {
			ref = got
			continue
		}
		assert.Equal(t, ref, got, "numba=%v workers=%d", tc.numba, tc.workers)
	}
}

// TestMixingMatrixPerInstance: the matrix is built from the model's own
// scenario (the reference caches it on the mixer and reuses it stale).
func TestMixingMatrixPerInstance(t *testing.T) {
	two := must(scenario.TwoPatch(100000, 0))
	m := run(t, two, quietParams(1, 1), systems.NewInfection(nil))
	mix := model.InstancesOf[*systems.Infection](m)[0].MixingMatrix()
	require.NotNil(t, mix)
	assert.InDelta(t, 0.995, mix.At(0, 0), 1e-12)
	assert.InDelta(t, 0.005, mix.At(0, 1), 1e-12)
	assert.InDelta(t, 0.02, mix.At(1, 0), 1e-12)
	assert.InDelta(t, 0.98, mix.At(1, 1), 1e-12)

	three := table(t, []string{"a", "b", "c"}, []int64{1000, 2000, 3000})
	m = run(t, three, quietParams(1, 1), systems.NewInfection(nil))
	assert.Equal(t, 3, model.InstancesOf[*systems.Infection](m)[0].MixingMatrix().N())

	user := systems.DefaultInfectionParams()
	user.Mixer = mixing.FromMixingMatrix([][]float64{{1}})
	mm, err := model.NewBiweekly(two, quietParams(1, 1), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, mm.SetComponents(systems.NewInfection(&user)))
	require.Error(t, mm.Run(t.Context()), "a 1×1 matrix does not fit two patches")
}

func TestInfectionParamsDecoding(t *testing.T) {
	p, err := systems.DecodeInfectionParams([]byte(`{"seasonal_amplitude": 0.3, "mixer": {"type": "gravity", "k": 0.02}}`))
	require.NoError(t, err)
	assert.Equal(t, 0.3, p.Seasonality)
	assert.Equal(t, 8.0/14.0, p.Beta)
	g, ok := p.Mixer.(mixing.Gravity)
	require.True(t, ok)
	assert.Equal(t, 0.02, g.K)

	for _, tc := range []struct{ json, message string }{
		{`{"distance_exponent": 2}`, "configure the mixer"},
		{`{"amplitude": 0.2}`, "amplitude"},
		{`{"betta": 1}`, `did you mean "beta"`},
		{`{"beta": -1}`, "beta must be"},
		{`{"seasonality": 1.5}`, "seasonality must be in [0, 1]"},
		{`{"season_start": 26}`, "season_start"},
		{`{"mixer": {"type": "teleport"}}`, "teleport"},
		{`{"storage": "float16"}`, `storage must be "float64", "float32", "dense", "streaming" or "hierarchical"`},
		{`{"storage": ""}`, `storage must be "float64", "float32", "dense", "streaming" or "hierarchical"`},
	} {
		_, err := systems.DecodeInfectionParams([]byte(tc.json))
		assert.ErrorContains(t, err, tc.message, tc.json)
	}

	data, err := p.MarshalJSON()
	require.NoError(t, err)
	back, err := systems.DecodeInfectionParams(data)
	require.NoError(t, err)
	assert.Equal(t, p, back, "canonical JSON round-trips")
}

// TestInfectionStorage: the default kernel stores gravity factored in
// float64; storage "float32" (SPEC §7.5 opt-in) stores D as float32 and
// needs the default kernel and a gravity mixer (an error otherwise, never a
// silent fallback); MixingMatrix still answers on the factored path.
func TestInfectionStorage(t *testing.T) {
	p, err := systems.DecodeInfectionParams([]byte(`{"storage": "float32"}`))
	require.NoError(t, err)
	assert.Equal(t, systems.StorageFloat32, p.Storage)
	assert.Equal(t, systems.StorageFloat64, systems.DefaultInfectionParams().Storage)

	three := table(t, []string{"a", "b", "c"}, []int64{1000, 2000, 3000})
	for _, tc := range []struct {
		storage string
		f32     bool
	}{{systems.StorageFloat64, false}, {systems.StorageFloat32, true}} {
		q := systems.DefaultInfectionParams()
		q.Storage = tc.storage
		m := run(t, three, quietParams(1, 1), systems.NewInfection(&q))
		inf := model.InstancesOf[*systems.Infection](m)[0]
		require.NotNil(t, inf.Factored(), "default path is factored")
		assert.Equal(t, tc.f32, inf.Factored().Float32())
		mix := inf.MixingMatrix()
		require.NotNil(t, mix)
		assert.InDelta(t, 1, mix.RowSums()[0], 1e-12)
	}

	ref := quietParams(1, 1)
	ref.Parallel = false
	q := systems.DefaultInfectionParams()
	q.Storage = systems.StorageFloat32
	mm, err := model.NewBiweekly(three, ref, model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, mm.SetComponents(systems.NewInfection(&q)))
	require.ErrorContains(t, mm.Run(t.Context()), `storage "float32" needs the default kernel`)
}

// TestInfectionStorageDense: storage "dense" (the opt-in for sparse
// epidemics) keeps the dense matrix and the active-source kernel on the
// default path: no factored matrix, and every S, I, R equal to the
// reference kernel's (ForceActive adds the same products in the same order,
// SPEC §7.5), with 1 and 2 workers. RandomN(600): 600 ≥ parallelForceMin
// (512), so the force is split across the workers.
func TestInfectionStorageDense(t *testing.T) {
	scn := must(scenario.RandomN(600, 3, 0))
	q := systems.DefaultInfectionParams()
	q.Storage = systems.StorageDense
	runWith := func(numba bool, workers int) *model.Model {
		p := quietParams(20, 5)
		p.Parallel = numba
		m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard),
			model.WithWorkers(workers))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInfection(&q)))
		require.NoError(t, m.Run(t.Context()))
		return m
	}
	want := runWith(false, 1)
	requireSpread(t, want)
	for _, workers := range []int{1, 2} {
		m := runWith(true, workers)
		inf := model.InstancesOf[*systems.Infection](m)[0]
		assert.Nil(t, inf.Factored(), "dense storage: no factored matrix")
		require.NotNil(t, inf.MixingMatrix())
		assert.Equal(t, want.World().I(), m.World().I(), "workers %d: I", workers)
		assert.Equal(t, want.World().S(), m.World().S(), "workers %d: S", workers)
		assert.Equal(t, want.World().R(), m.World().R(), "workers %d: R", workers)
	}
}

// TestInfectionSparseEpidemicWorkers: a seeded epidemic without importation
// (few infectious patches at its start and end: the factored kernel's
// source-major pass and row cache, filled by the worker pool) gives the
// same S, I, R with 1, 2 and 3 workers (SPEC §7.5 rule 1). RandomN(1000):
// four blocks of the factored tiles, above parallelForceMin (512).
func TestInfectionSparseEpidemicWorkers(t *testing.T) {
	scn := must(scenario.RandomN(1000, 4, 0))
	runWith := func(workers int) *model.Model {
		m, err := model.NewBiweekly(scn, quietParams(40, 9), model.WithStdout(io.Discard),
			model.WithProgressWriter(io.Discard), model.WithWorkers(workers))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInfection(nil)))
		require.NoError(t, m.Run(t.Context()))
		return m
	}
	want := runWith(1)
	requireSpread(t, want)
	for _, workers := range []int{2, 3} {
		m := runWith(workers)
		assert.Equal(t, want.World().S(), m.World().S(), "workers %d: S", workers)
		assert.Equal(t, want.World().I(), m.World().I(), "workers %d: I", workers)
		assert.Equal(t, want.World().R(), m.World().R(), "workers %d: R", workers)
	}
}
