package systems_test

import (
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// TestBirthsToWithCohort runs VitalDynamics for a year of biweekly ticks
// with births from the scenario (3 650 a year in patch a, none dying:
// deaths 0), births_to = "M" and a cohort of share 0.6 on 09-01. The
// births, read from the published views each tick, go to M and are
// (1 − 0.6) × 3 650 × 364/365 in expectation; the cohort (0.6 × 3 650,
// one tick) enters S and is reported as the cohort, not as births; each
// sum of Poisson draws within 5 SE = 5·√mean.
func TestBirthsToWithCohort(t *testing.T) {
	const share, yearly = 0.6, 3650.0
	scn := withColumn(t, table(t, []string{"a"}, []int64{100000}), "births_per_year", "3650")
	p := systems.DefaultVitalDynamicsParams()
	p.Births, p.CrudeDeathRate, p.BirthsTo = "scenario", 0, "M"
	p.Cohort = &systems.Cohort{Share: share, Day: "09-01"}
	var births, cohort, cohortTicks, sBefore int64
	var flows *ecs.Flows
	before := phases.Func("Before", func(m phases.Model, _ int) error {
		sBefore = m.World().S()[0]
		return nil
	})
	after := phases.Func("After", func(m phases.Model, _ int) error {
		if flows == nil {
			flows = ecs.FlowsOf(m.World())
		}
		births += flows.Births[0]
		cohort += flows.Cohort[0]
		if flows.Cohort[0] > 0 {
			cohortTicks++
			assert.Equal(t, flows.Cohort[0], m.World().S()[0]-sBefore, "the cohort enters S")
		}
		return nil
	})
	m, err := model.NewBiweekly(scn, quietParams(26, 5), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard),
		model.WithCompartments(ecs.NewCompartment[roleM]("M")))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(before, systems.NewVitalDynamics(&p), after))
	require.NoError(t, m.Run(t.Context()))
	mTotal, err := m.Patches().Total("M")
	require.NoError(t, err)
	assert.Equal(t, births, mTotal, "every birth entered M (no MCV1 coverage, no deaths)")
	wantBirths := (1 - share) * yearly * 26 * 14 / 365
	assert.InDelta(t, wantBirths, float64(births), 5*math.Sqrt(wantBirths))
	assert.InDelta(t, share*yearly, float64(cohort), 5*math.Sqrt(share*yearly))
	assert.Equal(t, int64(1), cohortTicks)
}

// TestBirthsToErrors: births_to must name a declared compartment; the
// error, at build time, names the key and lists the declared ones.
func TestBirthsToErrors(t *testing.T) {
	for _, tc := range []struct {
		name, to string
		extra    []ecs.Compartment
		want     string
	}{
		{"unknown", "W", []ecs.Compartment{ecs.NewCompartment[roleM]("M")}, `births_to = "W" is not a declared compartment (declared: ["M"]; "S" is the default)`},
		{"built in", "R", []ecs.Compartment{ecs.NewCompartment[roleM]("M")}, `births_to = "R" is not a declared compartment (declared: ["M"]`},
		{"none declared", "M", nil, `births_to = "M": the model declares no compartment besides ["S" "I" "R"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.NewBiweekly(table(t, []string{"a"}, []int64{1000}), quietParams(2, 1), model.WithStdout(io.Discard),
				model.WithCompartments(tc.extra...))
			require.NoError(t, err)
			p := systems.DefaultVitalDynamicsParams()
			p.BirthsTo = tc.to
			err = m.SetComponents(systems.NewVitalDynamics(&p))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
