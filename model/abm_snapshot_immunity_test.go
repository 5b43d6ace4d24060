package model_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// everyABMComponent is a schedule with every ABM component that keeps
// state across ticks: the initial states, importation, transmission, the
// demography (demography), maternal antibodies (listed every 90 days, so
// that a run of 300 ticks lists them again), routine MCV1 and MCV2, the
// SIA calendar (a campaign on tick 60, siaParams), and every tracker of
// people.
func everyABMComponent(demography phases.Factory) []phases.Factory {
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 2
	mat := abm.DefaultMaternalImmunityParams()
	mat.CensusDays = 90
	routine := abm.DefaultRoutineImmunizationParams()
	routine.MCV2Coverage = 0.6
	monthly := func(p metrics.AgeTrackerParams) *metrics.AgeTrackerParams {
		p.Frequency = metrics.Monthly
		return &p
	}
	return []phases.Factory{abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
		abm.NewABMInfection(&infection), demography,
		abm.NewMaternalImmunity(&mat), abm.NewRoutineImmunization(&routine), abm.NewABMSIACalendar(siaParams(0.8)),
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
	sia    []abm.SIAResult
	states map[string]string
}

func immunityOutcomeOf(t *testing.T, m *model.Model) immunityOutcome {
	t.Helper()
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, tab.WriteSnapshot(&buf))
	o := immunityOutcome{table: buf.Bytes(), doses: *agents.DosesOf(m.World()),
		sia: model.InstancesOf[*abm.ABMSIACalendar](m)[0].Results(), states: map[string]string{}}
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
		{"crude with max_age", abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 20, MaxAge: 50})},
		{"WPP", abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)},
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

// componentState returns the decoded snapshot state of the component
// named name in the snapshot JSON f (numbers kept as written).
func componentState(t *testing.T, f map[string]any, name string) map[string]any {
	t.Helper()
	for _, c := range f["components"].([]any) {
		if c := c.(map[string]any); c["name"] == name {
			return c["state"].(map[string]any)
		}
	}
	require.FailNow(t, "no component "+name)
	return nil
}

// TestABMImmunitySnapshotErrors: damaged states of the immunity phases and
// doses are refused on load, naming the component and the value.
func TestABMImmunitySnapshotErrors(t *testing.T) {
	dir := t.TempDir()
	m := newABM(t, gridScenario(t, 2, 2, 3000, 0.8), abmParams(100, 5),
		everyABMComponent(abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 20, MaxAge: 50})))
	// Tick 70: after the campaign (tick 60), with protections pending.
	require.NoError(t, m.RunTicks(context.Background(), 70))
	path := filepath.Join(dir, "abm.json")
	require.NoError(t, m.SaveSnapshot(path))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	k := bytes.IndexByte(data, '\n')
	payload, err := snapdigest.Open(bytes.Clone(data[:k]))
	require.NoError(t, err)
	sections := data[k+1:]
	for _, tc := range []struct {
		name   string
		tamper func(f map[string]any)
		want   string
	}{
		{"doses per patch", func(f map[string]any) {
			given := f["doses"].(map[string]any)["given"].(map[string]any)
			given["MCV1"] = given["MCV1"].([]any)[:1]
		}, "agents: doses MCV1: 1 given and 4 immunised counts, want one per patch (4)"},
		{"doses immunised above given", func(f map[string]any) {
			f["doses"].(map[string]any)["immunised"].(map[string]any)["SIA"].([]any)[1] = json.Number("1000000")
		}, "agents: doses SIA: patch 1: "},
		{"doses kind", func(f map[string]any) {
			f["doses"].(map[string]any)["given"].(map[string]any)["MCV3"] = []any{}
		}, `agents: doses.given: "MCV3" is not a dose kind`},
		{"mother beyond the rows", func(f map[string]any) {
			// Base64 of the varint 10⁸: the first mother would be agent
			// 10⁸ − 1, beyond the 12 000-odd rows.
			componentState(t, f, abm.MaternalImmunityName)["mothers"].([]any)[0] = base64.StdEncoding.EncodeToString(binary.AppendUvarint(nil, 1e8))
		}, "MaternalImmunityProcess: snapshot state: mothers[0]: entry 0: not an increasing id below the "},
		{"mothers not increasing", func(f map[string]any) {
			// A difference of 0: the same mother twice.
			componentState(t, f, abm.MaternalImmunityName)["mothers"].([]any)[1] = base64.StdEncoding.EncodeToString([]byte{5, 0})
		}, "MaternalImmunityProcess: snapshot state: mothers[1]: entry 1: not an increasing id"},
		{"protection ended before the next day", func(f map[string]any) {
			wane := componentState(t, f, abm.MaternalImmunityName)["wane"].([]any)
			require.NotEmpty(t, wane, "protections are pending on tick 70")
			wane[0].([]any)[1] = json.Number("3")
		}, "MaternalImmunityProcess: snapshot state: wane[0] = "},
		{"campaign results missing", func(f map[string]any) {
			componentState(t, f, systems.SIACalendarName)["results"] = []any{}
		}, "SIACalendarProcess: snapshot state: 0 results for 1 campaigns run"},
		{"campaign result of another campaign", func(f map[string]any) {
			componentState(t, f, systems.SIACalendarName)["results"].([]any)[0].(map[string]any)["key"] = "0_2000-03-01"
		}, `SIACalendarProcess: snapshot state: results[0] (0_2000-03-01: `},
		{"routine state", func(f map[string]any) {
			componentState(t, f, abm.RoutineImmunizationName)["calendar"] = 1
		}, `RoutineImmunizationProcess: snapshot state: json: unknown field "calendar"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f map[string]any
			dec := json.NewDecoder(bytes.NewReader(payload))
			dec.UseNumber()
			require.NoError(t, dec.Decode(&f))
			tc.tamper(f)
			out, err := json.Marshal(f)
			require.NoError(t, err)
			sealed, err := snapdigest.Seal(out)
			require.NoError(t, err)
			bad := filepath.Join(dir, "bad.json")
			require.NoError(t, os.WriteFile(bad, join(sealed, sections), 0o644))
			_, err = model.LoadSnapshot(bad, nil, model.WithStdout(io.Discard))
			require.Error(t, err)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// TestABMEnsembleSnapshotEveryComponent: an ensemble of 2 replicates with
// every ABM component, saved on tick 61 (after the campaign) and resumed,
// ends as the uninterrupted ensemble, replicate for replicate (each
// replicate's doses are saved in its member).
func TestABMEnsembleSnapshotEveryComponent(t *testing.T) {
	const T, R = 100, 2
	demography := abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 20, MaxAge: 50})
	quiet := []model.Option{model.WithType(model.TypeABM), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard)}
	build := func() *model.Ensemble {
		e, err := model.NewEnsemble(gridScenario(t, 2, 2, 3000, 0.8), abmParams(T, 5).BiweeklyParams, R, quiet...)
		require.NoError(t, err)
		require.NoError(t, e.SetComponents(everyABMComponent(demography)...))
		return e
	}
	whole := build()
	require.NoError(t, whole.Run(context.Background()))
	part := build()
	require.NoError(t, part.RunTicks(context.Background(), siaTick+1))
	path := filepath.Join(t.TempDir(), "ensemble.snap")
	require.NoError(t, part.SaveSnapshot(path))
	resumed, err := model.LoadEnsembleSnapshot(path, nil, quiet[1:]...)
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	for r := range R {
		want, got := immunityOutcomeOf(t, whole.Replicate(r)), immunityOutcomeOf(t, resumed.Replicate(r))
		require.Positive(t, want.doses.Given[agents.DoseSIA][2]+want.doses.Given[agents.DoseSIA][3], "the campaign of group 1 ran")
		assert.Equal(t, want.doses, got.doses, "replicate %d", r)
		assert.Equal(t, want.sia, got.sia, "replicate %d", r)
		assert.Equal(t, want.states, got.states, "replicate %d", r)
		assert.True(t, bytes.Equal(want.table, got.table), "replicate %d: agent table", r)
	}
}
