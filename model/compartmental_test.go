package model

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// newCompartmental builds a quiet compartmental model with components.
func newCompartmental(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *Model {
	t.Helper()
	m, err := NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p}, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	if len(fs) > 0 {
		require.NoError(t, m.SetComponents(fs...))
	}
	return m
}

// TestModelTypes: what distinguishes the two model types.
func TestModelTypes(t *testing.T) {
	scn := twoPatch(t)
	p := quietParams(10, 1)
	p.StartTime = "2023-01"
	tests := []struct {
		name      string
		build     func() (*Model, error)
		typ, ref  string
		step      int
		states    []string
		tick3     string
		modelName string
	}{
		{"biweekly", func() (*Model, error) { return NewBiweekly(scn, p) }, TypeBiweekly, "BiweeklyModel", 14,
			[]string{"S", "I", "R"}, "2023-02-12", "biweekly"},
		{"compartmental", func() (*Model, error) {
			return NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p})
		}, TypeCompartmental, "CompartmentalModel", 1, []string{"S", "E", "I", "R"}, "2023-01-04", "compartmental"},
		{"WithType", func() (*Model, error) { return New(scn, p, WithType(TypeCompartmental)) },
			TypeCompartmental, "CompartmentalModel", 1, []string{"S", "E", "I", "R"}, "2023-01-04", "compartmental"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.build()
			require.NoError(t, err)
			assert.Equal(t, tt.typ, m.Type())
			assert.Equal(t, tt.ref, m.ModelType())
			assert.Equal(t, tt.step, m.TimeStepDays())
			assert.Equal(t, tt.states, m.Patches().States())
			assert.Equal(t, tt.tick3, m.TickDate(3).Format(time.DateOnly))
			assert.Equal(t, tt.modelName, m.Name())
			assert.Equal(t, []int64{100000, 50000}, must(m.Patches().Column("S")))
		})
	}
	_, err := New(scn, p, WithType("seir"))
	assert.EqualError(t, err, `model: WithType: unknown model type "seir" (want "biweekly", "compartmental" or "abm")`)
	_, err = NewBiweekly(scn, p, WithType(TypeCompartmental))
	assert.EqualError(t, err, `model: NewBiweekly builds the biweekly model, not WithType("compartmental"): use model.New`)
	_, err = NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p}, WithType(TypeBiweekly))
	assert.EqualError(t, err, `model: NewCompartmental builds the compartmental model, not WithType("biweekly"): use model.New`)
	named, err := NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p}, WithName("daily"))
	require.NoError(t, err)
	assert.Equal(t, "daily", named.Name())
	assert.Equal(t, []string{"S", "E", "I", "R"}, params.DefaultCompartmental().States())
	assert.Equal(t, 1, params.DefaultCompartmental().TimeStepDays())
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCompartmentalMoves: Expose S → E, Infect E → I, Recover I → R (the
// reference's expose, infect, recover), all-or-nothing; the biweekly model
// has no E.
func TestCompartmentalMoves(t *testing.T) {
	m := newCompartmental(t, twoPatch(t), quietParams(1, 1))
	require.NoError(t, m.Expose([]int{0, 1}, []int64{30, 5}))
	require.NoError(t, m.Infect([]int{0}, []int64{20}))
	require.NoError(t, m.Recover([]int{0}, []int64{4}))
	want := map[string][]int64{"S": {99970, 49995}, "E": {10, 5}, "I": {16, 0}, "R": {4, 0}}
	for s, v := range want {
		assert.Equal(t, v, must(m.Patches().Column(s)), s)
	}
	assert.EqualError(t, m.Infect([]int{1}, []int64{6}), `infect: patch 1 ("patch_2") has E=5, cannot infect 6`)
	assert.EqualError(t, m.Expose([]int{0, 0}, []int64{1}), "expose: duplicate index 0")
	assert.Equal(t, []int64{10, 5}, must(m.Patches().Column("E")), "failed moves change nothing")

	b := newModel(t, twoPatch(t), quietParams(1, 1))
	assert.EqualError(t, b.Expose([]int{0}, []int64{1}), "expose: the biweekly model has no E compartment (the compartmental model has)")
}

// TestInfectionMatchesModel: each transmission refuses the other model.
func TestInfectionMatchesModel(t *testing.T) {
	c := newCompartmental(t, twoPatch(t), quietParams(1, 1), systems.NewInfection(nil))
	err := c.Initialize()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "uses compartmental.Infection")
	b := newModel(t, twoPatch(t), quietParams(1, 1), compartmental.NewInfection(nil))
	err = b.Initialize()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "needs a model with an E compartment")
}

// compartmentalRunFile is a daily run with every built-in that acts on E.
const compartmentalRunFile = `
model = "compartmental"
[scenario]
builder = "random_n"
n = 300
seed = 5
[params]
num_ticks = 120
seed = 9
show_progress = false
[[phases]]
type = "InitializeEquilibriumStates"
R0 = 12
[[phases]]
type = "InfectionSeeding"
num_infections = 50
[[phases]]
type = "ImportationPressure"
crude_importation_rate = 5
[[phases]]
type = "Infection"
beta = 1.5
exp_mu = 8
inf_mu = 5
seasonality = 0.2
[[phases]]
type = "VitalDynamics"
[[phases]]
type = "StateTracker"
aggregation_level = -2
[[phases]]
type = "CaseSurveillanceTracker"
`

// TestCompartmentalRunFileSnapshot: a run file with model =
// "compartmental" resolves the daily components, and a snapshot at any
// tick resumes (rebuilt from stored params) to the same states as the
// uninterrupted run, for both kernels.
func TestCompartmentalRunFileSnapshot(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader(compartmentalRunFile), "run.toml", t.TempDir())
	require.NoError(t, err)
	assert.Equal(t, TypeCompartmental, rf.Model)
	assert.Equal(t, []string{"InitializeEquilibriumStates", "InfectionSeeding", "ImportationPressure", "Infection",
		"VitalDynamics", "StateTracker", "CaseSurveillanceTracker"}, rf.Types)
	build := func(p params.BiweeklyParams) *Model {
		m, err := New(rf.Scenario, p, WithType(rf.Model), WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(rf.Components...))
		return m
	}
	series := func(m *Model) map[string][][]int64 {
		tr := InstancesOf[*metrics.StateTracker](m)[0]
		out := map[string][][]int64{}
		for _, s := range []string{"S", "E", "I", "R"} {
			out[s] = must(tr.Counts(s))
		}
		out["cases"] = InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts()
		return out
	}
	for _, numba := range []bool{true, false} {
		p := rf.Params
		p.Parallel = numba
		whole := build(p)
		require.NoError(t, whole.Run(context.Background()))
		want := series(whole)
		infections := InstancesOf[*compartmental.Infection](whole)
		require.Len(t, infections, 1)
		assert.Equal(t, 5.0, infections[0].Params().InfMu)
		assert.Positive(t, want["E"][60][0]+want["E"][60][1], "people pass through E")
		for _, k := range []int{0, 37, 119} {
			path := filepath.Join(t.TempDir(), "c.snap")
			first := build(p)
			require.NoError(t, first.Initialize())
			require.NoError(t, first.RunTicks(context.Background(), k))
			require.NoError(t, first.SaveSnapshot(path))
			resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(3))
			require.NoError(t, err)
			assert.Equal(t, TypeCompartmental, resumed.Type())
			require.NoError(t, resumed.Run(context.Background()))
			assert.Equal(t, want, series(resumed), "numba %v, split at %d", numba, k)
		}
	}
}
