package model_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestChain is SPEC AT-13: 40 patches of 10 000 (ids c00…c39, lat 0, lon
// 0.1·k) where M[i,i+1] = 1 and all else is 0, so patch i's pressure lands
// only on the next patch; 10 seeds in c00, Infection defaults, a per-patch
// CaseSurveillanceTracker with detection 1.0 after Infection, 50 ticks →
// cases travel down the chain one patch per tick.
func TestChain(t *testing.T) {
	const n, pop, ticks = 40, 10000, 50
	ids := make([]string, n)
	lat, lon, mcv1 := make([]float64, n), make([]float64, n), make([]float64, n)
	pops := make([]int64, n)
	for k := range n {
		ids[k] = fmt.Sprintf("c%02d", k)
		lon[k] = 0.1 * float64(k)
		pops[k] = pop
	}
	scn := atMust(scenario.FromColumns(ids, pops, lat, lon, mcv1))
	mix := atMatrix(n)
	for i := range n - 1 {
		mix[i][i+1] = 1
	}
	surveillance := metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(1.0), AggregationLevel: metrics.PerPatch}
	m := atRun(t, scn, atParams(ticks, 1), []phases.Factory{
		atSeed("c00", 10),
		atInfection(systems.DefaultInfectionParams().Beta, mixing.FromMixingMatrix(mix)),
		metrics.NewCaseSurveillanceTracker(&surveillance),
	})
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	require.Equal(t, ids, tr.GroupIDs(), "one group per patch, in chain order")

	// First tick with reported cases per patch (−1: none in 50 ticks).
	first := make([]int, n)
	reporting := 0
	for j, row := range tr.Counts() {
		require.Len(t, row, ticks)
		first[j] = -1
		for tick, c := range row {
			if c > 0 {
				first[j] = tick
				reporting++
				break
			}
		}
	}
	assert.GreaterOrEqual(t, reporting, 3, "patches reporting cases; first-case ticks %v", first)
	prev := -1
	for j, f := range first {
		if f < 0 {
			continue
		}
		assert.Greater(t, f, prev, "first-case tick of %s after the previous reporting patch", ids[j])
		prev = f
	}

	// Stronger, by construction: c00 receives no pressure and its seeds
	// recover in tick 0, so it never reports; c_k (k ≥ 1) is first infected
	// in tick k−1 (the chance that a link draws no case is below
	// 0.992^10000 ≈ e^−80: β_tick·10/10 000 = 0.008 is the smallest λ).
	assert.Equal(t, -1, first[0], "c00 reports nothing after Infection")
	for k := 1; k < n; k++ {
		assert.Equal(t, k-1, first[k], "first-case tick of %s", ids[k])
	}
}
