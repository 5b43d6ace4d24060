package model

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// birthsComponents is a model with births and deaths from the scenario and
// a school-entry cohort on 1 September.
func birthsComponents() []phases.Factory {
	vd := systems.DefaultVitalDynamicsParams()
	vd.Births, vd.Deaths = systems.SourceScenario, systems.SourceScenario
	vd.Cohort = &systems.Cohort{Share: 0.7, Day: "09-01"}
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 20, UseLargestPatch: true}),
		systems.NewImportationPressure(nil),
		systems.NewInfection(nil),
		systems.NewVitalDynamics(&vd),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
		metrics.NewPopulationTracker(nil),
	}
}

// TestSnapshotResumeBirthsFromScenario is SPEC §9's guarantee for
// VitalDynamics with births = deaths = "scenario" and a cohort: run k
// ticks from January 2000, save, load (rebuilt from the stored params), run
// to T = 52 → the same per-patch S, I, R and populations as an
// uninterrupted run. The cohort tick is tick 17 (2000-08-26 … 09-08): the
// splits fall before it, on it and after it.
func TestSnapshotResumeBirthsFromScenario(t *testing.T) {
	const T = 52
	scn, err := scenario.RandomN(40, 3, 0.5)
	require.NoError(t, err)
	births, deaths := make([]string, scn.Len()), make([]string, scn.Len())
	for j, pop := range scn.Pop {
		births[j] = strconv.FormatFloat(float64(pop)*0.03, 'g', -1, 64) // 30 per 1000 per year
		deaths[j] = strconv.FormatFloat(float64(pop)*0.01, 'g', -1, 64)
	}
	require.NoError(t, scn.SetExtra("births_per_year", births))
	require.NoError(t, scn.SetExtra("deaths_per_year", deaths))
	p := quietParams(T, 4)
	p.StartTime = "2000-01"
	whole := newModel(t, scn, p, birthsComponents()...)
	require.NoError(t, whole.Run(context.Background()))
	want := birthsOutcome(t, whole)
	for _, k := range []int{5, 17, 30} {
		path := filepath.Join(t.TempDir(), "k.snap")
		first := newModel(t, scn, p, birthsComponents()...)
		require.NoError(t, first.Initialize())
		require.NoError(t, first.RunTicks(context.Background(), k))
		require.NoError(t, first.SaveSnapshot(path))
		resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, resumed.Run(context.Background()))
		assert.Equal(t, want, birthsOutcome(t, resumed), "split at %d", k)
	}
}

// birthsOutcome returns the per-patch S, I, R series and the populations.
func birthsOutcome(t *testing.T, m *Model) map[string][][]int64 {
	t.Helper()
	out := map[string][][]int64{"pop": InstancesOf[*metrics.PopulationTracker](m)[0].Counts()}
	for _, s := range []string{"S", "I", "R"} {
		c, err := InstancesOf[*metrics.StateTracker](m)[0].Counts(s)
		require.NoError(t, err)
		out[s] = c
	}
	return out
}
