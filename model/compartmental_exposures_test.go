package model

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// closedSEIRRunFile is a daily run in a closed population: seeding at
// initialisation, then only compartmental.Infection moves people, so every S → E
// draw lowers S by one and nothing else changes S.
const closedSEIRRunFile = `
model = "compartmental"
[scenario]
builder = "random_n"
n = 200
seed = 3
[params]
num_ticks = 150
seed = 11
show_progress = false
[[phases]]
type = "InfectionSeeding"
num_infections = 40
[[phases]]
type = "Infection"
beta = 1.2
[[phases]]
type = "StateTracker"
aggregation_level = -2
`

// exposuresOf is the Exposures of m's single compartmental.Infection.
func exposuresOf(t *testing.T, m *Model) int64 {
	t.Helper()
	infections := InstancesOf[*compartmental.Infection](m)
	require.Len(t, infections, 1)
	return infections[0].Exposures()
}

// TestSEIRExposuresCountInfections: in a closed population the count of
// S → E transitions is S after initialisation minus S at the end, exactly
// (S conservation), for both kernels and with the draws split over 1 or 3
// workers.
func TestSEIRExposuresCountInfections(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader(closedSEIRRunFile), "run.toml", t.TempDir())
	require.NoError(t, err)
	for _, numba := range []bool{true, false} {
		for _, workers := range []int{1, 3} {
			p := rf.Params
			p.Parallel = numba
			m, err := New(rf.Scenario, p, WithType(rf.Model), WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(workers))
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(rf.Components...))
			require.NoError(t, m.Initialize())
			s0 := must(m.Patches().Total("S"))
			assert.Zero(t, exposuresOf(t, m), "nothing counted before the first tick")
			require.NoError(t, m.Run(context.Background()))
			sT := must(m.Patches().Total("S"))
			assert.Positive(t, s0-sT, "an epidemic happened")
			assert.Equal(t, s0-sT, exposuresOf(t, m), "numba %v, %d workers", numba, workers)
		}
	}
}

// TestSEIRExposuresResume: a run resumed from a snapshot at any tick
// reports the same S → E count, and the same states, as the uninterrupted
// run (the count is saved in the snapshot, not recounted from the resume).
func TestSEIRExposuresResume(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader(compartmentalRunFile), "run.toml", t.TempDir())
	require.NoError(t, err)
	build := func() *Model {
		m, err := New(rf.Scenario, rf.Params, WithType(rf.Model), WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(rf.Components...))
		return m
	}
	whole := build()
	require.NoError(t, whole.Run(context.Background()))
	want := exposuresOf(t, whole)
	wantS := must(InstancesOf[*metrics.StateTracker](whole)[0].Counts("S"))
	require.Positive(t, want)
	for _, k := range []int{0, 37, 119} {
		path := filepath.Join(t.TempDir(), "c.snap")
		first := build()
		require.NoError(t, first.Initialize())
		require.NoError(t, first.RunTicks(context.Background(), k))
		require.NoError(t, first.SaveSnapshot(path))
		resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(3))
		require.NoError(t, err)
		require.NoError(t, resumed.Run(context.Background()))
		assert.Equal(t, want, exposuresOf(t, resumed), "split at %d", k)
		assert.Equal(t, wantS, must(InstancesOf[*metrics.StateTracker](resumed)[0].Counts("S")), "split at %d", k)
	}
}

// TestNoAllocationsPerDailyTick: a day of the compartmental model with its
// default components, S → E counting included, allocates nothing in
// steady state (DESIGN §4).
func TestNoAllocationsPerDailyTick(t *testing.T) {
	m := newCompartmental(t, snapshotScenario(t), quietParams(300, 1))
	require.NoError(t, m.SetComponents(DefaultCompartmentalComponents()...))
	ctx := context.Background()
	require.NoError(t, m.Initialize())
	require.NoError(t, m.RunTicks(ctx, 1))
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
	assert.Positive(t, exposuresOf(t, m))
}

// Testcompartmental.InfectionRestoreState: a saved count is loaded as it was; a
// state that does not fit is an error naming the component.
func TestCompartmentalInfectionRestoreState(t *testing.T) {
	tests := []struct {
		name, state string
		want        int64
		err         string
	}{
		{"count", `{"exposures": 42}`, 42, ""},
		{"negative", `{"exposures": -1}`, 0, "InfectionProcess: snapshot state: exposures = -1: must be >= 0"},
		{"unknown field", `{"exposures": 1, "blocks": [1]}`, 0, `InfectionProcess: snapshot state: json: unknown field "blocks"`},
		{"not JSON", `[`, 0, "InfectionProcess: snapshot state: unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newCompartmental(t, twoPatch(t), quietParams(5, 1), compartmental.NewInfection(nil))
			require.NoError(t, m.Initialize())
			c := InstancesOf[*compartmental.Infection](m)[0]
			err := c.RestoreState(m, []byte(tt.state))
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, c.Exposures())
			saved, err := c.SnapshotState()
			require.NoError(t, err)
			assert.JSONEq(t, `{"exposures": 42}`, string(saved))
		})
	}
}
