package model_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// everyABMComponent is a schedule with every ABM component that keeps
// state across ticks: the initial states, importation, transmission, the
// demography (demography), maternal antibodies (listed every 90 days, so
// that a run of 300 ticks lists them again), routine MCV1 and MCV2, the
// SIA calendar (a campaign on tick 60, siaParams), and every tracker of
// people.
func everyABMComponent(demography phases.Factory) []phases.Factory {
	infection := systems.DefaultABMInfectionParams()
	infection.Beta = 2
	mat := systems.DefaultMaternalImmunityParams()
	mat.CensusDays = 90
	routine := systems.DefaultRoutineImmunizationParams()
	routine.MCV2Coverage = 0.6
	monthly := func(p metrics.AgeTrackerParams) *metrics.AgeTrackerParams {
		p.Frequency = metrics.Monthly
		return &p
	}
	return []phases.Factory{systems.NewInitializeEquilibriumStates(nil), systems.NewImportationPressure(nil),
		systems.NewABMInfection(&infection), demography,
		systems.NewMaternalImmunity(&mat), systems.NewRoutineImmunization(&routine), systems.NewABMSIACalendar(siaParams(0.8)),
		metrics.NewDosesTracker(nil), metrics.NewStateTracker(nil), metrics.NewAgeAtInfectionTracker(monthly(metrics.DefaultAgeAtInfectionParams())),
		metrics.NewAgePyramidTracker(monthly(metrics.DefaultAgePyramidParams())), metrics.NewImmunityByAgeTracker(monthly(metrics.DefaultImmunityByAgeParams())), metrics.NewPopulationTracker(nil)}
}

// immunityOutcome is everything an ABM run with the immunity phases ends
// with: the agent table's snapshot (every column, set and calendar, stale
// entries included), the doses given, the SIA results and every
// component's snapshot state (the trackers' records, the phases' counters).
type immunityOutcome struct {
	table  []byte
	doses  agents.Doses
	sia    []systems.SIAResult
	states map[string]string
}

func immunityOutcomeOf(t *testing.T, m *model.ABM) immunityOutcome {
	t.Helper()
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, tab.WriteSnapshot(&buf))
	o := immunityOutcome{table: buf.Bytes(), doses: *agents.DosesOf(m.World()),
		sia: model.InstancesOf[*systems.ABMSIACalendar](m)[0].Results(), states: map[string]string{}}
	for _, c := range m.Instances() {
		if s, ok := c.(phases.Snapshotter); ok {
			st, err := s.SnapshotState()
			require.NoError(t, err)
			o.states[c.Name()] = string(st)
		}
	}
	return o
}

// TestABMSnapshotResumeEveryComponent: a run with every ABM component
// (crude demography with a maximum age, and WPP demography from files),
// saved at several ticks (the start, after one tick, the SIA's tick and
// the next, past a maternal listing, the last tick) and resumed in a fresh
// model, ends as the uninterrupted run: the same agent table byte for
// byte, doses, campaign results and component states, for 1 and 2
// workers.
func TestABMSnapshotResumeEveryComponent(t *testing.T) {
	// 300 ticks: past the campaign (tick 60), three maternal listings
	// (every 90 days) and the first MCV1 doses of the run's newborns
	// (mcv1_age 270 days).
	const T = 300
	wpp := flatTables(t, exponentialPyramid(t, 0.03), 0.02, 40)
	for _, tc := range []struct {
		name       string
		demography phases.Factory
	}{
		{"crude with max_age", systems.NewABMVitalDynamics(&systems.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 20, MaxAge: 50})},
		{"WPP", systems.NewWPPVitalDynamics(&wpp)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, workers := range []int{1, 2} {
				p := abmParams(T, 5)
				p.Parallel = true
				opts := []model.Option{model.WithWorkers(workers)}
				whole := newABM(t, gridScenario(t, 2, 2, 3000, 0.8), p, everyABMComponent(tc.demography), opts...)
				require.NoError(t, whole.Run(context.Background()))
				want := immunityOutcomeOf(t, whole)
				require.Len(t, want.sia, 1, "the campaign ran")
				require.Positive(t, want.doses.Given[agents.DoseMCV1][0]+want.doses.Given[agents.DoseMCV1][1])
				for _, k := range []int{0, 1, siaTick, siaTick + 1, 200, T - 1} {
					path := filepath.Join(dir, "abm.snap")
					part := newABM(t, gridScenario(t, 2, 2, 3000, 0.8), p, everyABMComponent(tc.demography), opts...)
					require.NoError(t, part.Initialize())
					require.NoError(t, part.RunTicks(context.Background(), k))
					require.NoError(t, part.SaveSnapshot(path))
					resumed, err := model.LoadSnapshot(path, nil, append(opts, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))...)
					require.NoError(t, err, "workers %d, k %d", workers, k)
					require.NoError(t, resumed.Run(context.Background()))
					got := immunityOutcomeOf(t, resumed)
					assert.Equal(t, want.doses, got.doses, "workers %d, k %d: doses", workers, k)
					assert.Equal(t, want.sia, got.sia, "workers %d, k %d: campaigns", workers, k)
					assert.Equal(t, want.states, got.states, "workers %d, k %d: component states", workers, k)
					assert.True(t, bytes.Equal(want.table, got.table), "workers %d, k %d: agent table", workers, k)
				}
			}
		})
	}
}
