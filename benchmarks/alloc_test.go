package benchmarks

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
)

// TestNoAllocationsPerTick checks DESIGN §4 rule 1 for the sequential path
// (use_numba = false): in steady state a tick of the standard schedule,
// including RunTicks' own bookkeeping, allocates nothing.
func TestNoAllocationsPerTick(t *testing.T) {
	for name, fs := range map[string][]phases.Factory{
		"standard schedule": model.DefaultComponents(),
		"baseline list":     baselineComponents(t),
	} {
		t.Run(name, func(t *testing.T) {
			m := newModel(t, 300, 1000, false, fs)
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
