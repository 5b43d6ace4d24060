package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

func TestPerTickRates(t *testing.T) {
	p := systems.DefaultVitalDynamicsParams()
	// SPEC §5.4: λ_b = 1.02^(14/365) − 1, μ_d = 1.008^(14/365) − 1.
	assert.InEpsilon(t, 7.598414e-4, p.BirthRate(params.StepDays), 1e-6)
	assert.InEpsilon(t, 3.056751e-4, p.DeathRate(params.StepDays), 1e-6)
}

// TestVitalDynamicsGrowth is SPEC AT-8: SinglePatch and TwoPatch, mcv1 0,
// VitalDynamics only, 365 ticks, 3 reps. Target pop·exp((λ_b − μ_d)·365) =
// 118 030 per 100 000; reference bound 10 %, rubeola 1 % in every run (the
// run-to-run sd of the final population is ≈ 0.3 %: births and deaths are
// Poisson with ≈ 3·10⁴ and 1.2·10⁴ events per 100 000 over the run).
func TestVitalDynamicsGrowth(t *testing.T) {
	p := systems.DefaultVitalDynamicsParams()
	growth := math.Exp((p.BirthRate(params.StepDays) - p.DeathRate(params.StepDays)) * 365)
	scenarios := []*scenario.Table{must(scenario.SinglePatch(100000, 0)), must(scenario.TwoPatch(100000, 0))}
	for _, scn := range scenarios {
		for seed := uint64(1); seed <= 3; seed++ {
			m := run(t, scn, quietParams(365, seed), systems.NewVitalDynamics(nil))
			for j := range scn.Len() {
				want := float64(scn.Pop[j]) * growth
				got := float64(m.Patches().Get(j).N())
				assert.Greater(t, got, float64(scn.Pop[j]))
				assert.InEpsilon(t, want, got, 0.01, "patch %d seed %d", j, seed)
			}
		}
	}
}

// TestMCV1AtBirth is SPEC AT-9: SinglePatch mcv1 0.8, 52 ticks; the share
// of protected births is within 5 SE of 0.72 = 0.8·0.9.
func TestMCV1AtBirth(t *testing.T) {
	var vd *systems.VitalDynamics
	var births, vacc int64
	collect := phases.Func("Collect", func(m phases.Model, _ int) error {
		births += vd.Births()[0]
		vacc += vd.VaccinatedBirths()[0]
		return nil
	})
	m, err := model.NewBiweekly(must(scenario.SinglePatch(100000, 0.8)), quietParams(52, 5))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewVitalDynamics(nil), collect))
	vd = model.InstancesOf[*systems.VitalDynamics](m)[0]
	require.NoError(t, m.Run(t.Context()))
	share := float64(vacc) / float64(births)
	se := math.Sqrt(0.72 * 0.28 / float64(births)) // binomial SE of a share
	assert.InDelta(t, 0.72, share, 5*se)
}

// TestDeathsClamped: with a huge death rate, deaths never exceed the
// compartment and the excess is counted (SPEC §5.8).
func TestDeathsClamped(t *testing.T) {
	vp := systems.VitalDynamicsParams{CrudeBirthRate: 0, CrudeDeathRate: 1e30, MCV1Efficacy: 0.9} // μ_d ≈ 11 per tick
	scn := table(t, []string{"a", "b"}, []int64{0, 1000})
	m := run(t, scn, quietParams(20, 2), systems.NewVitalDynamics(&vp))
	vd := model.InstancesOf[*systems.VitalDynamics](m)[0]
	assert.Equal(t, model.Counts{}, m.Patches().Totals())
	assert.Positive(t, vd.ClampedDeaths())
}

func TestVitalDynamicsParams(t *testing.T) {
	_, err := systems.DecodeVitalDynamicsParams([]byte(`{"cbr": 30}`))
	require.ErrorContains(t, err, `did you mean "crude_birth_rate"`)
	p, err := systems.DecodeVitalDynamicsParams([]byte(`{"crude_birth_rate": 30}`))
	require.NoError(t, err)
	assert.Equal(t, 30.0, p.CrudeBirthRate)
	assert.Equal(t, 8.0, p.CrudeDeathRate, "defaults fill the rest")
	_, err = systems.DecodeVitalDynamicsParams([]byte(`{"mcv1_efficacy": 1.5}`))
	require.ErrorContains(t, err, "mcv1_efficacy must be in [0, 1]")
}
