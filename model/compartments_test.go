package model

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

type (
	waningCount  int64
	exposedCount int64
)

var waningW = ecs.NewCompartment[waningCount]("W")

// wane is a test phase moving a Binomial(R, 0.2) share of every patch's R
// to W and a Binomial(W, 0.1) share of W back to S each tick, from its own
// streams.
type wane struct{ s, r, w []int64 }

func (c *wane) Name() string { return "Wane" }

func (c *wane) Initialize(m phases.Model) error {
	w, err := m.World().State("W")
	c.s, c.r, c.w = m.World().S(), m.World().R(), w
	return err
}

func (c *wane) Step(m phases.Model, _ int) error {
	streams, err := m.Streams(c)
	if err != nil {
		return err
	}
	for b := range streams.NumBlocks() {
		lo, hi := streams.Range(b)
		src := streams.Block(b)
		for j := lo; j < hi; j++ {
			back := rng.Binomial(src, c.w[j], 0.1)
			out := rng.Binomial(src, c.r[j], 0.2)
			c.w[j] += out - back
			c.r[j] -= out
			c.s[j] += back
		}
	}
	return nil
}

func newWane(phases.Model) (phases.Component, error) { return &wane{}, nil }

// sirwComponents is a small S, I, R, W model: the standard phases with the
// waning phase after Infection and a per-patch state tracker.
func sirwComponents() []phases.Factory {
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 20, UseLargestPatch: true}),
		systems.NewInfection(nil),
		newWane,
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
	}
}

func TestWithCompartmentsErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []ecs.Compartment
		want  string
	}{
		{"empty name", []ecs.Compartment{ecs.NewCompartment[waningCount]("")},
			"model: WithCompartments: ecs: compartment 0: state name is empty"},
		{"I again", []ecs.Compartment{ecs.NewCompartment[waningCount]("I")},
			`model: WithCompartments: ecs: compartment 0: state "I" is built in (S, I and R are the model's first compartments)`},
		{"W twice", []ecs.Compartment{waningW, ecs.NewCompartment[exposedCount]("W")},
			`model: WithCompartments: ecs: compartment 1: state "W" is declared twice`},
		{"one type twice", []ecs.Compartment{waningW, ecs.NewCompartment[waningCount]("V")},
			"model: WithCompartments: ecs: compartment 1 (V): component type model.waningCount is already stored as compartment W"},
		{"zero value", []ecs.Compartment{{}}, "model: WithCompartments: ecs: compartment 0: not made with ecs.NewCompartment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewBiweekly(twoPatch(t), quietParams(2, 1), WithCompartments(tc.extra...))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestWithCompartmentsStates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  []Option
		names []string
	}{
		{"biweekly", nil, []string{"S", "I", "R"}},
		{"none declared", []Option{WithCompartments()}, []string{"S", "I", "R"}},
		{"W", []Option{WithCompartments(waningW)}, []string{"S", "I", "R", "W"}},
		{"E and W", []Option{WithCompartments(ecs.NewCompartment[exposedCount]("E"), waningW)},
			[]string{"S", "I", "R", "E", "W"}},
		{"a later call replaces", []Option{WithCompartments(waningW), WithCompartments(ecs.NewCompartment[exposedCount]("E"))},
			[]string{"S", "I", "R", "E"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := NewBiweekly(twoPatch(t), quietParams(2, 1), tc.opts...)
			require.NoError(t, err)
			assert.Equal(t, tc.names, m.World().StateNames())
			assert.Equal(t, tc.names, m.Patches().States())
			for _, name := range tc.names[1:] {
				col, err := m.Patches().Column(name)
				require.NoError(t, err)
				assert.Equal(t, []int64{0, 0}, col, name)
			}
			assert.Equal(t, int64(150000), m.Patches().Population())
		})
	}
}

func TestPatchesTotals(t *testing.T) {
	m, err := NewBiweekly(twoPatch(t), quietParams(2, 1), WithCompartments(waningW))
	require.NoError(t, err)
	w, err := m.World().State("W")
	require.NoError(t, err)
	w[0], w[1] = 7, 5
	require.NoError(t, m.Infect([]int{1}, []int64{30}))
	for _, tc := range []struct {
		state string
		want  int64
		err   string
	}{
		{"S", 149970, ""}, {"I", 30, ""}, {"R", 0, ""}, {"W", 12, ""},
		{"E", 0, `ecs: unknown state "E" (states are ["S" "I" "R" "W"])`},
	} {
		got, err := m.Patches().Total(tc.state)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, tc.state)
	}
	assert.Equal(t, int64(150012), m.Patches().Population())
	assert.Equal(t, Counts{S: 149970, I: 30}, m.Patches().Totals(), "Counts stay S, I, R")
}

// TestUserPhaseExtraCountsChecked: a bad count in an extra compartment
// stops the run like a bad S, I or R.
func TestUserPhaseExtraCountsChecked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value int64
		want  string
	}{
		{"negative W", -3,
			`tick 1, phase BadCounts: patch 1 ("patch_2"): W = -3 afterwards; every count must be >= 0 and <= 9007199254740992 (2^53) (SPEC §3.2)`},
		{"sum above 2^53", 1 << 53,
			`tick 1, phase BadCounts: patch 1 ("patch_2"): the sum of ["S" "I" "R" "W"] is 9007199254790992 afterwards; it must be <= 9007199254740992 (2^53) (SPEC §3.2)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := func(phases.Model) (phases.Component, error) {
				return &badCounts{state: "W", at: 1, value: tc.value}, nil
			}
			m, err := NewBiweekly(twoPatch(t), quietParams(3, 1), WithStdout(io.Discard), WithCompartments(waningW))
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(bad))
			assert.EqualError(t, m.Run(context.Background()), tc.want)
		})
	}
}

func TestCompartmentTrackedAndResumed(t *testing.T) {
	const T = 30
	scn := snapshotScenario(t)
	p := quietParams(T, 5)
	opts := []Option{WithStdout(io.Discard), WithProgressWriter(io.Discard), WithCompartments(waningW)}
	whole, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, whole.SetComponents(sirwComponents()...))
	require.NoError(t, whole.Run(context.Background()))
	tracker := InstancesOf[*metrics.StateTracker](whole)[0]
	assert.Equal(t, []string{"S", "I", "R", "W"}, tracker.States())
	series := tracker.Series("W")
	assert.Positive(t, series[T-1], "people wane into W")
	finalW, err := whole.Patches().Column("W")
	require.NoError(t, err)

	path := filepath.Join(t.TempDir(), "half.snap")
	first, err := NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, first.SetComponents(sirwComponents()...))
	require.NoError(t, first.Initialize())
	require.NoError(t, first.RunTicks(context.Background(), T/2))
	require.NoError(t, first.SaveSnapshot(path))

	resumed, err := LoadSnapshot(path, sirwComponents(), opts...)
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	assert.Equal(t, series, InstancesOf[*metrics.StateTracker](resumed)[0].Series("W"))
	got, err := resumed.Patches().Column("W")
	require.NoError(t, err)
	assert.Equal(t, finalW, got)

	for _, tc := range []struct {
		name string
		opts []Option
		want string
	}{
		{"without W", nil, // W is not registered (RegisterCompartment), so it is not declared by itself
			`compartments: the snapshot's compartment "W" is not registered: declare it with model.WithCompartments (or register it with model.RegisterCompartment)`},
		{"with E too", []Option{WithCompartments(waningW, ecs.NewCompartment[exposedCount]("E"))},
			`states: state "E" is missing (the model has ["S" "I" "R" "W" "E"])`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadSnapshot(path, sirwComponents(), append(tc.opts, WithStdout(io.Discard))...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "snapshot "+path+": "+tc.want)
		})
	}
}

// TestSIRSnapshotIntoCompartmentModel: an S, I, R snapshot loads only
// into a model without extra compartments.
func TestSIRSnapshotIntoCompartmentModel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sir.snap")
	m := newModel(t, twoPatch(t), quietParams(4, 1), DefaultComponents()...)
	require.NoError(t, m.Initialize())
	require.NoError(t, m.RunTicks(context.Background(), 2))
	require.NoError(t, m.SaveSnapshot(path))
	_, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithCompartments(waningW))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `states: state "W" is missing (the model has ["S" "I" "R" "W"])`)
	_, err = LoadSnapshot(path, nil, WithStdout(io.Discard))
	require.NoError(t, err)
}

// TestEnsembleWithCompartments: replicates follow the declared list,
// replicate r is the lone model with seed + r, also when the ensemble is
// saved halfway and resumed, and the ensemble snapshot needs W declared.
func TestEnsembleWithCompartments(t *testing.T) {
	scn := snapshotScenario(t)
	p := quietParams(12, 3)
	opts := []Option{WithStdout(io.Discard), WithProgressWriter(io.Discard), WithCompartments(waningW)}
	first, err := NewEnsemble(scn, p, 2, opts...)
	require.NoError(t, err)
	require.NoError(t, first.SetComponents(sirwComponents()...))
	require.NoError(t, first.RunTicks(context.Background(), 6))
	path := filepath.Join(t.TempDir(), "ensemble.snap")
	require.NoError(t, first.SaveSnapshot(path))
	_, err = LoadEnsembleSnapshot(path, sirwComponents(), WithStdout(io.Discard))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `the snapshot's compartment "W" is not registered`)
	e, err := LoadEnsembleSnapshot(path, sirwComponents(), opts...)
	require.NoError(t, err)
	require.NoError(t, e.Run(context.Background()))
	for r := range e.Replicates() {
		q := p
		q.Seed = p.Seed + uint64(r)
		lone, err := NewBiweekly(scn, q, opts...)
		require.NoError(t, err)
		require.NoError(t, lone.SetComponents(sirwComponents()...))
		require.NoError(t, lone.Run(context.Background()))
		want, err := lone.Patches().Column("W")
		require.NoError(t, err)
		got, err := e.Replicate(r).Patches().Column("W")
		require.NoError(t, err)
		assert.Equal(t, want, got, "replicate %d", r)
		assert.Equal(t, []string{"S", "I", "R", "W"}, InstancesOf[*metrics.StateTracker](e.Replicate(r))[0].States())
	}
}

// TestNoAllocationsPerTickWithCompartments: a tick of a model with a
// declared compartment, a user phase moving people into it and the count
// check after that phase allocates nothing in steady state (DESIGN §4).
func TestNoAllocationsPerTickWithCompartments(t *testing.T) {
	m, err := NewBiweekly(snapshotScenario(t), quietParams(300, 1), WithStdout(io.Discard), WithCompartments(waningW))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(sirwComponents()...))
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 1))
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}
