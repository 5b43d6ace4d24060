package model_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// TestABMEstimatedSeason: the agent-based transmission takes a seasonality
// estimated from data (cubic periodic B-splines, 6 bases) with fixed
// coefficients: its coefficient on day t is β times the day's multiplier
// exp(Σ_k c_k·B_k(d/365)), d the day of the 365-day year of the tick's
// date (ticks are days from 2000-01-01).
func TestABMEstimatedSeason(t *testing.T) {
	coef := []float64{0.6, -0.2, -0.5, 0.3, 0.1}
	q := abm.DefaultABMInfectionParams()
	q.SeasonSpec = &systems.SeasonSpec{Type: systems.SeasonBSpline, Degree: 3, NBasis: 6, Coefficients: coef}
	p := abmParams(1, 4)
	p.StartTime = "2000-01"
	m := newABM(t, abmScenario(t), p, []phases.Factory{abm.NewInitializeEquilibriumStates(nil), abm.NewABMInfection(&q)})
	require.NoError(t, m.Initialize())
	inf := model.InstancesOf[*abm.ABMInfection](m)[0]
	b, err := systems.NewSeasonBasis("test", systems.SeasonBSpline, 3, 6, "d", "n")
	require.NoError(t, err)
	first := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tick := range []int{0, 40, 100, 200, 364, 365, 700} {
		day := systems.SeasonDay(first.AddDate(0, 0, tick))
		assert.InDelta(t, q.Beta*b.Multiplier(float64(day), 365, coef), inf.Coefficient(tick), 1e-15, "tick %d", tick)
	}
}
