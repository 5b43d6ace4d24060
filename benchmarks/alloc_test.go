package benchmarks

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
)

// allocRuns is the number of ticks testing.AllocsPerRun averages over for a
// lone model (any count > 0 shows a per-tick allocation; 200 ticks make a
// rare one, such as a buffer grown once in a while, show too).
const allocRuns = 200

// TestNoAllocationsPerTick checks DESIGN §4 rule 1 for the sequential path
// (use_numba = false) and the default path (use_numba = true: the factored
// gravity force on the worker pool; N = 600 spans three force tiles), for
// both model types: in steady state a tick of the standard schedule or the
// baseline list, including RunTicks' own bookkeeping, allocates nothing.
func TestNoAllocationsPerTick(t *testing.T) {
	for _, mt := range model.ModelTypes() {
		if mt == model.TypeABM {
			continue // one agent per person of 300–600 patches: 19–38 M agents; model.TestNoAllocationsPerABMTick and benchkit's TestAllocsPerTick check it
		}
		for _, numba := range []bool{false, true} {
			lists := map[string]func() []phases.Factory{"standard schedule": nil}
			if mt == model.TypeBiweekly {
				lists["baseline list"] = baselineComponents(t)
			}
			for name, fs := range lists {
				t.Run(fmt.Sprintf("%s/%s/numba=%v", mt, name, numba), func(t *testing.T) {
					n := 300
					if numba {
						n = 600
					}
					c := benchkit.Config{Type: mt, N: n, Components: fs, Params: kernels(numba)}
					assert.Zero(t, c.AllocsPerTick(t, allocRuns))
				})
			}
		}
	}
}

// TestNoAllocationsPerEnsembleTick checks DESIGN §4 rule 1 for an ensemble
// (3 replicates: any R > 1) of the baseline list on both kernels: in steady
// state an ensemble tick allocates nothing (averaged over 100 ticks).
func TestNoAllocationsPerEnsembleTick(t *testing.T) {
	for _, numba := range []bool{false, true} {
		t.Run(fmt.Sprintf("numba=%v", numba), func(t *testing.T) {
			c := benchkit.Config{N: 600, RunTicks: 1000, Components: baselineComponents(t), Params: kernels(numba)}
			assert.Zero(t, benchkit.AllocsPerTick(t, c.NewEnsemble(t, 3), 100))
		})
	}
}
