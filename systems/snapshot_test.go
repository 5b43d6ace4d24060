package systems_test

import (
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// atTick shows a model to a component as if it were at tick t (Tick and
// CurrentDate), so that tests can call Step directly.
type atTick struct {
	*model.Model
	t int
}

func (v atTick) Tick() int              { return v.t }
func (v atTick) CurrentDate() time.Time { return v.TickDate(v.t) }

// columns returns copies of the model's S, I and R columns.
func columns(m *model.Model) [3][]int64 {
	w := m.World()
	return [3][]int64{append([]int64(nil), w.S()...), append([]int64(nil), w.I()...), append([]int64(nil), w.R()...)}
}

// streamBlobs returns the serialised streams of every instance of m.
func streamBlobs(t *testing.T, m *model.Model) [][][]byte {
	t.Helper()
	var out [][][]byte
	for _, c := range m.Instances() {
		s, err := m.Streams(c)
		require.NoError(t, err)
		b, err := s.MarshalBinary()
		require.NoError(t, err)
		out = append(out, b)
	}
	return out
}

// states returns SnapshotState of every Snapshotter instance, by index.
func states(t *testing.T, m *model.Model) map[int]string {
	t.Helper()
	out := map[int]string{}
	for k, c := range m.Instances() {
		if sn, ok := c.(phases.Snapshotter); ok {
			st, err := sn.SnapshotState()
			require.NoError(t, err)
			out[k] = string(st)
		}
	}
	return out
}

// stepAll steps every phase of m at ticks [from, to), in phase order.
func stepAll(t *testing.T, m *model.Model, from, to int) {
	t.Helper()
	for tick := from; tick < to; tick++ {
		for _, c := range m.Phases() {
			require.NoError(t, c.(phases.Stepper).Step(atTick{m, tick}, tick), "tick %d %s", tick, c.Name())
		}
	}
}

// restoreLike builds a fresh model with the factories and does what a
// snapshot load does: RestoreState for every Snapshotter (with the saved
// state of the same instance in m1), Initialize for the other initialisers,
// then patch states and streams copied from m1. It checks that RestoreState
// changed no patch state and no stream.
func restoreLike(t *testing.T, m1 *model.Model, scn *scenario.Table, p params.BiweeklyParams, fs []phases.Factory) *model.Model {
	t.Helper()
	saved := states(t, m1)
	m2, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m2.SetComponents(fs...))
	cols, blobs := columns(m2), streamBlobs(t, m2)
	view := atTick{m2, m1.Tick()}
	for k, c := range m2.Instances() {
		if sn, ok := c.(phases.Snapshotter); ok {
			require.NoError(t, sn.RestoreState(view, json.RawMessage(saved[k])), c.Name())
		} else if in, ok := c.(phases.Initializer); ok {
			require.NoError(t, in.Initialize(view), c.Name())
		}
	}
	assert.Equal(t, cols, columns(m2), "RestoreState changes no patch state")
	assert.Equal(t, blobs, streamBlobs(t, m2), "RestoreState draws no random numbers")
	assert.Equal(t, saved, states(t, m2), "restored states equal the saved ones")

	w1, w2 := m1.World(), m2.World()
	copy(w2.S(), w1.S())
	copy(w2.I(), w1.I())
	copy(w2.R(), w1.R())
	for k, c := range m2.Instances() {
		s2, err := m2.Streams(c)
		require.NoError(t, err)
		s1, err := m1.Streams(m1.Instances()[k])
		require.NoError(t, err)
		b, err := s1.MarshalBinary()
		require.NoError(t, err)
		require.NoError(t, s2.UnmarshalBinary(b))
	}
	return m2
}

// TestSnapshotRoundTrips: for every system with run state (SPEC §9), run k
// ticks, save the component states, restore them into a fresh model with
// the same components (plus patch states and streams), then step both
// models on: states, patch counts and accessors stay identical at every
// later tick. The SIA split at k = 2 falls after two campaigns fired and
// before the third, so a calendar that forgot its state would fire twice.
func TestSnapshotRoundTrips(t *testing.T) {
	sia := siaParams()
	heavy := systems.VitalDynamicsParams{CrudeBirthRate: 20, CrudeDeathRate: 1e30, MCV1Efficacy: 0.9} // μ_d ≈ 9.9: clamping
	cp := systems.ConstantPopParams{CrudeBirthRate: 1e30}
	imp := systems.ImportationParams{Rate: systems.RateList([]float64{1, 5, 0, 20}), EndDays: -1, TicksPerYear: 28}
	// births from the scenario with a cohort on 1 April: from 2023-01 the
	// tick holding it is tick 6 (2023-03-26 … 04-08), after the split at 3.
	data := systems.DefaultVitalDynamicsParams()
	data.Births, data.Deaths = "scenario", "scenario"
	data.Cohort = &systems.Cohort{Share: 0.7, Day: "04-01"}
	cases := []struct {
		name string
		fs   func() []phases.Factory
		k    int
	}{
		{"standard with SIA", func() []phases.Factory {
			return []phases.Factory{
				systems.NewInitializeEquilibriumStates(nil), systems.NewInfectionSeeding(nil),
				systems.NewImportationPressure(&imp), systems.NewInfection(nil),
				systems.NewVitalDynamics(nil), systems.NewSIACalendar(&sia),
			}
		}, 2},
		{"clamping vital dynamics", func() []phases.Factory {
			return []phases.Factory{systems.NewImportationPressure(nil), systems.NewVitalDynamics(&heavy)}
		}, 3},
		{"vital dynamics from the scenario with a cohort", func() []phases.Factory {
			return []phases.Factory{systems.NewInfectionSeeding(nil), systems.NewInfection(nil), systems.NewVitalDynamics(&data)}
		}, 3},
		{"constant pop", func() []phases.Factory {
			return []phases.Factory{systems.NewInfectionSeeding(nil), systems.NewInfection(nil), systems.NewConstantPop(&cp)}
		}, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scn := withColumn(t, siaScenario(t), "births_per_year", "300", "2000", "0", "50")
			scn = withColumn(t, scn, "deaths_per_year", "100", "500", "10", "0")
			p := siaRunParams(12, 5)
			m1, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			require.NoError(t, m1.SetComponents(tc.fs()...))
			require.NoError(t, m1.RunTicks(t.Context(), tc.k))

			m2 := restoreLike(t, m1, scn, p, tc.fs())
			for tick := tc.k; tick < 12; tick++ {
				stepAll(t, m1, tick, tick+1)
				stepAll(t, m2, tick, tick+1)
				require.Equal(t, columns(m1), columns(m2), "tick %d", tick)
				require.Equal(t, states(t, m1), states(t, m2), "tick %d", tick)
			}
			if s1 := model.InstancesOf[*systems.SIACalendar](m1); len(s1) > 0 {
				s2 := model.InstancesOf[*systems.SIACalendar](m2)[0]
				assert.Len(t, s1[0].Implemented(), 3)
				assert.Equal(t, s1[0].Implemented(), s2.Implemented())
			}
			if v1 := model.InstancesOf[*systems.VitalDynamics](m1); len(v1) > 0 {
				v2 := model.InstancesOf[*systems.VitalDynamics](m2)[0]
				assert.Equal(t, v1[0].ClampedDeaths(), v2.ClampedDeaths())
				assert.Equal(t, v1[0].Births(), v2.Births())
				assert.Equal(t, v1[0].Deaths(), v2.Deaths())
				if tc.name == "clamping vital dynamics" {
					assert.Positive(t, v1[0].ClampedDeaths())
				}
			}
			if c1 := model.InstancesOf[*systems.ConstantPop](m1); len(c1) > 0 {
				c2 := model.InstancesOf[*systems.ConstantPop](m2)[0]
				assert.Positive(t, c1[0].ClampedDeaths())
				assert.Equal(t, c1[0].ClampedDeaths(), c2.ClampedDeaths())
			}
			if i1 := model.InstancesOf[*systems.ImportationPressure](m1); len(i1) > 0 {
				assert.Equal(t, i1[0].Probabilities(), model.InstancesOf[*systems.ImportationPressure](m2)[0].Probabilities())
			}
		})
	}
}

// TestSnapshotInitialisersDoNotRepeat: restored seeding and equilibrium
// components are done — a later Initialize (as a resumed run would never
// call, but must survive) neither seeds nor splits again.
func TestSnapshotInitialisersDoNotRepeat(t *testing.T) {
	scn := siaScenario(t)
	p := siaRunParams(0, 1)
	m, err := model.NewBiweekly(scn, p)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInitializeEquilibriumStates(nil)))
	for _, c := range m.Instances() {
		require.NoError(t, c.(phases.Snapshotter).RestoreState(m, json.RawMessage(`{"done": true}`)))
	}
	require.NoError(t, m.Initialize())
	assert.Equal(t, model.Counts{S: 40000}, m.Patches().Totals(), "nothing seeded or split")
}

// TestSnapshotStateErrors: states that do not fit the model are errors
// naming the component.
func TestSnapshotStateErrors(t *testing.T) {
	scn := siaScenario(t)
	sia := siaParams()
	m, err := model.NewBiweekly(scn, siaRunParams(3, 1))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewVitalDynamics(nil), systems.NewConstantPop(nil),
		systems.NewImportationPressure(nil), systems.NewInfectionSeeding(nil),
		systems.NewInitializeEquilibriumStates(nil), systems.NewSIACalendar(&sia)))
	inst := m.Instances()
	for _, tc := range []struct {
		k     int
		state string
		want  string
	}{
		{0, `{"clamped_deaths": [0], "births": [1], "vaccinated_births": [0,0,0,0], "deaths": [0,0,0,0]}`, "VitalDynamicsProcess: snapshot state: births has 1 values, want 4"},
		{0, `{"clamped": [0]}`, `VitalDynamicsProcess: snapshot state: json: unknown field "clamped"`},
		{1, `{"clamped_deaths": [0, 0]}`, "ConstantPopProcess: snapshot state: clamped_deaths has 2 values, want 1"},
		{1, `[1]`, "ConstantPopProcess: snapshot state:"},
		{2, `{"probabilities": [0.1, 0.1, 0.1]}`, "ImportationPressureProcess: snapshot state: probabilities has 3 values, want 4"},
		{2, `{"probabilities": [0.1, 0.1, 2, 0.1]}`, "probabilities[2] = 2 is not in [0, 1]"},
		{3, `{"done": "yes"}`, "InfectionSeedingProcess: snapshot state:"},
		{4, `{"done": true} {}`, "InitializeEquilibriumStatesProcess: snapshot state: trailing data"},
		{5, `{"implemented": ["NG:KN_2023-01-11"], "cursor": 1}`, `SIACalendarProcess: snapshot state: implemented campaign "NG:KN_2023-01-11" is not in the schedule`},
		{5, `{"implemented": ["NG:KN_2023-01-10", "NG:KN_2023-01-10"], "cursor": 1}`, `listed twice`},
		{5, `{"implemented": [], "cursor": 4}`, "SIACalendarProcess: snapshot state: cursor 4 out of range [0, 3]"},
	} {
		err := inst[tc.k].(phases.Snapshotter).RestoreState(m, json.RawMessage(tc.state))
		require.ErrorContains(t, err, tc.want, tc.state)
	}
}
