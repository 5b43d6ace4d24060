package fit

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestPFilterAllocsPerParticleStep checks that a filter allocates nothing
// per particle step: the allocations of a filter over 104 weekly reports
// less those of one over 52 (the setup cancels) stay a few per report —
// the model's per-call bookkeeping of RunTicks — and do not grow with the
// number of particles (2 per report, measured, for 256 and 2 560
// particles alike; the bound 4 leaves room for the runtime).
func TestPFilterAllocsPerParticleStep(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"A"}, []int64{1000}, []float64{0}, []float64{0}, []float64{0})
	require.NoError(t, err)
	spec := &Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components:  []phases.Factory{func(phases.Model) (phases.Component, error) { return &walk{up: 0.2, down: 0.15}, nil }},
		Measurement: BinomialMeasurement{}, Rho: systems.PatchNumber(0.6), Psi: systems.PatchNumber(0),
	}
	obs := func(weeks int) *Observations {
		o := &Observations{Places: []string{"A"}, PeriodDays: 7, Counts: [][]int64{make([]int64, weeks)}}
		for k := range weeks {
			o.Dates = append(o.Dates, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*(k+1)))
			o.Counts[0][k] = int64(k % 3)
		}
		return o
	}
	for _, j := range []int{256, 2560} {
		allocs := func(weeks int) float64 {
			o := obs(weeks)
			return testing.AllocsPerRun(2, func() {
				_, err := PFilter(context.Background(), spec, o, PFilterOptions{Particles: j, Seed: 1, Workers: 1})
				require.NoError(t, err)
			})
		}
		perReport := (allocs(104) - allocs(52)) / 52
		t.Logf("J = %d: %.2f allocations per report", j, perReport)
		assert.LessOrEqual(t, perReport, 4.0, "J = %d", j)
	}
}
