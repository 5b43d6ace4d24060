package model

import (
	"context"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// operatorComponents is DefaultComponents with the Infection's mixing on
// the distance operator of storage ("streaming" or "hierarchical"), at
// infectionAt (ensembleRecords checks the position).
func operatorComponents(t *testing.T, storage string) []phases.Factory {
	t.Helper()
	p := systems.DefaultInfectionParams()
	p.Seasonality = StandardSeasonality
	p.Storage = storage
	require.NoError(t, p.Validate())
	fs := slices.Clone(DefaultComponents())
	fs[infectionAt] = systems.NewInfection(&p)
	return fs
}

// TestEnsembleSharesOperator is issue 27 item 4 (ensembles sharing one
// far-field structure): with storage "hierarchical" or "streaming" every
// replicate's Infection uses replicate 0's operator (one tree and one set
// of near and far blocks for R replicates, built once through
// phases.Model's Shared); the batched phase, which has no operator form,
// steps the replicates one by one, so replicate r is byte-identical to the
// lone run with seed + r (states at every tick, tracker arrays, summary);
// and the memory estimate counts the operator once. ensembleScenario (600
// patches, 16 ticks) as TestEnsembleMatchesLoneRuns; R = 3 with 2 workers.
func TestEnsembleSharesOperator(t *testing.T) {
	scn := ensembleScenario(t)
	const R = 3
	for _, storage := range []string{systems.StorageHierarchical, systems.StorageStreaming} {
		t.Run(storage, func(t *testing.T) {
			fs := operatorComponents(t, storage)
			e, recs := ensembleRecords(t, scn, fs, R, ensembleTicks, true, WithWorkers(2))
			require.NoError(t, e.Run(context.Background()))
			shared := InstancesOf[*systems.Infection](e.Replicate(0))[0].OperatorMatrix()
			require.NotNil(t, shared, "storage %q runs on an operator", storage)
			for r := range R {
				inf := InstancesOf[*systems.Infection](e.Replicate(r))[0]
				assert.Same(t, shared, inf.OperatorMatrix(), "replicate %d shares replicate 0's operator", r)
				assert.Nil(t, inf.Factored(), "replicate %d: no factored matrix", r)
				finish(t, e.Replicate(r), recs[r])
				lone := loneRun(t, scn, fs, ensembleSeed+uint64(r), ensembleTicks, true)
				require.Equal(t, lone, recs[r], "replicate %d equals the lone run with seed %d", r, ensembleSeed+r)
			}
		})
	}
}

// TestEnsembleOperatorMemoryOnce: the ensemble's memory estimate counts the
// hierarchical operator (10 000 B per patch, systems'
// hierarchicalBytesPerPatch) once, whatever R, while every replicate's
// trackers are counted R times; the streaming operator stores nothing that
// grows faster than N, so it has no item.
func TestEnsembleOperatorMemoryOnce(t *testing.T) {
	scn := ensembleScenario(t)
	estimate := func(storage string, R int) MemoryEstimate {
		e, err := NewEnsemble(scn, quietParams(ensembleTicks, ensembleSeed), R, WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, e.SetComponents(operatorComponents(t, storage)...))
		return e.EstimateMemory()
	}
	mixingItem := func(est MemoryEstimate) (MemoryItem, bool) {
		for _, it := range est.Items {
			if it.Component == systems.InfectionName+" mixing" {
				return it, true
			}
		}
		return MemoryItem{}, false
	}
	one := estimate(systems.StorageHierarchical, 1)
	item, ok := mixingItem(one)
	require.True(t, ok, "the hierarchical operator is in the estimate:\n%s", one)
	const perPatch = 10_000 // systems.hierarchicalBytesPerPatch
	assert.Equal(t, float64(perPatch*scn.Len()), item.Storage.Bytes())
	assert.True(t, item.Shared)
	for _, R := range []int{2, 8} {
		t.Run(fmt.Sprint("R=", R), func(t *testing.T) {
			est := estimate(systems.StorageHierarchical, R)
			got, ok := mixingItem(est)
			require.True(t, ok)
			assert.Equal(t, item.Storage, got.Storage, "counted once, no replicates dimension")
			perReplicate := one.Total() - item.Storage.Bytes()
			assert.Equal(t, item.Storage.Bytes()+float64(R)*perReplicate, est.Total())
		})
	}
	_, ok = mixingItem(estimate(systems.StorageStreaming, 8))
	assert.False(t, ok, "streaming stores no N² or per-patch operator")
}
