package model

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// tsirTerms returns the standard schedule with a TSIR Infection: α = 0.97
// (Finkenstädt & Grenfell 2000's fit) and school terms (Christmas wrapping
// over New Year, summer; A = 0.25), the Infection third (infectionAt).
func tsirTerms() []phases.Factory {
	inf := systems.DefaultInfectionParams()
	inf.Alpha = 0.97
	inf.SeasonSpec = &systems.SeasonSpec{Type: systems.SeasonTerms, Amplitude: 0.25,
		Holidays: [][2]string{{"12-20", "01-04"}, {"07-20", "09-05"}}}
	fs := DefaultComponents()
	fs[infectionAt] = systems.NewInfection(&inf)
	return fs
}

// TestSnapshotSeasonAndAlpha: a run with α = 0.97 and school terms saved
// half way and resumed from the snapshot alone (params rebuilt from the
// stored JSON, season object included) ends as the uninterrupted run.
func TestSnapshotSeasonAndAlpha(t *testing.T) {
	const T = 30 // across a Christmas and a summer holiday
	scn := snapshotScenario(t)
	p := quietParams(T, 3)
	p.StartTime = "2000-06"
	whole := newModel(t, scn, p, tsirTerms()...)
	require.NoError(t, whole.Run(context.Background()))

	half := newModel(t, scn, p, tsirTerms()...)
	require.NoError(t, half.Initialize())
	require.NoError(t, half.RunTicks(context.Background(), T/2))
	path := filepath.Join(t.TempDir(), "half.snap")
	require.NoError(t, half.SaveSnapshot(path))

	resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	inf := InstancesOf[*systems.Infection](resumed)
	require.Len(t, inf, 1)
	assert.Equal(t, InstancesOf[*systems.Infection](whole)[0].Params(), inf[0].Params(), "params round-trip")
	require.NoError(t, resumed.Run(context.Background()))
	want := InstancesOf[*metrics.StateTracker](whole)[0]
	got := InstancesOf[*metrics.StateTracker](resumed)[0]
	for _, state := range []string{"S", "I", "R"} {
		assert.Equal(t, want.Series(state), got.Series(state), state)
	}
	assert.Equal(t, whole.World().I(), resumed.World().I())
}

// TestEnsembleAlphaMatchesLoneRuns: with α = 0.97 and school terms, the
// batched factored force of an ensemble (Infection.StepBatch) gives each
// replicate the lone run of its seed, as TestEnsembleMatchesLoneRuns checks
// for α = 1.
func TestEnsembleAlphaMatchesLoneRuns(t *testing.T) {
	scn := ensembleScenario(t)
	const R = 3
	fs := tsirTerms()
	e, recs := ensembleRecords(t, scn, fs, R, ensembleTicks, true)
	require.NoError(t, e.Run(context.Background()))
	require.NotNil(t, InstancesOf[*systems.Infection](e.Replicate(0))[0].Factored(), "the batched factored path")
	for r := range R {
		finish(t, e.Replicate(r), recs[r])
		lone := loneRun(t, scn, fs, ensembleSeed+uint64(r), ensembleTicks, true)
		require.Equal(t, lone, recs[r], "replicate %d equals the lone run with seed %d", r, ensembleSeed+r)
	}
}
