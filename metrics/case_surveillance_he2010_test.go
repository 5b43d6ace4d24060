package metrics_test

import (
	"context"
	"io"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// TestCaseSurveillanceHe2010: reporting = "he2010" with ρ = 1 and ψ = 0 has
// variance 0, so its weekly reports are the weekly incidence of a
// binomial tracker with rate 1 (which reports C itself); with ρ = 0.5 they
// differ. report_date = "end" labels a week with the day after its last
// day (the fit's report date), keeping the last tick; "last_day" with the
// last day.
func TestCaseSurveillanceHe2010(t *testing.T) {
	const days = 70
	p := params.DefaultCompartmental()
	p.NumTicks, p.ShowProgress = days, false
	m, err := model.NewCompartmental(regions(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	exact := reporting(1, "", 0, 7, metrics.CountIncidence)
	end := metrics.NewCaseSurveillanceTracker(&metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(1), AggregationLevel: metrics.PerPatch,
		Reporting: metrics.ReportingHe2010, AggregateDays: 7, Count: metrics.CountIncidence, ReportDate: metrics.ReportDateEnd})
	half := reporting(0.5, metrics.ReportingHe2010, 0.1, 7, metrics.CountIncidence)
	require.NoError(t, m.SetComponents(append(model.DefaultCompartmentalComponents(), exact, end, half)...))
	require.NoError(t, m.Run(context.Background()))
	css := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	require.Len(t, css, 3)
	assert.Equal(t, css[0].Counts(), css[1].Counts(), "ρ = 1, ψ = 0: the true counts")
	assert.NotEqual(t, css[0].Counts(), css[2].Counts(), "ρ = 0.5 halves them, with noise")
	a, b := css[0].Tidy(), css[1].Tidy()
	require.Equal(t, len(a), len(b))
	require.NotEmpty(t, a)
	for i := range a {
		assert.Equal(t, a[i].Tick, b[i].Tick, "the row's tick is the window's last")
		last, err := time.Parse(time.DateOnly, a[i].Date)
		require.NoError(t, err)
		assert.Equal(t, last.AddDate(0, 0, 1).Format(time.DateOnly), b[i].Date, "end: the next day")
	}
}

// TestDrawHe2010Report: the draw's mean and variance are He et al.'s, ρC
// and ρC(1 − ρ + ψ²ρC), within 5 standard errors of 20 000 draws (the
// rounding adds 1/12 to the variance, negligible here), and no count is
// negative.
func TestDrawHe2010Report(t *testing.T) {
	tests := []struct {
		c        int64
		rho, psi float64
	}{{1000, 0.5, 0.1}, {100, 0.9, 0}, {5, 0.3, 0.5}}
	for _, tc := range tests {
		src := rng.NewSource(4, "test", 0)
		const n = 20000
		sum, sum2 := 0.0, 0.0
		for range n {
			y := metrics.DrawHe2010Report(src, tc.c, tc.rho, tc.psi)
			require.GreaterOrEqual(t, y, int64(0))
			sum += float64(y)
			sum2 += float64(y) * float64(y)
		}
		m := tc.rho * float64(tc.c)
		v := m * (1 - tc.rho + tc.psi*tc.psi*m)
		mean := sum / n
		if tc.c > 10 { // small counts are truncated at 0: only check the large ones
			assert.InDelta(t, m, mean, 5*math.Sqrt(v/n), "mean, c = %d", tc.c)
			assert.InDelta(t, v, sum2/n-mean*mean, 5*v*math.Sqrt(2.0/n)+1.0/12, "variance, c = %d", tc.c)
		}
	}
}
