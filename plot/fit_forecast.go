package plot

import (
	"fmt"
	"slices"

	"gonum.org/v1/plot"

	"github.com/rubeola/rubeola/fit"
)

// FitForecast draws forecast.png at path: per place (the six with the most
// reports in the last year when there are more, in scenario order) the
// last year of reports and of the filter's expected reports (ρ times the
// filtering mean of the period's cases), then the forecast's median and
// its 80 % and 95 % bands, with the reports the data have on the forecast
// dates (black); title heads the picture.
func FitForecast(path string, fc *fit.Forecast, title string, opts Options) error {
	if len(fc.Places) == 0 || len(fc.Dates) == 0 {
		return fmt.Errorf("%s: a forecast without places or dates", baseName(path))
	}
	return writePlacePanels(path, title, fc.HistoryReports, opts, func(pl int, multi, first bool) (*plot.Plot, error) {
		return forecastPanel(fc, pl, multi, first)
	})
}

// forecastPanel is place pl's panel of [FitForecast].
func forecastPanel(fc *fit.Forecast, pl int, small, legend bool) (*plot.Plot, error) {
	days := fc.PeriodDays
	p := newBandsPanel(fc.Places[pl], days, small)
	if err := addQuantileBands(p, fc.Dates, fc.Quantiles[pl], "forecasts", "forecast median", days); err != nil {
		return nil, err
	}
	fl, err := addTimeLine(p, fc.HistoryDates, fc.Filtered[pl], lineColor(1), lineWidth(1.3, days))
	if err != nil {
		return nil, err
	}
	p.Legend.Add("filtered mean (ρ·E[C])", fl)
	dates := slices.Concat(fc.HistoryDates, fc.Dates)
	reports := slices.Concat(fc.HistoryReports[pl], fc.Observed[pl])
	obs, err := addReports(p, dates, reports)
	if err != nil {
		return nil, err
	}
	if obs != nil {
		p.Legend.Add("reports", obs)
	}
	finishBandsPanel(p, small, legend)
	return p, nil
}
