package systems_test

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// streamingModel returns an initialised quiet biweekly model of scn with
// seeding and the Infection of q, on workers workers (the default kernel).
func streamingModel(t *testing.T, scn *scenario.Table, q systems.InfectionParams, ticks, workers int) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, quietParams(ticks, 5), model.WithStdout(io.Discard),
		model.WithProgressWriter(io.Discard), model.WithWorkers(workers))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInfection(&q)))
	return m
}

// requireSpread checks that a seeded epidemic spread: R starts at 0 and
// seeding infects one patch's seed, so R > 1 at the end means it did (a
// comparison of runs then compares something).
func requireSpread(t *testing.T, m *model.Model) {
	t.Helper()
	recovered := int64(0)
	for _, r := range m.World().R() {
		recovered += r
	}
	require.Greater(t, recovered, int64(1), "the seeded epidemic spreads")
}

// TestInfectionStorageStreaming: storage "streaming" (D computed every
// tick, nothing of size N² stored) keeps no factored matrix, materialises
// the factored path's mixing matrix bit for bit, and gives the same S, I, R
// with 1, 2 and 3 workers and GOMAXPROCS 1 (SPEC §7.5 rule 1). RandomN(600):
// three blocks of 256, above parallelForceMin (512). Not parallel: it
// changes GOMAXPROCS.
func TestInfectionStorageStreaming(t *testing.T) {
	p, err := systems.DecodeInfectionParams([]byte(`{"storage": "streaming"}`))
	require.NoError(t, err)
	require.Equal(t, systems.StorageStreaming, p.Storage)

	scn := must(scenario.RandomN(600, 3, 0))
	runWith := func(workers int) *model.Model {
		m := streamingModel(t, scn, p, 30, workers)
		require.NoError(t, m.Run(context.Background()))
		return m
	}
	want := runWith(1)
	requireSpread(t, want)
	inf := model.InstancesOf[*systems.Infection](want)[0]
	assert.Nil(t, inf.Factored(), "streaming: no factored matrix")
	fac := run(t, scn, quietParams(1, 5), systems.NewInfection(nil))
	require.Equal(t, model.InstancesOf[*systems.Infection](fac)[0].MixingMatrix(), inf.MixingMatrix(),
		"the factored path's matrix, bit for bit")

	old := runtime.GOMAXPROCS(1)
	one := runWith(2)
	runtime.GOMAXPROCS(old)
	for name, m := range map[string]*model.Model{"workers 2": runWith(2), "workers 3": runWith(3), "GOMAXPROCS 1": one} {
		assert.Equal(t, want.World().S(), m.World().S(), "%s: S", name)
		assert.Equal(t, want.World().I(), m.World().I(), "%s: I", name)
		assert.Equal(t, want.World().R(), m.World().R(), "%s: R", name)
	}
}

// TestInfectionStreamingSnapshot: a streaming run saved half way and
// resumed from the snapshot alone ends as the uninterrupted run (SPEC §7.5
// rule 1 across snapshot/resume; the storage key round-trips).
func TestInfectionStreamingSnapshot(t *testing.T) {
	const ticks = 30
	scn := must(scenario.RandomN(600, 8, 0))
	q := systems.DefaultInfectionParams()
	q.Storage = systems.StorageStreaming
	whole := streamingModel(t, scn, q, ticks, 2)
	require.NoError(t, whole.Run(context.Background()))

	half := streamingModel(t, scn, q, ticks, 2)
	require.NoError(t, half.Initialize())
	require.NoError(t, half.RunTicks(context.Background(), ticks/2))
	path := filepath.Join(t.TempDir(), "half.snap")
	require.NoError(t, half.SaveSnapshot(path))
	resumed, err := model.LoadSnapshot(path, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	inf := model.InstancesOf[*systems.Infection](resumed)
	require.Len(t, inf, 1)
	assert.Equal(t, systems.StorageStreaming, inf[0].Params().Storage)
	require.NoError(t, resumed.Run(context.Background()))
	assert.Equal(t, whole.World().S(), resumed.World().S())
	assert.Equal(t, whole.World().I(), resumed.World().I())
	assert.Equal(t, whole.World().R(), resumed.World().R())
}

// TestInfectionStreamingErrors: storage "streaming" needs the default
// kernel and a separable mixer; otherwise Initialize fails naming the
// storage value and the mixer (never a silent fallback), and a bad
// scenario gives the factored build's named error (coincident patches).
func TestInfectionStreamingErrors(t *testing.T) {
	three := table(t, []string{"a", "b", "c"}, []int64{1000, 2000, 3000})
	q := systems.DefaultInfectionParams()
	q.Storage = systems.StorageStreaming

	ref := quietParams(1, 1)
	ref.Parallel = false
	m, err := model.NewBiweekly(three, ref, model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfection(&q)))
	require.ErrorContains(t, m.Run(t.Context()), `storage "streaming" needs the default kernel (use_numba = true)`)

	r := q
	r.Mixer = mixing.Radiation{IncludeHome: true, K: 0.01}
	m = streamingModel(t, three, r, 1, 1)
	require.ErrorContains(t, m.Run(t.Context()), `storage "streaming" needs the default kernel (use_numba = true) and a factored mixer (gravity or a user distance kernel), got mixer "radiation"`)

	same := must(scenario.FromColumns([]string{"a", "b"}, []int64{1000, 2000}, []float64{40, 40}, []float64{4, 4}, []float64{0, 0}))
	m = streamingModel(t, same, q, 1, 1)
	require.ErrorContains(t, m.Run(t.Context()), `InfectionProcess: mixing: gravity: patches 0 ("a") and 1 ("b") are at distance 0 (same location)`)
}
