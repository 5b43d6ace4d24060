package model

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// driftParams configures drift, a user component registered by this file.
type driftParams struct {
	Share float64 `json:"share" alias:"drift_share" doc:"share of R moved back to S every tick, in [0, 1]"`
	Notes string  `json:"notes" path:"relative" doc:"a file of notes, relative to the run file"`
}

func defaultDriftParams() driftParams { return driftParams{Share: 0.01} }

func (p driftParams) Validate() error {
	if !(p.Share >= 0 && p.Share <= 1) {
		return fmt.Errorf("Drift: share must be in [0, 1], got %v", p.Share)
	}
	return nil
}

var driftKeys = params.KeyRules{Component: "Drift"}

func decodeDriftParams(data []byte) (driftParams, error) {
	return params.DecodeComponent(data, defaultDriftParams(), driftKeys)
}

// drift moves trunc(share·R) people R → S in every patch, every tick.
type drift struct{ p driftParams }

func newDrift(p *driftParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, defaultDriftParams())
		if err != nil {
			return nil, err
		}
		return &drift{p: q}, nil
	}
}

func (*drift) Name() string { return "Drift" }

func (c *drift) params() driftParams { return c.p }

func (c *drift) Step(m phases.Model, _ int) error {
	s, r := m.World().S(), m.World().R()
	for j := range r {
		w := int64(float64(r[j]) * c.p.Share)
		r[j] -= w
		s[j] += w
	}
	return nil
}

// driftSpec declares drift; GoName is left to NewComponentType.
var driftSpec = ComponentSpec[*drift, driftParams]{
	Name: "Drift", Kind: KindPhase, Summary: "Moves a share of R back to S every tick.",
	Defaults: defaultDriftParams, Decode: decodeDriftParams, New: newDrift, Params: (*drift).params,
}

func init() { MustRegister(NewComponentType(driftSpec)) }

// TestRegisteredTypeIsCatalogued: a registered type is found by its three
// names, after the built-ins, with keys, aliases, docs and paths from its
// params' tags, and is not taken for a built-in.
func TestRegisteredTypeIsCatalogued(t *testing.T) {
	for _, name := range []string{"drift", "Drift"} {
		ct, ok := LookupComponentType(name)
		require.True(t, ok, name)
		assert.Equal(t, "drift", ct.GoName)
	}
	names := componentTypeNames(TypeBiweekly)
	require.Len(t, builtinComponentTypes(), 29, "15 components, two of them (ImportationPressure, Infection) once per model type, the agent-based model's own five (ImportationPressure, Infection, VitalDynamics, ConstantPop, WPPVitalDynamics), its three trackers of people and its immunity four (MaternalImmunity, RoutineImmunization, SIACalendar, DosesTracker)")
	// The biweekly scope lists the 12 built-ins that serve it (the three of
	// He et al.'s model are the compartmental model's), three names each.
	for _, b := range builtinComponentTypes() {
		if b.Model == "" || b.Model == TypeBiweekly {
			assert.Contains(t, names[:3*12], b.GoName, "the built-ins come first")
		}
	}
	assert.Contains(t, names[3*12:], "drift", "then the user's")
	ct, _ := LookupComponentType("Drift")
	assert.Equal(t, "model", ct.Package)
	assert.Equal(t, []KeyDoc{
		{Key: "share", Aliases: []string{"drift_share"}, Doc: "share of R moved back to S every tick, in [0, 1]"},
		{Key: "notes", Doc: "a file of notes, relative to the run file", Path: true},
	}, ct.Keys)
	assert.False(t, isBuiltin(&drift{}))
	assert.True(t, isBuiltin(&systems.Infection{}))

	var b strings.Builder
	require.NoError(t, WriteComponentDocs(&b))
	assert.Contains(t, b.String(), "| [`drift`](#drift) | `Drift` | `drift` | `model` | phase | all |\n")
	assert.Contains(t, b.String(), "| `share` | number | `0.01` | `drift_share` | share of R moved back to S every tick, in [0, 1] |\n")
}

// TestRegisterErrors: names are one namespace across the three spellings,
// a type registers once, and only complete types of a known kind register.
func TestRegisterErrors(t *testing.T) {
	withName := func(goName, name string) ComponentType {
		s := driftSpec
		s.GoName, s.Name = goName, name
		return NewComponentType(s)
	}
	withKind := func(kind string) ComponentType {
		s := driftSpec
		s.Kind = kind
		return NewComponentType(s)
	}
	type other struct{ drift }
	otherSpec := ComponentSpec[*other, driftParams]{Name: "Other", Kind: KindPhase, Defaults: defaultDriftParams,
		Decode: decodeDriftParams, New: newDrift, Params: func(c *other) driftParams { return c.p }}
	renamed := func(goName, name string) ComponentType {
		s := otherSpec
		s.GoName, s.Name = goName, name
		return NewComponentType(s)
	}
	noParams := otherSpec
	noParams.Params = nil
	iface := ComponentSpec[phases.Component, driftParams]{Name: "Iface", Kind: KindPhase, Defaults: defaultDriftParams,
		Decode: decodeDriftParams, New: newDrift, Params: func(phases.Component) driftParams { return driftParams{} }}
	cases := []struct {
		name string
		t    ComponentType
		want string
	}{
		{"Go name", renamed("Infection", "Other"), `model: component name "Infection" used by Infection and Infection`},
		{"reference name", renamed("Other", "InfectionProcess"), `model: component name "InfectionProcess" used by Infection and Other`},
		{"snake_case form", renamed("VitalDynamicsX", "vital_dynamics"), `model: component name "vital_dynamics" used by VitalDynamics and VitalDynamicsX`},
		{"snake_case of a Go name", renamed("State_Tracker", "Other"), `model: component name "state_tracker" used by StateTracker and State_Tracker`},
		{"same type again", withName("Drift2", "Drift2"), "model: component type *model.drift is already registered as drift"},
		{"no reference name", withName("", ""), "model: component type drift: the reference name (what its Name() returns) is required"},
		{"no Go name", ComponentType{Name: "Bare", Kind: KindPhase}, "model: a component type needs a Go name"},
		{"kind", withKind("tracker"), `model: component type drift: kind "tracker" is not "phase", "initialiser" or "finaliser"`},
		{"not built by NewComponentType", ComponentType{GoName: "Bare", Name: "Bare", Kind: KindPhase},
			"model: component type Bare: build it with NewComponentType, with Defaults, Decode, New and Params set"},
		{"missing accessor", NewComponentType(noParams), "build it with NewComponentType"},
		{"interface", NewComponentType(iface), "model: component type Component: phases.Component is an interface; register a concrete type"},
	}
	before := len(ComponentTypes())
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := Register(tc.t)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Panics(t, func() { MustRegister(tc.t) })
		})
	}
	assert.Len(t, ComponentTypes(), before, "a refused type is not registered")
}

// TestRegisterIsSafeWithConcurrentLookups: registering while other
// goroutines look types up is race-free (run with -race).
func TestRegisterIsSafeWithConcurrentLookups(t *testing.T) {
	type tally struct{ drift }
	spec := ComponentSpec[*tally, driftParams]{Name: "Tally", Kind: KindPhase, Defaults: defaultDriftParams,
		Decode: decodeDriftParams, New: newDrift, Params: func(c *tally) driftParams { return c.p }}
	var wg sync.WaitGroup
	found := make([]bool, 8)
	for g := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				_, ok := LookupComponentType("Infection")
				found[g] = ok
				_ = ComponentTypes()
				_, _ = componentTypeOf(TypeBiweekly, &drift{})
			}
		}()
	}
	require.NoError(t, Register(NewComponentType(spec)))
	wg.Wait()
	assert.Equal(t, []bool{true, true, true, true, true, true, true, true}, found)
	_, ok := LookupComponentType("Tally")
	assert.True(t, ok)
}

// TestRegisteredTypeInRunFileAndSnapshot: a registered user component is
// written in a run file like a built-in (keys decoded strictly, errors
// naming phases[k].key, its path keys relative to the run file), and a
// snapshot holding it resumes from its stored params without a factory,
// to the same outcome as the uninterrupted run.
func TestRegisteredTypeInRunFileAndSnapshot(t *testing.T) {
	_, err := decodeRunFile(strings.NewReader("[[phases]]\ntype = \"Drift\"\nshar = 0.1\n"), "run.toml", "")
	require.EqualError(t, err, `run.toml: phases[1].shar: unknown key (did you mean "share"?)`)

	dir := t.TempDir()
	rf, err := loadRunFile(writeRunFile(t, dir, `
[params]
num_ticks = 30
seed = 4

[[phases]]
type = "InitializeEquilibriumStates"
[[phases]]
type = "ImportationPressure"
[[phases]]
type = "Infection"
[[phases]]
type = "drift"
drift_share = 0.05
notes = "notes.txt"
[[phases]]
type = "StateTracker"
aggregation_level = -2
`))
	require.NoError(t, err)
	assert.Equal(t, []string{"InitializeEquilibriumStates", "ImportationPressure", "Infection", "drift", "StateTracker"}, rf.Types)

	scn := snapshotScenario(t)
	whole := newModel(t, scn, rf.Params, rf.Components...)
	require.NoError(t, whole.Run(context.Background()))
	d := InstancesOf[*drift](whole)
	require.Len(t, d, 1)
	assert.Equal(t, driftParams{Share: 0.05, Notes: filepath.Join(dir, "notes.txt")}, d[0].p)

	first := newModel(t, scn, rf.Params, rf.Components...)
	require.NoError(t, first.Initialize())
	require.NoError(t, first.RunTicks(context.Background(), 12))
	path := filepath.Join(t.TempDir(), "k12.snap")
	require.NoError(t, first.SaveSnapshot(path))
	resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	assert.Equal(t, d[0].p, InstancesOf[*drift](resumed)[0].p)
	for _, s := range []string{"S", "I", "R"} {
		want, err := InstancesOf[*metrics.StateTracker](whole)[0].Counts(s)
		require.NoError(t, err)
		got, err := InstancesOf[*metrics.StateTracker](resumed)[0].Counts(s)
		require.NoError(t, err)
		assert.Equal(t, want, got, s)
	}
}

// lean is a user component declared with only the required spec fields:
// its decoder and params accessor are the defaults (the params' keys and
// alias tags over the defaults, then Validate; its Params method).
type lean struct{ p driftParams }

func (*lean) Name() string                   { return "Lean" }
func (c *lean) Params() driftParams          { return c.p }
func (c *lean) Step(phases.Model, int) error { return nil }

func newLean(p *driftParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, defaultDriftParams())
		if err != nil {
			return nil, err
		}
		return &lean{p: q}, nil
	}
}

func TestComponentSpecDefaults(t *testing.T) {
	ct := NewComponentType(ComponentSpec[*lean, driftParams]{
		Name: "Lean", Kind: KindPhase, Defaults: defaultDriftParams, New: newLean,
	})
	m := newModel(t, twoPatch(t), quietParams(1, 1))
	for _, tc := range []struct {
		name, data, want string // want: the share decoded, or the error
	}{
		{"defaults", `{}`, "0.01"},
		{"key", `{"share": 0.5}`, "0.5"},
		{"alias tag", `{"drift_share": 0.25}`, "0.25"},
		{"unknown key", `{"shares": 0.5}`, `Lean: unknown key "shares" (did you mean "share"?)`},
		{"Validate", `{"share": 2}`, "Drift: share must be in [0, 1], got 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ct.Decode([]byte(tc.data))
			if strings.Contains(tc.want, " ") {
				require.Error(t, err)
				assert.Equal(t, tc.want, err.Error())
				return
			}
			require.NoError(t, err)
			c, err := f(m)
			require.NoError(t, err)
			data, ok, err := ct.ParamsJSON(c)
			require.NoError(t, err)
			require.True(t, ok, "the Params method is the accessor")
			assert.JSONEq(t, `{"share": `+tc.want+`, "notes": ""}`, string(data))
		})
	}
}

// TestComponentSpecRulesKeepTagAliases: rules with aliases of their own
// add to the alias tags; every documented alias decodes.
func TestComponentSpecRulesKeepTagAliases(t *testing.T) {
	ct := NewComponentType(ComponentSpec[*lean, driftParams]{
		Name: "Lean", Kind: KindPhase, Defaults: defaultDriftParams, New: newLean,
		Rules: params.KeyRules{Aliases: map[string]string{"old_share": "share"}},
	})
	require.Equal(t, []string{"drift_share", "old_share"}, ct.Keys[0].Aliases)
	m := newModel(t, twoPatch(t), quietParams(1, 1))
	for _, alias := range ct.Keys[0].Aliases {
		t.Run(alias, func(t *testing.T) {
			f, err := ct.Decode([]byte(`{"` + alias + `": 0.25}`))
			require.NoError(t, err)
			c, err := f(m)
			require.NoError(t, err)
			data, _, err := ct.ParamsJSON(c)
			require.NoError(t, err)
			assert.JSONEq(t, `{"share": 0.25, "notes": ""}`, string(data))
		})
	}
}

// builtinComponentTypes returns the built-in component types, in order
// (for the tests: the stock catalogue without the test binary's own).
func builtinComponentTypes() []ComponentType {
	var out []ComponentType
	for _, t := range ComponentTypes() {
		if t.builtin() {
			out = append(out, t)
		}
	}
	return out
}

// omitParams has a key that encoding/json leaves out when it is 0.
type omitParams struct {
	Rate float64 `json:"rate,omitempty"`
	Cap  float64 `json:"cap,omitzero"`
	Keep float64 `json:"keep"`
}

func (omitParams) Validate() error { return nil }

// omitPhase is a component over omitParams.
type omitPhase struct{ p omitParams }

func (*omitPhase) Name() string                 { return "Omit" }
func (*omitPhase) Step(phases.Model, int) error { return nil }
func (c *omitPhase) Params() omitParams         { return c.p }

// TestRegisterRefusesOmittedKeys: stored params (snapshots) must hold every
// key, else a key set to 0 would resume at its default.
func TestRegisterRefusesOmittedKeys(t *testing.T) {
	ct := NewComponentType(ComponentSpec[*omitPhase, omitParams]{Name: "Omit", Kind: KindPhase,
		Defaults: func() omitParams { return omitParams{Rate: 0.5, Cap: 1} },
		New: func(p *omitParams) phases.Factory {
			return func(phases.Model) (phases.Component, error) { return &omitPhase{p: *p}, nil }
		}})
	before := len(ComponentTypes())
	err := Register(ct)
	require.Error(t, err)
	assert.Equal(t, `model: component type omitPhase: params keys ["rate" "cap"] are tagged omitempty or omitzero: `+
		"stored params (snapshots) would leave them out when empty and resume them at their defaults; drop the option", err.Error())
	assert.Len(t, ComponentTypes(), before)
}

// TestPathKeys: the keys declared as file paths, with their aliases.
func TestPathKeys(t *testing.T) {
	for _, tc := range []struct {
		typ  string
		want []string
	}{
		{"SIACalendar", []string{"sia_schedule"}},
		{"Drift", []string{"notes"}},
		{"Infection", nil},
	} {
		ct, ok := LookupComponentType(tc.typ)
		require.True(t, ok, tc.typ)
		assert.Equal(t, tc.want, ct.PathKeys(), tc.typ)
	}
}
