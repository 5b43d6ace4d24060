package benchmarks

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNoAllocationsPerTick checks DESIGN §4 rule 1 for the sequential path:
// in steady state a tick of the standard schedule allocates nothing beyond
// the timing table's row. RunTicks(1) also starts the progress bar (disabled:
// one small struct) — measured with AllocsPerRun over ticks of one run.
func TestNoAllocationsPerTick(t *testing.T) {
	m := newStandardModel(t, 300, 1000, false)
	ctx := context.Background()
	allocs := testing.AllocsPerRun(200, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	// Per RunTicks call: the timing row (1), the no-op progress bar (1).
	assert.LessOrEqual(t, allocs, 2.0)
}
