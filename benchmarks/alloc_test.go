package benchmarks

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
)

// TestNoAllocationsPerTick checks DESIGN §4 rule 1 for the sequential path
// (use_numba = false) and the default path (use_numba = true: the factored
// gravity force on the worker pool; N = 600 spans three force tiles): in
// steady state a tick of the standard schedule, including RunTicks' own
// bookkeeping, allocates nothing.
func TestNoAllocationsPerTick(t *testing.T) {
	for _, numba := range []bool{false, true} {
		for name, fs := range map[string]func() []phases.Factory{
			"standard schedule": model.DefaultComponents,
			"baseline list":     func() []phases.Factory { return baselineComponents(t) },
		} {
			t.Run(fmt.Sprintf("%s/numba=%v", name, numba), func(t *testing.T) {
				n := 300
				if numba {
					n = 600
				}
				m := newModel(t, n, 1000, numba, fs())
				require.NoError(t, m.RunTicks(context.Background(), 1)) // starts the pool
				ctx := context.Background()
				allocs := testing.AllocsPerRun(200, func() {
					if err := m.RunTicks(ctx, 1); err != nil {
						t.Fatal(err)
					}
				})
				assert.Zero(t, allocs)
			})
		}
	}
}

// TestNoAllocationsPerEnsembleTick checks DESIGN §4 rule 1 for an ensemble
// (3 replicates: any R > 1) of the baseline list on both kernels: in steady
// state an ensemble tick allocates nothing.
func TestNoAllocationsPerEnsembleTick(t *testing.T) {
	for _, numba := range []bool{false, true} {
		t.Run(fmt.Sprintf("numba=%v", numba), func(t *testing.T) {
			e := newEnsemble(t, 600, 1000, 3, numba, baselineComponents(t))
			ctx := context.Background()
			require.NoError(t, e.RunTicks(ctx, 1)) // starts the pool
			allocs := testing.AllocsPerRun(100, func() {
				if err := e.RunTicks(ctx, 1); err != nil {
					t.Fatal(err)
				}
			})
			assert.Zero(t, allocs)
		})
	}
}
