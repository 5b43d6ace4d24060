package systems_test

import (
	"context"
	"errors"
	"io"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// runErr runs a model to its end and returns the run's error.
func runErr(t *testing.T, scn *scenario.Table, ticks int, fs ...phases.Factory) (*model.Model, error) {
	t.Helper()
	m, err := model.NewBiweekly(scn, quietParams(ticks, 3), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m, m.Run(context.Background())
}

// TestVitalDynamicsStopsBefore2To53: a patch that births push past 2^53 over
// a long run stops the run with an error naming the patch, the component and
// the tick (SPEC §3.2), never a panic, and no count passes 2^53.
func TestVitalDynamicsStopsBefore2To53(t *testing.T) {
	// Births at CBR 20 add about 7.6e-4·2^53 ≈ 6.8e12 people per tick and
	// deaths at CDR 8 remove about 2.8e12: a patch 2e13 below 2^53 passes it
	// within about 5 ticks, well inside the 100 ticks asked for.
	const start = scenario.MaxPop - 20_000_000_000_000
	scn := table(t, []string{"small", "huge"}, []int64{1000, start})
	vp := systems.DefaultVitalDynamicsParams()
	m, err := runErr(t, scn, 100, systems.NewVitalDynamics(&vp))
	require.Error(t, err)
	assert.Regexp(t, regexp.MustCompile(`^tick \d+, phase VitalDynamicsProcess: patch 1 \("huge"\): population \d+ \+ \d+ births - \d+ deaths = \d+ would pass 9007199254740992 \(2\^53\), the largest count kept exact \(SPEC §3\.2\); the run stops before it does$`), err.Error())
	var ce *systems.CountError
	require.True(t, errors.As(err, &ce))
	assert.Equal(t, 1, ce.Patch)
	assert.Equal(t, "huge", ce.ID)
	c := m.Patches().Get(1)
	assert.LessOrEqual(t, c.S+c.I+c.R, int64(scenario.MaxPop), "the refused patch keeps its last valid counts")
	assert.Greater(t, c.S+c.I+c.R, int64(start), "births ran for some ticks first")
}

// TestDeathRateAboveSamplerLimit: a crude death rate so large that the
// Poisson mean passes 2^52 is an error naming the param, not a panic in
// rng.Poisson (SPEC §6.4).
func TestDeathRateAboveSamplerLimit(t *testing.T) {
	// CDR 1e300 per 1000 per year is about 2.5e11 deaths per person per
	// tick: with 10^6 people the mean is about 2.5e17 > 2^52 ≈ 4.5e15.
	scn := table(t, []string{"a"}, []int64{1_000_000})
	for _, tc := range []struct {
		name    string
		factory phases.Factory
		want    string
	}{
		{"VitalDynamics", systems.NewVitalDynamics(&systems.VitalDynamicsParams{CrudeDeathRate: 1e300}),
			`^tick 0, phase VitalDynamicsProcess: patch 0 \("a"\): deaths: mean 1000000 × \S+ per tick = \S+ is above the sampler limit 2\^52 \(SPEC §6\.4\); lower crude_death_rate$`},
		{"VitalDynamics births", systems.NewVitalDynamics(&systems.VitalDynamicsParams{CrudeBirthRate: 1e300}),
			`^tick 0, phase VitalDynamicsProcess: patch 0 \("a"\): births: mean 1000000 × \S+ per tick = \S+ is above the sampler limit 2\^52 \(SPEC §6\.4\); lower crude_birth_rate$`},
		{"ConstantPop", systems.NewConstantPop(&systems.ConstantPopParams{CrudeBirthRate: 1e300}),
			`^tick 0, phase ConstantPopProcess: patch 0 \("a"\): deaths: mean 1000000 × \S+ per tick = \S+ is above the sampler limit 2\^52 \(SPEC §6\.4\); lower crude_birth_rate$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := runErr(t, scn, 3, tc.factory)
			require.Error(t, err)
			assert.Regexp(t, regexp.MustCompile(tc.want), err.Error())
			assert.Equal(t, int64(1_000_000), m.Patches().Get(0).S, "the patch is unchanged")
		})
	}
}

// TestInfectionForceNotANumber: a beta so large that β·I overflows to +Inf
// meets the zero terms of uninfected sources as NaN; the run stops with an
// error naming the patch instead of a panic in rng.BinomialHazard (found by
// hand while reviewing what the run-file fuzz target runs).
func TestInfectionForceNotANumber(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{100000, 50000})
	inf := systems.DefaultInfectionParams()
	inf.Beta = 1e308
	for _, numba := range []bool{false, true} {
		p := quietParams(3, 3)
		p.Parallel = numba
		m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(
			systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 5, UseLargestPatch: true}),
			systems.NewInfection(&inf)))
		err = m.Run(context.Background())
		require.Error(t, err)
		assert.Regexp(t, `^tick 0, phase InfectionProcess: patch \d \("[ab]"\): the force of infection is not a number: beta × season × infectious × mixing overflows float64 \(beta or the mixing weights far too large\?\)$`, err.Error())
	}
}

// TestDataAboveSamplerLimit: births or deaths from data whose mean per tick
// is above 2^52 (10^300 per year) stop the run naming the patch and the
// source key, leaving the patch unchanged.
func TestDataAboveSamplerLimit(t *testing.T) {
	scn := withColumn(t, table(t, []string{"a"}, []int64{1_000_000}), "births_per_year", "1e300")
	scn = withColumn(t, scn, "deaths_per_year", "1e300")
	for _, tc := range []struct {
		births, deaths, want string
	}{
		{"scenario", "crude", `^tick 0, phase VitalDynamicsProcess: patch 0 \("a"\): births: mean \S+ per tick is above the sampler limit 2\^52 \(SPEC §6\.4\); check the births data$`},
		{"crude", "scenario", `^tick 0, phase VitalDynamicsProcess: patch 0 \("a"\): deaths: mean \S+ per tick is above the sampler limit 2\^52 \(SPEC §6\.4\); check the deaths data$`},
	} {
		t.Run(tc.births+" "+tc.deaths, func(t *testing.T) {
			p := systems.DefaultVitalDynamicsParams()
			p.Births, p.Deaths = tc.births, tc.deaths
			m, err := runErr(t, scn, 3, systems.NewVitalDynamics(&p))
			require.Error(t, err)
			assert.Regexp(t, regexp.MustCompile(tc.want), err.Error())
			assert.Equal(t, int64(1_000_000), m.Patches().Get(0).S, "the patch is unchanged")
		})
	}
}
