package model

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
)

// Component types of the registered test compartments (the registry is
// process-wide, so these are used by no other test).
type (
	registeredLatent int64
	registeredOther  int64
)

// latentWR is registered once for the whole test binary.
var latentWR = func() ecs.Compartment {
	c := ecs.NewCompartment[registeredLatent]("WR")
	MustRegisterCompartment(c)
	return c
}()

func TestRegisterCompartmentErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    ecs.Compartment
		want string
	}{
		{"name taken", ecs.NewCompartment[registeredOther]("WR"), `state "WR" is declared twice`},
		{"type taken", ecs.NewCompartment[registeredLatent]("WX"), "component type model.registeredLatent is already stored as compartment WR"},
		{"built-in name", ecs.NewCompartment[registeredOther]("S"), `state "S" is built in`},
		{"zero value", ecs.Compartment{}, "not made with ecs.NewCompartment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := compartmentNames(RegisteredCompartments())
			err := RegisterCompartment(tc.c)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Equal(t, before, compartmentNames(RegisteredCompartments()), "a refused registration changes nothing")
		})
	}
	got, ok := LookupCompartment("WR")
	require.True(t, ok)
	assert.Equal(t, latentWR.Name(), got.Name())
	_, ok = LookupCompartment("W")
	assert.False(t, ok)
}

func TestRunFileCompartments(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader("compartments = [\"WR\"]\n"), "run.toml", "")
	require.NoError(t, err)
	require.Len(t, rf.Compartments, 1)
	assert.Equal(t, "WR", rf.Compartments[0].Name())
	assert.True(t, rf.Compartments[0].Roles().IsZero(), "a name keeps the registered roles (none)")

	rf, err = decodeRunFile(strings.NewReader(`compartments = [{name = "WR", in_population = true, susceptibility = 1}]`+"\n"), "run.toml", "")
	require.NoError(t, err)
	require.Len(t, rf.Compartments, 1)
	assert.Equal(t, ecs.Roles{InPopulation: true, Susceptibility: 1}, rf.Compartments[0].Roles(), "a table's keys over the registered roles")

	for _, tc := range []struct {
		name, file, want string
	}{
		{"close name", `compartments = ["Wr"]`, `run.toml: compartments[1]: unknown compartment "Wr" (did you mean "WR"?)`},
		{"far name", `compartments = ["WR", "Exposed"]`, `run.toml: compartments[2]: unknown compartment "Exposed" (registered: ["WR"])`},
		{"not a string", `compartments = ["WR", 3]`, `run.toml: compartments[2]: expected a compartment name or a table {name = "M", in_population = true, dies = true, susceptibility = 0}, got an integer`},
		{"roles: unknown key", `compartments = [{name = "WR", dies = true, die = true}]`, `run.toml: compartments[1]: WR: unknown key "die" (keys: ["name" "in_population" "dies" "susceptibility"])`},
		{"roles: no name", `compartments = [{dies = true}]`, `run.toml: compartments[1]: a compartment table needs name = "…", the registered compartment's name`},
		{"roles: name not a string", `compartments = [{name = 1}]`, `run.toml: compartments[1]: name: expected a string, got an integer`},
		{"roles: bool mistyped", `compartments = [{name = "WR", in_population = 1}]`, `run.toml: compartments[1] (WR): in_population: expected true or false, got an integer`},
		{"roles: negative σ", `compartments = [{name = "WR", susceptibility = -0.5}]`, `run.toml: compartments[1] (WR): susceptibility: susceptibility must be a finite number ≥ 0, got -0.5`},
		{"roles: σ mistyped", `compartments = [{name = "WR", susceptibility = "low"}]`, `run.toml: compartments[1] (WR): susceptibility: expected a number ≥ 0, got a string`},
		{"roles: unknown name", `compartments = [{name = "Wr"}]`, `run.toml: compartments[1]: unknown compartment "Wr" (did you mean "WR"?)`},
		{"not a list", `compartments = "WR"`, "run.toml: compartments: expected an array of compartment names, got a string"},
		{"twice", `compartments = ["WR", "WR"]`, `run.toml: compartments[2]: "WR" is declared twice (also compartments[1])`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeRunFile(strings.NewReader(tc.file+"\n"), "run.toml", "")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// TestSnapshotDeclaresRegisteredCompartments: a snapshot of a model with a
// registered compartment loads without WithCompartments (as `rubeola
// resume` does) and continues as the uninterrupted run.
func TestSnapshotDeclaresRegisteredCompartments(t *testing.T) {
	const T = 12
	scn := snapshotScenario(t)
	p := quietParams(T, 3)
	opts := []Option{WithStdout(io.Discard), WithProgressWriter(io.Discard), WithCompartments(latentWR)}
	whole, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, whole.SetComponents(DefaultComponents()...))
	require.NoError(t, whole.Run(context.Background()))

	half, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, half.SetComponents(DefaultComponents()...))
	require.NoError(t, half.Initialize())
	require.NoError(t, half.RunTicks(context.Background(), T/2))
	path := filepath.Join(t.TempDir(), "half.snap")
	require.NoError(t, half.SaveSnapshot(path))

	resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	assert.Equal(t, []string{"S", "I", "R", "WR"}, resumed.World().StateNames())
	require.NoError(t, resumed.Run(context.Background()))
	want := InstancesOf[*metrics.StateTracker](whole)[0]
	got := InstancesOf[*metrics.StateTracker](resumed)[0]
	for _, state := range []string{"S", "I", "R", "WR"} {
		assert.Equal(t, want.Series(state), got.Series(state), state)
	}

	// An explicit declaration wins over the registered one.
	_, err = LoadSnapshot(path, nil, WithStdout(io.Discard), WithCompartments())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `states: unknown state "WR"`)
}

// compartmentNames lists the compartments' names (Compartment values hold
// functions, which do not compare).
func compartmentNames(cs []ecs.Compartment) []string {
	out := make([]string, len(cs))
	for k, c := range cs {
		out[k] = c.Name()
	}
	return out
}

func TestCompartmentDocs(t *testing.T) {
	var b strings.Builder
	writeCompartmentDocs(&b, nil)
	assert.Empty(t, b.String(), "no section without registered compartments (the stock binary's docs/components.md)")
	writeCompartmentDocs(&b, []ecs.Compartment{latentWR})
	assert.Contains(t, b.String(), "`compartments = [\"WR\"]`")
	assert.Contains(t, b.String(), "| `WR` | `model.registeredLatent` | none |\n")
	b.Reset()
	writeCompartmentDocs(&b, []ecs.Compartment{latentWR.WithRoles(ecs.Roles{InPopulation: true, Dies: true, Susceptibility: 0.5})})
	assert.Contains(t, b.String(), "| `WR` | `model.registeredLatent` | in_population, dies, susceptibility 0.5 |\n")
}

// TestSnapshotKeepsCompartmentRoles: a snapshot stores the roles a run
// gave a registered compartment, and loading it without WithCompartments
// (as `rubeola resume` does) gives them back, so the resumed run is the
// uninterrupted one.
func TestSnapshotKeepsCompartmentRoles(t *testing.T) {
	const T = 12
	roles := ecs.Roles{InPopulation: true, Dies: true, Susceptibility: 0.5}
	scn := snapshotScenario(t)
	p := quietParams(T, 3)
	opts := []Option{WithStdout(io.Discard), WithProgressWriter(io.Discard), WithCompartments(latentWR.WithRoles(roles))}
	seed := func(m *Model) {
		wr, err := m.World().State("WR")
		require.NoError(t, err)
		for j := range wr { // people in WR, so that its roles matter
			wr[j] = m.World().S()[j] / 4
			m.World().S()[j] -= wr[j]
		}
	}
	whole, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, whole.SetComponents(DefaultComponents()...))
	require.NoError(t, whole.Initialize())
	seed(whole)
	require.NoError(t, whole.Run(context.Background()))

	half, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, half.SetComponents(DefaultComponents()...))
	require.NoError(t, half.Initialize())
	seed(half)
	require.NoError(t, half.RunTicks(context.Background(), T/2))
	path := filepath.Join(t.TempDir(), "half.snap")
	require.NoError(t, half.SaveSnapshot(path))

	resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	assert.Equal(t, roles, resumed.World().Compartments()[3].Roles())
	require.NoError(t, resumed.Run(context.Background()))
	want := InstancesOf[*metrics.StateTracker](whole)[0]
	got := InstancesOf[*metrics.StateTracker](resumed)[0]
	for _, state := range []string{"S", "I", "R", "WR"} {
		assert.Equal(t, want.Series(state), got.Series(state), state)
	}
}

// TestABMRefusesCompartments: the agent-based model's states are S, E, I,
// R; a declared compartment is refused when the model is built.
func TestABMRefusesCompartments(t *testing.T) {
	_, err := NewABM(twoPatch(t), params.DefaultCompartmental(), WithCompartments(latentWR))
	assert.ErrorContains(t, err, "the agent-based model's states are S, E, I and R")
}
