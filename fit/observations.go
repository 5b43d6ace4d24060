package fit

import (
	"fmt"
	"time"
)

// Observations are the reports a filter weighs particles by: one series per
// place, all on the same period end dates.
type Observations struct {
	// Places are the scenario ids, in scenario order.
	Places []string
	// Dates are the period end dates, ascending and evenly spaced.
	Dates []time.Time
	// Counts[p][k] is place p's report for the period ending Dates[k]
	// ([Missing] for none).
	Counts [][]int64
	// PeriodDays is the spacing of Dates in days (7 for weekly reports).
	PeriodDays int
}

// Start returns the date the model starts: one period before the first
// report (pomp's t0 for He et al. 2010's data).
func (o *Observations) Start() time.Time {
	return o.Dates[0].AddDate(0, 0, -o.PeriodDays)
}

// Days returns the number of daily ticks from [Observations.Start] to the
// last report.
func (o *Observations) Days() int {
	return dayIndex(o.Start(), o.Dates[len(o.Dates)-1])
}

// dayIndex returns the whole days from a to b.
func dayIndex(a, b time.Time) int {
	return int(b.Sub(a).Round(time.Hour).Hours() / 24)
}

// validate checks the shape.
func (o *Observations) validate() error {
	if len(o.Places) == 0 || len(o.Dates) == 0 {
		return fmt.Errorf("fit: no observations")
	}
	if len(o.Counts) != len(o.Places) {
		return fmt.Errorf("fit: %d count series for %d places", len(o.Counts), len(o.Places))
	}
	for p, c := range o.Counts {
		if len(c) != len(o.Dates) {
			return fmt.Errorf("fit: place %q has %d counts for %d dates", o.Places[p], len(c), len(o.Dates))
		}
	}
	if o.PeriodDays < 1 {
		return fmt.Errorf("fit: period of %d days", o.PeriodDays)
	}
	for k := 1; k < len(o.Dates); k++ {
		if dayIndex(o.Dates[k-1], o.Dates[k]) != o.PeriodDays {
			return fmt.Errorf("fit: reports on %s and %s are not %d days apart", o.Dates[k-1].Format(time.DateOnly), o.Dates[k].Format(time.DateOnly), o.PeriodDays)
		}
	}
	return nil
}
