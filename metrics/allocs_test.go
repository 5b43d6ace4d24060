package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// TestStepAllocs: every tracker's Step allocates nothing once initialised
// (DESIGN §4 rule 1), at every grouping and for both surveillance paths
// (rate 1 sums, rate < 1 draws). 600 patches span three stream blocks.
func TestStepAllocs(t *testing.T) {
	scn, err := scenario.Grid(20, 30, 10000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	level0 := metrics.StateTrackerParams{AggregationLevel: 0}
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	filtered := metrics.FadeOutTrackerParams{Filter: func(id string) bool { return id[0] == '1' }}
	m := newModel(t, scn, 5, metrics.NewStateTracker(nil), metrics.NewStateTracker(&level0), metrics.NewStateTracker(&per),
		metrics.NewPopulationTracker(nil), metrics.NewFadeOutTracker(nil), metrics.NewFadeOutTracker(&filtered),
		surveillance(1, 0), surveillance(0.4, metrics.PerPatch), surveillance(0.4, metrics.AllPatches))
	infected := make([]int, scn.Len())
	for j := range infected {
		infected[j] = j
	}
	require.NoError(t, m.Infect(infected, []int64{100}))
	require.NoError(t, m.Initialize())
	for _, c := range m.Instances() {
		step := c.(phases.Stepper)
		tick := 0
		allocs := testing.AllocsPerRun(20, func() {
			if err := step.Step(m, tick%5); err != nil {
				panic(err)
			}
			tick++
		})
		assert.Zero(t, allocs, "%s", c.Name())
	}
}
