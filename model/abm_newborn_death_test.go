package model_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// deathsAhead is a pair of phases around a demography phase: before it,
// every live agent's death is due today or later (none was missed); after
// it, every live agent's death is at least a day away (an agent whose
// death day is today or earlier after the deaths fired would never die:
// the calendar fires each day once) and every newborn's is at least a day
// after its birth. newborns counts the newborns checked.
func deathsAhead(newborns *int) (before, after phases.Factory) {
	check := func(name string, ahead int32) phases.Factory {
		return phases.Func(name, func(m phases.Model, tick int) error {
			t, err := agents.Of(m.World())
			if err != nil {
				return err
			}
			today := int32(tick)
			for id := range t.Len() {
				if t.State[id] != agents.Dead && t.Death[id] < today+ahead {
					return fmt.Errorf("%s: tick %d: agent %d (born on day %d) is alive with its death on day %d", name, tick, id, t.DOB[id], t.Death[id])
				}
			}
			if ahead == 0 {
				return nil
			}
			for _, id := range t.Newborns() {
				*newborns++
				if t.Death[id] < t.DOB[id]+1 {
					return fmt.Errorf("%s: tick %d: newborn %d born on day %d dies on day %d", name, tick, id, t.DOB[id], t.Death[id])
				}
			}
			return nil
		})
	}
	return check("deaths due today or later", 0), check("deaths at least a day away", 1)
}

// TestABMNewbornDeathsAtLeastADayAway: with lives so short that a death
// drawn in days rounds to the day itself for a large share of the births
// (mean life 4 days: an exponential life rounds to 0 days with
// probability 1 − e^(−0.5/4) ≈ 11.8 %, so hundreds of the thousands of
// newborns would), every demography schedules each death at least a day away, and
// no agent outlives its death day: crude rates, constant population and
// WPP tables (mx = 91.25 per year = 0.25 per day).
func TestABMNewbornDeathsAtLeastADayAway(t *testing.T) {
	// Per 1000 per year: deaths at 0.25 per day (a mean life of 4 days),
	// births at 0.035 per day (the first day's ~700 births fit the table's
	// spare rows: no deaths have freed any yet).
	const cdr, cbr = 1000 * 365.0 / 4, 1000 * 365 * 0.035
	wpp := flatTables(t, exponentialPyramid(t, 0.03), 365.0/4, cbr)
	for _, tc := range []struct {
		name       string
		demography phases.Factory
	}{
		{"crude", abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: cbr, CrudeDeathRate: cdr})},
		{"crude with max_age", abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: cbr, CrudeDeathRate: cdr, MaxAge: 1})},
		{"constant population", abm.NewABMConstantPop(&systems.ConstantPopParams{CrudeBirthRate: cdr})},
		{"WPP", abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var newborns int
			before, after := deathsAhead(&newborns)
			m := newABM(t, gridScenario(t, 2, 2, 5000, 0), abmParams(30, 3), []phases.Factory{before, tc.demography, after})
			require.NoError(t, m.Run(context.Background()))
			// Expected newborns with crude rates and WPP: 0.035 per day of
			// N(t) = 20 000·e^(−0.215 t), ≈ 0.035·20 000/0.215 ≈ 3 250 in 30
			// days (Poisson sd ≈ 57); with a constant population one per
			// death, far more. 2 000 is far below either.
			assert.Greater(t, newborns, 2000)
		})
	}
}
