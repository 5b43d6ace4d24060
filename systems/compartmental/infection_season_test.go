package compartmental_test

import (
	"io"
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

// seirModel initialises a compartmental (daily, SEIR) model of scn from
// start month 2000-06 with the SEIR transmission q, kernel numba, for
// ticks days.
func seirModel(t *testing.T, scn *scenario.Table, q compartmental.InfectionParams, numba bool, ticks int) *model.Model {
	t.Helper()
	p := params.DefaultCompartmental()
	p.NumTicks, p.Seed, p.ShowProgress, p.Verbose = ticks, 5, false, false
	p.StartTime = "2000-06"
	p.Parallel = numba
	m, err := model.NewCompartmental(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInitializeEquilibriumStates(nil), systems.NewImportationPressure(nil),
		compartmental.NewInfection(&q)))
	return m
}

// TestSEIRSeasonAndAlpha: the compartmental model's SEIR transmission takes season and
// alpha through Infection's force. Its day's coefficient is β times the
// day's term multiplier (threeHolidays: Jul 19 2000 in term, 404/365; Jul 20
// a holiday, 221.5/365; step 1 day, so tick t is Jun 1 2000 + t days:
// Jul 19 = tick 48), its pressure on the TwoPatch worked example
// (I = [10, 0], tick 48) is c·(Σ_i I_i·M[i,j])^0.97 = c·[9.2872768, 0.0547017]
// (TestAlphaWorkedExample), the kernels (use_numba true and false) give the
// same run, and bad keys are refused.
func TestSEIRSeasonAndAlpha(t *testing.T) {
	q := compartmental.DefaultInfectionParams()
	q.Alpha = 0.97
	q.SeasonSpec = systest.ThreeHolidays()
	require.NoError(t, q.Validate())

	m := seirModel(t, systest.Must(scenario.TwoPatch(100000, 0)), q, true, 1)
	require.NoError(t, m.Initialize())
	inf := model.InstancesOf[*compartmental.Infection](m)[0].Force()
	assert.Equal(t, q.Beta*systest.TermDay, inf.Coefficient(48), "Jul 19")
	assert.Equal(t, q.Beta*systest.HolidayDay, inf.Coefficient(49), "Jul 20")
	w := m.World()
	for j := range w.Len() { // I = [10, 0], every other person in S (N unchanged)
		w.S()[j] += w.I()[j] + w.E()[j] + w.R()[j]
		w.I()[j], w.E()[j], w.R()[j] = 0, 0, 0
	}
	w.S()[0], w.I()[0] = w.S()[0]-10, 10
	inf.Compute(m, 48)
	got := inf.Pressure(0, 2)
	c := q.Beta * systest.TermDay
	assert.InEpsilon(t, c*9.287276773826314, got[0], 1e-12, "9.95^0.97, evaluated in float64")
	assert.InEpsilon(t, c*0.054701710178847174, got[1], 1e-12, "0.05^0.97, evaluated in float64")

	scn := systest.Must(scenario.RandomN(300, 3, 0.5))
	ref := seirModel(t, scn, q, false, 120)
	require.NoError(t, ref.Run(t.Context()))
	infectious := int64(0)
	for _, v := range ref.World().I() {
		infectious += v
	}
	require.Positive(t, infectious, "imported infections spread (the comparison compares something)")
	fast := seirModel(t, scn, q, true, 120)
	require.NoError(t, fast.Run(t.Context()))
	assert.Equal(t, ref.World().E(), fast.World().E(), "E")
	assert.Equal(t, ref.World().I(), fast.World().I(), "I")
	assert.Equal(t, ref.World().R(), fast.World().R(), "R")

	for _, tc := range []struct{ json, message string }{
		{`{"alpha": 0}`, `InfectionProcess: alpha must be in (0, 1], got 0`},
		{`{"seasonality": 0.2, "season": {"type": "terms"}}`, `season and seasonality are exclusive`},
		{`{"season": {"type": "terms", "holidays": [["02-29", "03-01"]]}}`, `"02-29" is not a day of the 365-day calendar`},
	} {
		_, err := compartmental.DecodeInfectionParams([]byte(tc.json))
		assert.ErrorContains(t, err, tc.message, tc.json)
	}
	back, err := compartmental.DecodeInfectionParams(systest.Must(q.MarshalJSON()))
	require.NoError(t, err)
	assert.Equal(t, q, back, "canonical JSON round-trips")
	assert.Equal(t, 1.0, compartmental.DefaultInfectionParams().Alpha)
}
