package abm

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
)

// TestABMInfectThinning draws one day of infections in a patch of 200 000
// susceptibles, half of susceptibility 1 and half 0.5, at hazard λ = 0.2:
// each group must lose Binomial(10⁵, 1 − e^(−λ·s)) agents, 18 127 and
// 9 516 in expectation (sd √(n·p·(1 − p)) ≈ 122 and 93); the tolerance is
// 5 sd. Every infected agent is in E with a latent timer on the calendar.
func TestABMInfectThinning(t *testing.T) {
	const n, lambda = 200_000, 0.2
	w, err := ecs.NewSEIRWorld(ecs.PatchData{Pop: []int64{n}, Lat: []float64{0}, Lon: []float64{0}, MCV1: []float64{0}})
	require.NoError(t, err)
	c, err := agents.WorldCounts(w)
	require.NoError(t, err)
	tab, err := agents.New(c, n)
	require.NoError(t, err)
	require.NoError(t, tab.Populate([]int64{n}))
	for id := 1; id < n; id += 2 {
		tab.SetSusceptibility(uint32(id), 0.5)
	}
	cal, err := tab.Calendar(DiseaseCalendar, diseaseHorizon, 0)
	require.NoError(t, err)
	inf := &ABMInfection{timers: newDiseaseTimers(DefaultABMInfectionParams()), t: tab, cal: cal, s: w.S()}
	got := inf.infect(0, lambda, 0, rng.NewSource(5, "thinning", 0))
	var full, half float64
	for id := range n {
		if tab.State[id] != agents.E {
			continue
		}
		require.Greater(t, tab.Due[id], int32(0))
		if id%2 == 0 {
			full++
		} else {
			half++
		}
	}
	assert.Equal(t, int64(full+half), got)
	for _, g := range []struct {
		name string
		x, s float64
	}{{"susceptibility 1", full, 1}, {"susceptibility 0.5", half, 0.5}} {
		p := -math.Expm1(-lambda * g.s)
		assert.InDelta(t, n/2*p, g.x, 5*math.Sqrt(n/2*p*(1-p)), g.name)
	}
	assert.Equal(t, int(got), cal.Len())
	require.NoError(t, agents.CheckCounts(tab, w))
}
