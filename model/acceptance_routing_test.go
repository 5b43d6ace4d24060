package model_test

import (
	"math"
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

// Constants of SPEC AT-14.
const (
	routingSide  = 5     // 5×5 grid
	routingPop   = 10000 // per patch
	routingSeeds = 100   // seeded in "0:0"
	routingBeta  = 2.0   // per day
	routingTicks = 52
)

// routingRun runs AT-14's model on the 5×5 grid with mixing matrix mix and a
// per-patch StateTracker last (end-of-tick states); it returns the model and
// the tracker's S counts as [tick][patch].
func routingRun(t *testing.T, mix [][]float64) (*model.Model, [][]int64) {
	t.Helper()
	scn := atMust(scenario.Grid(routingSide, routingSide, routingPop, scenario.DefaultGridOptions()))
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := atRun(t, scn, atParams(routingTicks, 1), []phases.Factory{
		atSeed("0:0", routingSeeds),
		atInfection(routingBeta, mixing.FromMixingMatrix(mix)),
		metrics.NewStateTracker(&per),
	})
	tr := model.InstancesOf[*metrics.StateTracker](m)[0]
	require.Equal(t, scn.ID, tr.GroupIDs(), "one group per patch, in row order")
	s, err := tr.Counts("S")
	require.NoError(t, err)
	return m, s
}

// TestRoutingTarget is SPEC AT-14 (a): M[0,24] = 1 and M[i,i] = 1 for i ≠ 0,
// all else 0, so patch "0:0"'s pressure lands only on "4:4" and nothing
// reaches "0:0" → only "4:4" loses S.
func TestRoutingTarget(t *testing.T) {
	const n = routingSide * routingSide
	const last = n - 1 // "4:4" = row 4·5 + 4
	mix := atMatrix(n)
	mix[0][last] = 1
	for i := 1; i < n; i++ {
		mix[i][i] = 1
	}
	m, s := routingRun(t, mix)
	require.Equal(t, "4:4", m.Patches().ID(last))

	// Tick-0 force at "4:4" from §5.1 steps 2–4: β_tick = 2·365/26 =
	// 28.076923; x_0 = β_tick·100; λ_24 = x_0·M[0,24] / N_24 = 0.280769;
	// p = −expm1(−λ) = 0.244797.
	betaTick := routingBeta * 365 / 26
	lambda := betaTick * routingSeeds * 1 / routingPop
	p := -math.Expm1(-lambda)
	assert.InDelta(t, 0.280769, lambda, 5e-7, "SPEC AT-14 λ (6 decimals)")
	assert.InDelta(t, 0.244797, p, 5e-7, "SPEC AT-14 p (6 decimals)")

	// The model's own force kernel on its mixing matrix gives the same λ.
	inf := model.InstancesOf[*systems.Infection](m)[0]
	x := make([]float64, n)
	x[0] = betaTick * routingSeeds
	acc := make([]float64, n)
	systems.Force(acc, x, inf.MixingMatrix())
	assert.InEpsilon(t, lambda, acc[last]/routingPop, 1e-12)
	// ΔI at "4:4" in tick 0 ~ Binomial(10 000, p): within 5 SE of 10 000·p.
	dI := routingPop - s[0][last]
	assert.InDelta(t, routingPop*p, float64(dI), 5*math.Sqrt(routingPop*p*(1-p)))

	for tick := range routingTicks {
		for j := range n {
			switch j {
			case 0:
				assert.Equal(t, int64(routingPop-routingSeeds), s[tick][j], "tick %d: \"0:0\" keeps exactly 9 900", tick)
			case last:
			default:
				assert.Equal(t, int64(routingPop), s[tick][j], "tick %d: patch %s is never reached", tick, m.Patches().ID(j))
			}
		}
	}
	assert.Less(t, s[routingTicks-1][last], int64(routingPop), `"4:4" loses S`)
}

// TestRoutingNeighbours is SPEC AT-14 (b): 4-neighbour adjacency with 0.1
// per neighbour and M[i,i] = 1 − 0.1·deg → the epidemic reaches every patch.
func TestRoutingNeighbours(t *testing.T) {
	const n = routingSide * routingSide
	mix := atMatrix(n)
	for r := range routingSide {
		for c := range routingSide {
			i := r*routingSide + c
			deg := 0
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || rr >= routingSide || cc < 0 || cc >= routingSide {
					continue
				}
				mix[i][rr*routingSide+cc] = 0.1
				deg++
			}
			mix[i][i] = 1 - 0.1*float64(deg)
		}
	}
	m, s := routingRun(t, mix)
	for j := range n {
		assert.Less(t, s[routingTicks-1][j], int64(routingPop), "patch %s ends with S < 10 000", m.Patches().ID(j))
	}
}
