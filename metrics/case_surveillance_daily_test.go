package metrics_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// TestCaseSurveillanceDailyWeeks: on the daily compartmental model,
// count = "incidence" reads the SEIR infection's E → I flow, and
// aggregate_days = 7 reports weekly totals: with detection rate 1 each row
// is the week's incidence summed exactly (74 days: 10 complete weeks, the
// last 4 days unreported), labelled with the week's last day; a
// negative_binomial weekly tracker records the same 10 rows.
func TestCaseSurveillanceDailyWeeks(t *testing.T) {
	const days = 74
	p := params.DefaultCompartmental()
	p.NumTicks, p.ShowProgress = days, false
	m, err := model.NewCompartmental(regions(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	daily := make([][]int64, days)
	record := phases.Func("RecordIncidence", func(m phases.Model, tick int) error {
		inc := m.GetInstance(systems.InfectionName)[0].(metrics.IncidenceSource).Incidence()
		daily[tick] = append([]int64(nil), inc...)
		return nil
	})
	weekly := reporting(1, "", 0, 7, metrics.CountIncidence)
	nb := reporting(0.5, metrics.ReportingNegativeBinomial, 0.4, 7, metrics.CountIncidence)
	require.NoError(t, m.SetComponents(append(model.DefaultCompartmentalComponents(), record, weekly, nb)...))
	require.NoError(t, m.Run(context.Background()))

	css := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	require.Len(t, css, 2)
	assert.Equal(t, 7, css[0].TicksPerRow())
	counts := css[0].Counts()
	var total int64
	for g := range counts {
		require.Len(t, counts[g], days/7)
		for w := range days / 7 {
			var want int64
			for d := 7 * w; d < 7*w+7; d++ {
				want += daily[d][g]
			}
			assert.Equal(t, want, counts[g][w], "patch %d week %d", g, w)
			total += want
		}
	}
	require.Positive(t, total, "the epidemic produced cases")
	rows := css[0].Tidy()
	assert.Equal(t, 6, rows[0].Tick, "the first week's last day")
	assert.Equal(t, 69, rows[len(rows)-1].Tick, "the tenth week's last day")
	assert.Equal(t, days/7, css[1].Recorded())
}

// TestCaseSurveillanceDailyWindowOfPrevalence: in the daily models
// (compartmental and agent-based) I is a prevalence, so aggregate_days with count = "I" (the default) would count
// each case once per day it is infectious; building the tracker refuses it,
// naming both keys, and accepts count = "incidence" or one-day reports of I.
func TestCaseSurveillanceDailyWindowOfPrevalence(t *testing.T) {
	build := func(f phases.Factory) error {
		p := params.DefaultCompartmental()
		p.NumTicks, p.ShowProgress = 14, false
		m, err := model.NewCompartmental(regions(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
		require.NoError(t, err)
		if err := m.SetComponents(append(model.DefaultCompartmentalComponents(), f)...); err != nil {
			return err
		}
		return m.Initialize()
	}
	require.ErrorContains(t, build(reporting(0.5, "", 0, 7, "")),
		`CaseSurveillanceTracker: count = "I" with aggregate_days = 7: in a model with E, I is the number of infectious people each day`)
	require.NoError(t, build(reporting(0.5, "", 0, 7, metrics.CountIncidence)))
	require.NoError(t, build(reporting(0.5, "", 0, 0, "")))
	require.NoError(t, build(reporting(0.5, "", 0, 1, "")))
}
