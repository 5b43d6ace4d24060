package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/plot"
)

// fitForecastPNG is the forecast's picture.
const fitForecastPNG = "forecast.png"

// checkForecast checks --forecast N: a likelihood evaluation that filters
// at the estimate (--loglik, method pfilter or if2, not a profile), and a
// model that can run N report periods past the last report (its
// covariate tables cover them).
func (j *fitJob) checkForecast() error {
	n := j.flags.forecast
	switch {
	case n == 0:
		return nil
	case n < 0 || n > fit.MaxForecast:
		return fmt.Errorf("--forecast must be from 1 to %d report periods, got %d", fit.MaxForecast, n)
	case j.sharded || (!j.flags.loglik && j.file.Method == fit.MethodProfile):
		return errors.New("--forecast forecasts from the filter at an estimate: use it with --loglik, method \"pfilter\" or \"if2\", not a profile")
	}
	if err := fit.CheckForecast(j.file.Spec, j.file.Obs, n); err != nil {
		return fmt.Errorf("--forecast %d: %w", n, err)
	}
	return nil
}

// writeForecast writes forecast.csv and forecast.png from the evaluation
// res (run with --forecast), with the data's reports on the forecast
// dates, and prints the share of them inside the bands.
func (j *fitJob) writeForecast(out *fit.Output, res *fit.PFilterResult, where string) error {
	fc := res.Forecast
	if fc == nil {
		return nil
	}
	observed, err := j.file.Reports(fc.Dates)
	if err != nil {
		return err
	}
	fc.Observed = observed
	if err := out.Forecast(fc); err != nil {
		return err
	}
	fmt.Fprintf(j.stdout, "forecast: %s from %s to %s from the filter at %s (%d particles per place)\n",
		plural(len(fc.Dates), "report"), fc.Dates[0].Format("2006-01-02"), fc.Dates[len(fc.Dates)-1].Format("2006-01-02"), where, fc.Particles)
	for _, c := range fc.Coverage() {
		if c.Observed > 0 {
			fmt.Fprintf(j.stdout, "forecast: %s: %d of %d observed reports inside the 80 %% band (%.0f %%), %d inside the 95 %% band (%.0f %%)\n",
				c.Place, c.In80, c.Observed, 100*float64(c.In80)/float64(c.Observed), c.In95, 100*float64(c.In95)/float64(c.Observed))
		}
	}
	if j.flags.noPlot {
		return nil
	}
	title := fmt.Sprintf("Forecast of %s from the filter at %s (%s measurement, %d particles)",
		plural(len(fc.Dates), "report"), where, j.file.Spec.Measurement.Name(), fc.Particles)
	return j.picture(out, fitForecastPNG, func(path string) error { return plot.FitForecast(path, fc, title, plot.Options{}) })
}

// forecastFlagHelp is --forecast's help.
var forecastFlagHelp = strings.Join([]string{
	"forecast N report periods past the last report from the filter at the estimate (--loglik: the file's values;",
	"if2: the estimate's evaluation): DIR/fit/forecast.csv and forecast.png",
}, " ")
