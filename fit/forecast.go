package fit

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/rubeola/rubeola/rng"
)

// MaxForecast is the most report periods [PFilterOptions.Forecast] may ask
// for (about 190 years of weekly reports): a bound that keeps the model's
// day count far from overflowing; the covariates end much earlier.
const MaxForecast = 10000

// forecastHistoryDays is how far back [Forecast] keeps the data and the
// filtering means before the last report: one year.
const forecastHistoryDays = 365

// Forecast is the distribution of the reports [PFilter] forecasts past the
// last report ([PFilterOptions.Forecast]): the first filter's particles
// after the last report's resampling — a sample of the filtering
// distribution — stepped on by the model, with a report drawn per particle
// and period from the measurement model.
type Forecast struct {
	// Places are the observations' places.
	Places []string
	// Dates are the forecast report dates: the last report's date plus h
	// report periods, h = 1 … N (same weekday, same spacing).
	Dates []time.Time
	// PeriodDays is the report spacing.
	PeriodDays int
	// Particles is J, the trajectories per place; Seed the filter's seed
	// (the reports draw from streams "fit.forecast" per place).
	Particles int
	Seed      uint64
	// Probs are [SimulationProbs].
	Probs []float64
	// Quantiles[p][h][q] is the Probs[q]-quantile (R's type 7) of the
	// reports simulated for place p at Dates[h].
	Quantiles [][][]float64
	// Observed[p][h] is the data's report for place p at Dates[h]
	// ([Missing] when the data have none): all Missing until
	// [File.Reports] fills it.
	Observed [][]int64
	// HistoryDates are the report dates of the last year before the
	// forecast; HistoryReports[p][k] the reports then and Filtered[p][k]
	// the filter's expected report ρ·E[C | reports up to k] (the first
	// filter's weighted mean of the period's cases times place p's ρ).
	HistoryDates   []time.Time
	HistoryReports [][]int64
	Filtered       [][]float64
}

// forecastDays returns the model's days for a forecast of n periods past
// obs's last report.
func forecastDays(obs *Observations, n int) int {
	return obs.Days() + n*obs.PeriodDays
}

// forecastDate returns the date of the forecast's h-th report (from 1).
func forecastDate(obs *Observations, h int) time.Time {
	return obs.Dates[len(obs.Dates)-1].AddDate(0, 0, h*obs.PeriodDays)
}

// CheckForecast checks that the model of spec can run n report periods
// past the last report of obs: its components (the covariate tables of
// PopulationData) must cover the forecast's dates. The error names the
// forecast's last date and wraps the component's (the table and the years
// it has).
func CheckForecast(spec *Spec, obs *Observations, n int) error {
	if n < 1 || n > MaxForecast {
		return fmt.Errorf("fit: forecast of %d report periods: must be from 1 to %d", n, MaxForecast)
	}
	_, err := newParticlesDays(spec, obs, 1, 1, 1, forecastDays(obs, n))
	return forecastError(obs, n, err)
}

// forecastError words a model that cannot be built to the forecast's end.
func forecastError(obs *Observations, n int, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("a forecast of %d reports (to %s) needs the model to run past the last report (%s): %w",
		n, forecastDate(obs, n).Format(time.DateOnly), obs.Dates[len(obs.Dates)-1].Format(time.DateOnly), err)
}

// forecast steps the particles (after the filter's last report and its
// resampling, out the filter's pass with its means) n report periods on and
// returns the reports' quantiles per place and period.
func (ps *particles) forecast(ctx context.Context, obs *Observations, out *pass, n int, seed uint64) (*Forecast, error) {
	np := len(obs.Places)
	fc := &Forecast{Places: obs.Places, PeriodDays: obs.PeriodDays, Particles: ps.j, Seed: seed,
		Probs: slices.Clone(SimulationProbs), Quantiles: make([][][]float64, np), Observed: make([][]int64, np)}
	srcs := make([]*rng.Source, np)
	for p := range np {
		srcs[p] = rng.NewSource(seed, "fit.forecast", uint64(p))
		fc.Quantiles[p] = make([][]float64, n)
		fc.Observed[p] = make([]int64, n)
		for h := range fc.Observed[p] {
			fc.Observed[p][h] = Missing
		}
	}
	reports := make([]int64, ps.j)
	start := obs.Start()
	for h := 1; h <= n; h++ {
		date := forecastDate(obs, h)
		fc.Dates = append(fc.Dates, date)
		if err := ps.advance(ctx, dayIndex(start, date)); err != nil {
			return nil, err
		}
		c := ps.counter.Cases()
		for p := range np {
			for i := range ps.j {
				j := p*ps.j + i
				reports[i] = ps.meas.Sample(srcs[p], c[j], ps.rho[j], ps.psi[j])
			}
			fc.Quantiles[p][h-1] = quantiles(reports, fc.Probs)
		}
		ps.counter.ResetCases()
	}
	ps.history(obs, out, fc)
	return fc, nil
}

// history copies the last year of reports and filtering means into fc.
func (ps *particles) history(obs *Observations, out *pass, fc *Forecast) {
	last := obs.Dates[len(obs.Dates)-1]
	k0 := 0
	for k0 < len(obs.Dates)-1 && dayIndex(obs.Dates[k0], last) >= forecastHistoryDays {
		k0++
	}
	fc.HistoryDates = obs.Dates[k0:]
	for p := range obs.Places {
		rho := 0.0
		for _, r := range ps.rho[p*ps.j : (p+1)*ps.j] {
			rho += r
		}
		rho /= float64(ps.j)
		fc.HistoryReports = append(fc.HistoryReports, obs.Counts[p][k0:])
		filtered := make([]float64, 0, len(obs.Dates)-k0)
		for k := k0; k < len(obs.Dates); k++ {
			m := out.means[p][k]
			filtered = append(filtered, rho*m[len(m)-1])
		}
		fc.Filtered = append(fc.Filtered, filtered)
	}
}

// ForecastCoverage counts a place's observed forecast reports inside the
// forecast's bands.
type ForecastCoverage struct {
	// Place is the place; Observed the forecast dates with a report.
	Place    string
	Observed int
	// In80 and In95 count the reports within the 80 % band [q10, q90]
	// and the 95 % band [q2.5, q97.5] (bounds included).
	In80, In95 int
}

// Coverage returns, per place, how many observed reports fall inside the
// forecast's 80 % and 95 % bands.
func (fc *Forecast) Coverage() []ForecastCoverage {
	out := make([]ForecastCoverage, len(fc.Places))
	for p, place := range fc.Places {
		c := ForecastCoverage{Place: place}
		for h, y := range fc.Observed[p] {
			if y == Missing {
				continue
			}
			q, yf := fc.Quantiles[p][h], float64(y)
			c.Observed++
			if yf >= q[1] && yf <= q[3] {
				c.In80++
			}
			if yf >= q[0] && yf <= q[4] {
				c.In95++
			}
		}
		out[p] = c
	}
	return out
}
