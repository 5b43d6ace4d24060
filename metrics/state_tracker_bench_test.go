package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// BenchmarkStateTrackerStep measures one StateTracker tick on 100 000
// patches (a 250 × 400 grid), the per-tick sums that also check the 2^53
// bound on totals.
func BenchmarkStateTrackerStep(b *testing.B) {
	scn, err := scenario.Grid(250, 400, 10000, scenario.DefaultGridOptions())
	require.NoError(b, err)
	for _, tc := range []struct {
		name  string
		level int
	}{{"all", metrics.AllPatches}, {"level0", 0}} {
		b.Run(tc.name, func(b *testing.B) {
			m := newModel(b, scn, 1<<20, metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: tc.level}))
			require.NoError(b, m.Initialize())
			step := m.Instances()[0].(phases.Stepper)
			tick := 0
			for b.Loop() {
				if err := step.Step(m, tick); err != nil {
					b.Fatal(err)
				}
				tick = (tick + 1) % (1 << 20)
			}
		})
	}
}
