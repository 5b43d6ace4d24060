package fit

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forecastFixture loads the synthetic fit file (writeFitFixture: Town's 20
// weekly reports from 1950-01-06, demography 1940–1955) with the window
// ending at to ("": no end).
func forecastFixture(t *testing.T, to string) *File {
	t.Helper()
	text := fixtureFit
	if to != "" {
		text = strings.Replace(text, `from = "1950-01-01"`, `from = "1950-01-01"`+"\nto = \""+to+"\"", 1)
	}
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), text, false))
	require.NoError(t, err)
	return f
}

// TestForecastLeavesTheFilter: forecasting steps the first filter's
// particles on after the filter, so every filter's log-likelihood is the
// one without a forecast; the forecast's dates keep the reports' spacing
// and weekday, its quantiles are ordered, and its history is the last year
// of the window with the filter's expected reports.
func TestForecastLeavesTheFilter(t *testing.T) {
	f := forecastFixture(t, "")
	opts := PFilterOptions{Particles: 60, Filters: 2, Seed: 5}
	plain, err := PFilter(context.Background(), f.Spec, f.Obs, opts)
	require.NoError(t, err)
	assert.Nil(t, plain.Forecast)
	opts.Forecast = 10
	res, err := PFilter(context.Background(), f.Spec, f.Obs, opts)
	require.NoError(t, err)
	assert.Equal(t, plain.FilterLogLiks, res.FilterLogLiks, "the forecast runs after the filters")
	assert.Equal(t, plain.Means, res.Means)
	fc := res.Forecast
	require.NotNil(t, fc)
	require.Len(t, fc.Dates, 10)
	last := f.Obs.Dates[len(f.Obs.Dates)-1]
	for h, d := range fc.Dates {
		assert.Equal(t, last.AddDate(0, 0, 7*(h+1)), d)
		assert.Equal(t, time.Friday, d.Weekday(), "the reports' weekday (1950-01-06 is a Friday)")
	}
	assert.Equal(t, 60, fc.Particles)
	for h, q := range fc.Quantiles[0] {
		require.Len(t, q, len(SimulationProbs))
		for k := 1; k < len(q); k++ {
			assert.LessOrEqual(t, q[k-1], q[k], "horizon %d", h+1)
		}
		assert.Equal(t, Missing, fc.Observed[0][h], "no data until File.Reports fills them")
	}
	// 20 weekly reports span 133 days, less than a year: all are history.
	assert.Equal(t, f.Obs.Dates, fc.HistoryDates)
	assert.Equal(t, f.Obs.Counts[0], fc.HistoryReports[0])
	require.Len(t, fc.Filtered[0], len(f.Obs.Dates))
	for k, m := range res.Means[0] {
		assert.InDelta(t, 0.5*m[len(m)-1], fc.Filtered[0][k], 1e-9, "ρ = 0.5 times the filtering mean of C")
	}
}

// TestCheckForecast: a forecast needs covariates to its last date; the
// error names the census table and the years it covers.
func TestCheckForecast(t *testing.T) {
	f := forecastFixture(t, "")
	tests := []struct {
		name string
		n    int
		want []string // "" for no error
	}{
		{"a year", 52, nil},
		{"zero", 0, []string{"must be from 1 to 10000"}},
		{"too many", MaxForecast + 1, []string{"must be from 1 to 10000"}},
		// The census ends in 1955 and is extended one year: 1957 is past it.
		{"past the census", 52 * 7, []string{"a forecast of 364 reports (to 1957-05-10)", "demography.csv", "1940–1955 (+1 year)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckForecast(f.Spec, f.Obs, tc.n)
			if tc.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			if tc.n != 0 { // PFilter's 0 is no forecast
				_, err = PFilter(context.Background(), f.Spec, f.Obs, PFilterOptions{Particles: 5, Forecast: tc.n})
				assert.Error(t, err, "PFilter refuses it too")
			}
		})
	}
}

// TestForecastObserved: with the window ending before the data do,
// File.Reports gives the data's reports on the forecast dates (and Missing
// past the data), and Coverage counts those inside the bands.
func TestForecastObserved(t *testing.T) {
	f := forecastFixture(t, "1950-03-31") // 13 reports; the data have 7 more
	require.Len(t, f.Obs.Dates, 13)
	res, err := PFilter(context.Background(), f.Spec, f.Obs, PFilterOptions{Particles: 50, Seed: 2, Forecast: 10})
	require.NoError(t, err)
	fc := res.Forecast
	obs, err := f.Reports(fc.Dates)
	require.NoError(t, err)
	// writeFitFixture's report k is 20 + 10k: reports 13 … 19, then none.
	assert.Equal(t, [][]int64{{150, 160, 170, 180, 190, 200, 210, Missing, Missing, Missing}}, obs)
	fc.Observed = obs
	cov := fc.Coverage()
	require.Len(t, cov, 1)
	assert.Equal(t, "Town", cov[0].Place)
	assert.Equal(t, 7, cov[0].Observed)
	assert.LessOrEqual(t, cov[0].In80, cov[0].In95)
	assert.LessOrEqual(t, cov[0].In95, 7)
}

// TestForecastCoverage counts reports inside hand-made bands, bounds
// included.
func TestForecastCoverage(t *testing.T) {
	q := []float64{10, 20, 30, 40, 50} // 2.5, 10, 50, 90, 97.5 %
	fc := &Forecast{Places: []string{"A", "B"}, Quantiles: [][][]float64{{q, q, q, q, q}, {q, q, q, q, q}},
		Observed: [][]int64{{20, 40, 10, 50, 9}, {Missing, 51, 30, Missing, Missing}}}
	assert.Equal(t, []ForecastCoverage{
		{Place: "A", Observed: 5, In80: 2, In95: 4},
		{Place: "B", Observed: 2, In80: 1, In95: 1},
	}, fc.Coverage())
}

// TestOutputForecast: forecast.csv is tidy, one row per place and date,
// with the horizon, the observed report (NA for none) and the quantiles.
func TestOutputForecast(t *testing.T) {
	d := time.Date(1962, 1, 5, 0, 0, 0, 0, time.UTC)
	fc := &Forecast{Places: []string{"London"}, Dates: []time.Time{d, d.AddDate(0, 0, 7)},
		Quantiles: [][][]float64{{{1, 2, 3, 4, 5}, {1.5, 2, 3, 4, 5.25}}}, Observed: [][]int64{{3, Missing}}}
	dir := t.TempDir()
	out := &Output{Dir: dir}
	require.NoError(t, out.Forecast(fc))
	assert.Equal(t, "place,date,horizon,report,q025,q10,q50,q90,q975\n"+
		"London,1962-01-05,1,3,1,2,3,4,5\n"+
		"London,1962-01-12,2,NA,1.5,2,3,4,5.25\n", string(readOutput(t, filepath.Join(dir, ForecastFile))))
}

// TestForecastPanel: two places forecast together, each from its own
// particles and stream: per place the quantiles and history are its own
// (Village's reports are 0–2 a week, Town's 20–210).
func TestForecastPanel(t *testing.T) {
	text := strings.Replace(strings.Replace(fixtureFit, `places = ["Town"]`+"\n", "", 1), `method = "if2"`, `method = "pfilter"`, 1)
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), text, true))
	require.NoError(t, err)
	require.Equal(t, []string{"Town", "Village"}, f.Obs.Places)
	res, err := PFilter(context.Background(), f.Spec, f.Obs, PFilterOptions{Particles: 40, Seed: 3, Forecast: 4})
	require.NoError(t, err)
	fc := res.Forecast
	require.Len(t, fc.Quantiles, 2)
	for p := range fc.Places {
		require.Len(t, fc.Quantiles[p], 4)
		assert.Equal(t, f.Obs.Counts[p], fc.HistoryReports[p])
	}
	assert.Greater(t, fc.Filtered[0][len(fc.Filtered[0])-1], fc.Filtered[1][len(fc.Filtered[1])-1],
		"Town's expected reports exceed Village's")
}
