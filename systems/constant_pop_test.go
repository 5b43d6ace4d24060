package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

func TestConstantPopParams(t *testing.T) {
	p := systems.DefaultConstantPopParams()
	assert.Equal(t, 20.0, p.CrudeBirthRate, "SPEC §5.5 default")
	assert.Equal(t, p.CrudeBirthRate, p.CrudeDeathRate())
	// SPEC §5.4/§5.5: μ = λ_b = 1.02^(14/365) − 1.
	assert.InEpsilon(t, 7.598414e-4, p.Rate(params.StepDays), 1e-6)

	got, err := systems.DecodeConstantPopParams([]byte(`{"crude_birth_rate": 35}`))
	require.NoError(t, err)
	assert.Equal(t, 35.0, got.CrudeBirthRate)
	assert.Equal(t, 35.0, got.CrudeDeathRate())

	for _, tc := range []struct{ in, want string }{
		{`{"crude_death_rate": 20}`, `ConstantPopProcess: key "crude_death_rate" is not accepted: ConstantPop's death rate equals crude_birth_rate`},
		{`{"mcv1_efficacy": 0.9}`, `key "mcv1_efficacy" is not accepted: ConstantPop does not vaccinate`},
		{`{"cbr": 20}`, `did you mean "crude_birth_rate"?`},
		{`{"crude_birth_rate": -1}`, `crude_birth_rate must be a finite number >= 0, got -1`},
		{`{"birth_rate": 1}`, `unknown key "birth_rate"`},
	} {
		_, err := systems.DecodeConstantPopParams([]byte(tc.in))
		require.ErrorContains(t, err, tc.want, tc.in)
	}
	bad := systems.ConstantPopParams{CrudeBirthRate: math.NaN()}
	m, err := model.NewBiweekly(must(scenario.SinglePatch(1000, 0)), quietParams(1, 1))
	require.NoError(t, err)
	require.ErrorContains(t, m.SetComponents(systems.NewConstantPop(&bad)), "crude_birth_rate must be a finite number")
}

// TestConstantPop is SPEC AT-10: TwoPatch, [ConstantPop], 50 ticks: S + I
// equals the total population every tick and R = 0; then [InfectionSeeding,
// Infection, ConstantPop, StateTracker]: every patch's total is conserved
// exactly every tick. CrudeDeathRate() == CrudeBirthRate.
func TestConstantPop(t *testing.T) {
	scn := must(scenario.TwoPatch(100000, 0))
	total := scn.TotalPop()
	checks := 0
	check := func(alone bool) phases.Factory {
		return phases.Func("Check", func(m phases.Model, tick int) error {
			w := m.World()
			s, i, r := w.S(), w.I(), w.R()
			var si int64
			for j := range s {
				assert.Equal(t, scn.Pop[j], s[j]+i[j]+r[j], "patch %d tick %d", j, tick)
				si += s[j] + i[j]
				if alone {
					assert.Zero(t, r[j], "patch %d tick %d", j, tick)
				}
			}
			if alone {
				assert.Equal(t, total, si, "S+I at tick %d", tick)
			}
			checks++
			return nil
		})
	}

	m := run(t, scn, quietParams(50, 3), systems.NewConstantPop(nil), check(true))
	cp := model.InstancesOf[*systems.ConstantPop](m)[0]
	assert.Equal(t, cp.Params().CrudeBirthRate, cp.CrudeDeathRate())
	assert.Zero(t, cp.ClampedDeaths())
	assert.Equal(t, 50, checks)

	checks = 0
	beta := systems.DefaultInfectionParams()
	m = run(t, scn, quietParams(50, 4),
		systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 10, UseLargestPatch: true}),
		systems.NewInfection(&beta), systems.NewConstantPop(nil), check(false))
	assert.Equal(t, 50, checks)
	assert.Positive(t, m.Patches().Totals().R, "the epidemic ran")
	for j := range scn.Len() {
		assert.Equal(t, scn.Pop[j], m.Patches().Get(j).N())
	}
}

// TestConstantPopBlockRate: with S = I = 0 and R = 10⁶, the deaths from R
// (all reborn into S) are Poisson(10⁶·μ) = Poisson(759.84) per tick (SPEC
// §5.5 with the default μ). The mean of 2 000 fresh one-tick draws is
// within 5 SE (SE = √(759.84/2000) = 0.616) of 759.84.
func TestConstantPopBlockRate(t *testing.T) {
	mu := systems.DefaultConstantPopParams().Rate(params.StepDays)
	src := rng.NewSource(11, "test", 12)
	const reps = 2000
	var sum int64
	for range reps {
		s, i, r := []int64{0}, []int64{0}, []int64{1000000}
		clamped, cerr := systems.ConstantPopBlock(src, mu, s, nil, i, r)
		require.Nil(t, cerr)
		require.Zero(t, clamped)
		require.Equal(t, int64(1000000), s[0]+i[0]+r[0])
		sum += s[0]
	}
	mean := 1e6 * mu
	assert.InDelta(t, mean, float64(sum)/reps, 5*math.Sqrt(mean/reps))
}

// TestConstantPopClamped: with μ ≈ 9.9 per tick (CBR 10³⁰ per 1000 per
// year) nearly every draw exceeds its compartment; deaths are clamped, the
// excess counted, counts never go negative and totals stay exact (SPEC §5.8).
func TestConstantPopClamped(t *testing.T) {
	p := systems.ConstantPopParams{CrudeBirthRate: 1e30}
	require.Greater(t, p.Rate(params.StepDays), 9.0)
	scn := table(t, []string{"a", "b", "c"}, []int64{0, 1, 1000})
	m := run(t, scn, quietParams(20, 2),
		systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 500, TargetPatches: []string{"c"}}),
		systems.NewConstantPop(&p),
		phases.Func("NonNegative", func(m phases.Model, tick int) error {
			for _, col := range [][]int64{m.World().S(), m.World().I(), m.World().R()} {
				for j, v := range col {
					assert.GreaterOrEqual(t, v, int64(0), "patch %d tick %d", j, tick)
				}
			}
			return nil
		}))
	cp := model.InstancesOf[*systems.ConstantPop](m)[0]
	assert.Positive(t, cp.ClampedDeaths())
	for j := range scn.Len() {
		assert.Equal(t, scn.Pop[j], m.Patches().Get(j).N())
	}
}

// TestConstantPopNoAllocations checks DESIGN §4 rule 1: a ConstantPop step
// allocates nothing, on the sequential and the parallel path (600 patches =
// 3 blocks of rng.BlockSize).
func TestConstantPopNoAllocations(t *testing.T) {
	require.Equal(t, 256, rng.BlockSize)
	scn := must(scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions()))
	for _, numba := range []bool{false, true} {
		p := quietParams(10, 1)
		p.Parallel = numba
		m, err := model.NewBiweekly(scn, p, model.WithWorkers(2))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewConstantPop(nil)))
		require.NoError(t, m.Initialize())
		cp := model.InstancesOf[*systems.ConstantPop](m)[0]
		allocs := testing.AllocsPerRun(100, func() {
			if err := cp.Step(m, 0); err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, "use_numba %v", numba)
	}
}
