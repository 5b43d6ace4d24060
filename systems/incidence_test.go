package systems_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestInfectionIncidence: after every tick Infection's Incidence is the
// tick's flow S → I per patch (S before minus S after, with no other
// phase changing S) and, in the biweekly model, the new I itself; the
// sequential and parallel paths agree, and the buffer is the same slice
// every tick (no copy).
func TestInfectionIncidence(t *testing.T) {
	scn := must(scenario.RandomN(700, 7, 0.5)) // 700 patches: three rng blocks
	for _, parallel := range []bool{false, true} {
		before := make([]int64, scn.Len())
		var inc []int64
		var total int64
		save := phases.Func("SaveS", func(m phases.Model, _ int) error {
			copy(before, m.World().S())
			return nil
		})
		check := phases.Func("Check", func(m phases.Model, tick int) error {
			src := model.InstancesOf[metrics.IncidenceSource](m.(*model.Model))[0]
			got := src.Incidence()
			if inc != nil {
				assert.Same(t, &inc[0], &got[0], "tick %d: the live buffer", tick)
			}
			inc = got
			s, i := m.World().S(), m.World().I()
			for j := range got {
				require.Equal(t, before[j]-s[j], got[j], "tick %d patch %d: S → I", tick, j)
				require.Equal(t, i[j], got[j], "tick %d patch %d: the new I", tick, j)
				total += got[j]
			}
			return nil
		})
		p := quietParams(20, 3)
		p.Parallel = parallel
		run(t, scn, p, systems.NewImportationPressure(nil), save, systems.NewInfection(nil), check)
		assert.Positive(t, total, "parallel=%v: infections happened", parallel)
	}
}
