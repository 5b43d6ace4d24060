package metrics_test

import (
	"context"
	"io"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// blockRef is what a test compares of a block: its labels and a copy of
// its counts (blocks are views valid only during the yield).
type blockRef struct {
	Tick   int
	Date   string
	State  string
	IDs    []string
	Counts []int64
}

// collect copies the blocks of seq.
func collect(seq func(func(metrics.Block) bool)) []blockRef {
	var out []blockRef
	for b := range seq {
		out = append(out, blockRef{b.Tick, b.Date.Format("2006-01-02"), b.State, slices.Clone(b.IDs), slices.Clone(b.Counts)})
	}
	return out
}

// TestBlocksBetween: every built-in tracker's BlocksBetween(from, to) is
// the part of its Blocks with from ≤ tick < to, for ranges inside, across
// and past the recorded ticks, including a weekly CaseSurveillanceTracker
// whose blocks carry each window's last day.
func TestBlocksBetween(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, 6, metrics.NewStateTracker(&per), metrics.NewPopulationTracker(nil),
		surveillance(1, metrics.PerPatch), metrics.NewFadeOutTracker(nil), systems.NewInfectionSeeding(nil), systems.NewInfection(nil))
	require.NoError(t, m.Run(context.Background()))
	rangers := model.InstancesOf[metrics.TickRanger](m)
	require.Len(t, rangers, 4)

	p := params.DefaultCompartmental()
	p.NumTicks, p.ShowProgress = 30, false
	daily, err := model.NewCompartmental(regions(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, daily.SetComponents(append(model.DefaultCompartmentalComponents(),
		reporting(1, "", 0, 7, metrics.CountIncidence))...))
	require.NoError(t, daily.Run(context.Background()))
	weekly := model.InstancesOf[*metrics.CaseSurveillanceTracker](daily)
	require.Len(t, weekly, 1)
	require.Equal(t, 7, weekly[0].TicksPerRow())
	rangers = append(rangers, weekly[0])

	ranges := []struct{ from, to int }{
		{0, math.MaxInt}, {0, 0}, {0, 1}, {1, 3}, {2, 2}, {3, 1}, {-5, 2}, {4, 100}, {6, 7}, {13, 14}, {6, 21}, {7, 20}, {29, 30},
	}
	for _, tr := range rangers {
		all := collect(tr.Blocks)
		require.NotEmpty(t, all, tr.Name())
		for _, r := range ranges {
			var want []blockRef
			for _, b := range all {
				if b.Tick >= r.from && b.Tick < r.to {
					want = append(want, b)
				}
			}
			assert.Equal(t, want, collect(tr.BlocksBetween(r.from, r.to)), "%s [%d, %d)", tr.Name(), r.from, r.to)
		}
	}
}
