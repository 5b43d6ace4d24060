package model_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// BenchmarkABMPeopleSample measures one sample of the age pyramid and of
// the immunity profile (a pass over the agent table) at 1 million agents
// of 10 patches with ages (VitalDynamics): the cost per sampled tick.
func BenchmarkABMPeopleSample(b *testing.B) {
	scn := abmScenario(b)
	scn.Pop = scn.Pop[:0]
	for range 12 {
		scn.Pop = append(scn.Pop, 1_000_000/12)
	}
	for _, c := range []struct {
		name string
		f    phases.Factory
	}{
		{metrics.AgePyramidTrackerName, metrics.NewAgePyramidTracker(nil)},
		{metrics.ImmunityByAgeTrackerName, metrics.NewImmunityByAgeTracker(nil)},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := newABM(b, scn, abmParams(10, 1), []phases.Factory{abm.NewInitializeEquilibriumStates(nil), abm.NewABMVitalDynamics(nil), c.f})
			require.NoError(b, m.Initialize())
			tr := m.GetInstance(c.name)[0].(phases.Stepper)
			b.ReportAllocs()
			for b.Loop() {
				if err := tr.Step(m, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
