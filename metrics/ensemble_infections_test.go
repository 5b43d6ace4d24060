package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// TestSetInfections: counts from outside the tracker (the S → E
// transitions of the daily models, compartmental and agent-based) replace
// Σ I per replicate and in the distribution, which covers the counted replicates only; none counted is null.
func TestSetInfections(t *testing.T) {
	// Σ I of the three replicates: 5, 4 and 0 (I = 5, 0, then 4, 0, then 0).
	scripts := [][][2]int64{{{5, 0}, {0, 0}}, {{0, 4}, {0, 0}}, {{0, 0}, {0, 0}}}
	var states []*metrics.StateTracker
	for _, s := range scripts {
		st, _ := scripted(t, s)
		states = append(states, st)
	}
	p64 := func(v int64) *int64 { return &v }
	tests := []struct {
		name   string
		counts []*int64
		want   *metrics.Distribution // nil: not counted
	}{
		// Quantiles of n = 2 values 10, 30: h = p, so q05 = 11, q25 = 15, q50 = 20, q75 = 25, q95 = 29.
		{"two counted", []*int64{p64(30), nil, p64(10)},
			&metrics.Distribution{N: 2, Mean: 20, Q05: 11, Q25: 15, Q50: 20, Q75: 25, Q95: 29, Min: 10, Max: 30}},
		{"none counted", []*int64{nil, nil, nil}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum, err := metrics.SummarizeEnsemble(states, nil, []uint64{1, 2, 3})
			require.NoError(t, err)
			require.Equal(t, p64(5), sum.PerReplicate[0].Infections, "before: Σ I")
			require.NoError(t, sum.SetInfections(tt.counts))
			for r, n := range tt.counts {
				assert.Equal(t, n, sum.PerReplicate[r].Infections, "replicate %d", r)
			}
			if tt.want == nil {
				assert.Nil(t, sum.Stats.Infections)
				return
			}
			require.NotNil(t, sum.Stats.Infections)
			assert.InDeltaSlice(t, []float64{tt.want.Mean, tt.want.Q05, tt.want.Q25, tt.want.Q50, tt.want.Q75, tt.want.Q95, tt.want.Min, tt.want.Max},
				[]float64{sum.Stats.Infections.Mean, sum.Stats.Infections.Q05, sum.Stats.Infections.Q25, sum.Stats.Infections.Q50,
					sum.Stats.Infections.Q75, sum.Stats.Infections.Q95, sum.Stats.Infections.Min, sum.Stats.Infections.Max}, quantileTol)
			assert.Equal(t, tt.want.N, sum.Stats.Infections.N)
		})
	}
	sum, err := metrics.SummarizeEnsemble(states, nil, []uint64{1, 2, 3})
	require.NoError(t, err)
	assert.EqualError(t, sum.SetInfections([]*int64{p64(1)}), "metrics: ensemble summary of 3 replicates given 1 infection counts")
}
