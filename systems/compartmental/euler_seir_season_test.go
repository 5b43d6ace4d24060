package compartmental_test

import (
	"context"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// splineParams are EulerSEIR's defaults with population "simulated" and
// a cubic season of 6 bases with the free coefficients coef.
func splineParams(coef ...float64) compartmental.EulerSEIRParams {
	ep := compartmental.DefaultEulerSEIRParams()
	ep.Population = compartmental.PopulationSimulated
	ep.Season, ep.SeasonDegree, ep.SeasonNBasis = compartmental.SeasonBSpline, 3, 6
	ep.SeasonCoefficients = nil
	for _, c := range coef {
		ep.SeasonCoefficients = append(ep.SeasonCoefficients, systems.PatchNumber(c))
	}
	return ep
}

// eulerModel is a compartmental model of two patches of 10⁶ people from
// 2000-01 with EulerSEIR ep alone (the equilibrium states first), seed 3.
func eulerModel(t *testing.T, ep compartmental.EulerSEIRParams, ticks int) *model.Model {
	t.Helper()
	p := params.DefaultCompartmental()
	p.NumTicks, p.Seed, p.ShowProgress, p.Verbose, p.StartTime = ticks, 3, false, false, "2000-01"
	m, err := model.NewCompartmental(systest.Must(scenario.TwoPatch(1_000_000, 0)), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInitializeEquilibriumStates(nil), compartmental.NewEulerSEIR(&ep)))
	return m
}

// TestEulerSEIRSplineSeason: EulerSEIR's estimated season is a per-patch
// parameter (b1 … b5) and the day's multiplier of every patch is the
// basis's at the day of the decimal year, from the live coefficients (a
// write to b1 of patch 1 shows the next tick). All-zero coefficients run
// exactly as season "none" (e⁰ = 1: the same draws), other coefficients
// change the run: the kernel sees the multiplier.
func TestEulerSEIRSplineSeason(t *testing.T) {
	coef := []float64{0.5, -0.3, 0.2, 0.1, -0.4}
	m := eulerModel(t, splineParams(coef...), 40)
	require.NoError(t, m.Initialize())
	c := model.InstancesOf[*compartmental.EulerSEIR](m)[0]
	assert.Equal(t, []string{"r0", "sigma", "gamma", "mu", "alpha", "iota", "sigma_se", "amplitude", "g", "b1", "b2", "b3", "b4", "b5"},
		c.PatchParameterKeys())
	b1 := c.PatchParameter("b1")
	require.Len(t, b1, 2)
	b1[1] = -0.5
	basis, err := systems.NewSeasonBasis("test", systems.SeasonBSpline, 3, 6, "d", "n")
	require.NoError(t, err)
	for tick := range 40 {
		require.NoError(t, m.RunTicks(context.Background(), 1))
		doy := compartmental.DecimalDayOfYear(m.TickDate(tick))
		assert.InDelta(t, basis.Multiplier(doy, compartmental.YearDays, coef), c.SeasonMultipliers()[0], 1e-15, "tick %d, patch 0", tick)
		other := append([]float64{-0.5}, coef[1:]...)
		assert.InDelta(t, basis.Multiplier(doy, compartmental.YearDays, other), c.SeasonMultipliers()[1], 1e-15, "tick %d, patch 1", tick)
	}
	c.Resample([]int32{1, 1})
	assert.Equal(t, []float64{-0.5, -0.5}, c.PatchParameter("b1"), "the coefficients move with their particle")

	run := func(ep compartmental.EulerSEIRParams) []int64 {
		m := eulerModel(t, ep, 60)
		require.NoError(t, m.Run(context.Background()))
		return append(append([]int64(nil), m.World().S()...), m.World().I()...)
	}
	none := compartmental.DefaultEulerSEIRParams()
	none.Population, none.Season = compartmental.PopulationSimulated, compartmental.SeasonNone
	assert.Equal(t, run(none), run(splineParams(0, 0, 0, 0, 0)), "zero coefficients: s = 1, the run of season none")
	assert.NotEqual(t, run(none), run(splineParams(coef...)), "the season changes the run")
}

// TestEulerSEIRTSIRSeason: with season "tsir" the multiplier on day d of
// the decimal year is e^(c_k), k = ⌊d/14⌋ + 1 (the 26th also the rest of
// the year; Jan 1 2000 is day 364.75 of the decimal year, so the run
// starts in biweek 26 and crosses into biweek 1); the keys are biweek1 …
// biweek25.
func TestEulerSEIRTSIRSeason(t *testing.T) {
	ep := splineParams()
	ep.Season, ep.SeasonDegree, ep.SeasonNBasis = compartmental.SeasonTSIR, 0, 0
	coef := make([]float64, 26) // the 26th is −Σ of the others
	for k := range 25 {
		coef[k] = 0.02 * float64(k-10)
		coef[25] -= coef[k]
		ep.SeasonCoefficients = append(ep.SeasonCoefficients, systems.PatchNumber(coef[k]))
	}
	m := eulerModel(t, ep, 30)
	require.NoError(t, m.Initialize())
	c := model.InstancesOf[*compartmental.EulerSEIR](m)[0]
	assert.Len(t, c.PatchParameter("biweek25"), 2)
	for tick := range 30 {
		require.NoError(t, m.RunTicks(context.Background(), 1))
		k := min(int(compartmental.DecimalDayOfYear(m.TickDate(tick))/14), 25)
		assert.InDelta(t, math.Exp(coef[k]), c.SeasonMultipliers()[0], 1e-15, "tick %d", tick)
	}
}

// TestEulerSEIRSeasonErrors: bad estimated seasons are refused naming the
// key and what was expected.
func TestEulerSEIRSeasonErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(p *compartmental.EulerSEIRParams)
		want string
	}{
		{"too many coefficients", func(p *compartmental.EulerSEIRParams) { *p = splineParams(1, 2, 3, 4, 5, 6) },
			"season_coefficients has 6 values, want 5 (nbasis − 1 = 5)"},
		{"degree = nbasis", func(p *compartmental.EulerSEIRParams) { *p = splineParams(1, 2, 3, 4, 5); p.SeasonDegree = 6 },
			"season_degree must be in 0…5 (below season_nbasis = 6), got 6"},
		{"NaN", func(p *compartmental.EulerSEIRParams) { *p = splineParams(0, 0, math.NaN(), 0, 0) },
			"season_coefficients[2] (b3) must be a finite number"},
		{"Inf", func(p *compartmental.EulerSEIRParams) { *p = splineParams(0, 0, 0, 0, math.Inf(-1)) },
			"season_coefficients[4] (b5) must be a finite number"},
		{"tsir with nbasis", func(p *compartmental.EulerSEIRParams) {
			*p = splineParams(make([]float64, 25)...)
			p.Season, p.SeasonDegree = compartmental.SeasonTSIR, 0
		}, `season_degree and season_nbasis are for season "bspline"`},
		{"he2010 with coefficients", func(p *compartmental.EulerSEIRParams) {
			*p = splineParams(0, 0, 0, 0, 0)
			p.Season = compartmental.SeasonHe2010
		}, `season_degree, season_nbasis and season_coefficients are for season "bspline" or "tsir", got season "he2010"`},
		{"unknown season", func(p *compartmental.EulerSEIRParams) { p.Season = "splines" }, `season`},
	} {
		p := compartmental.DefaultEulerSEIRParams()
		tc.edit(&p)
		err := p.Validate()
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), compartmental.EulerSEIRName+": "+tc.want, tc.name)
	}
	p, err := compartmental.DecodeEulerSEIRParams([]byte(`{"season": "bspline", "season_degree": 2, "season_nbasis": 4,
		"season_coefficients": [0.1, {"column": "b2"}, -0.2]}`))
	require.NoError(t, err)
	assert.Equal(t, "b2", p.SeasonCoefficients[1].ColumnName(), "a coefficient from a scenario column")
}

// TestSEIRInfectionEstimatedSeason: the compartmental model's
// InfectionProcess takes TSIR's biweekly season with fixed coefficients:
// its coefficient on day t (from Jun 1 2000) is β·e^(c_k), k the TSIR
// biweek of the day of the 365-day year.
func TestSEIRInfectionEstimatedSeason(t *testing.T) {
	coef := make([]float64, 26) // the 26th is −Σ of the others
	for k := range 25 {
		coef[k] = 0.05 * float64(k%5-2)
		coef[25] -= coef[k]
	}
	q := compartmental.DefaultInfectionParams()
	q.SeasonSpec = &systems.SeasonSpec{Type: systems.SeasonTSIR, Coefficients: coef[:25]}
	require.NoError(t, q.Validate())
	m := seirModel(t, systest.Must(scenario.TwoPatch(100000, 0)), q, true, 1)
	require.NoError(t, m.Initialize())
	inf := model.InstancesOf[*compartmental.Infection](m)[0].Force()
	for _, tick := range []int{0, 13, 14, 200, 213, 214, 365} {
		day := systems.SeasonDay(m.TickDate(tick))
		assert.InDelta(t, q.Beta*math.Exp(coef[systems.TSIRBiweek(float64(day), 365)]), inf.Coefficient(tick), 1e-15, "tick %d (day %d)", tick, day)
	}
}
