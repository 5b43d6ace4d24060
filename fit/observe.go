package fit

import (
	"fmt"
	"slices"
	"time"

	"github.com/rubeola/rubeola/scenario"
)

// Observe aligns the reports of cases for every place of scn (in scenario
// order) within (from, to] (zero times: no bound): every place needs a
// series, all on the same dates, evenly spaced; ids in the data but not in
// the scenario are an error naming them.
func Observe(cases *Cases, scn *scenario.Table, from, to time.Time) (*Observations, error) {
	if err := cases.CheckIDs(func(id string) bool { _, ok := scn.Index(id); return ok }, "the scenario"); err != nil {
		return nil, err
	}
	win := cases.Window(from, to)
	obs := &Observations{Places: slices.Clone(scn.ID)}
	for _, id := range scn.ID {
		dates, counts, ok := win.Series(id)
		if !ok || len(dates) == 0 {
			return nil, fmt.Errorf("%s: no reports for %q in the window", cases.Name(), id)
		}
		if obs.Dates == nil {
			obs.Dates = dates
			period, err := win.Period(id)
			if err != nil {
				return nil, err
			}
			obs.PeriodDays = period
		} else if !slices.EqualFunc(obs.Dates, dates, time.Time.Equal) {
			return nil, fmt.Errorf("%s: the reports of %q are not on the dates of %q (every place needs the same report dates)", cases.Name(), id, obs.Places[0])
		}
		obs.Counts = append(obs.Counts, counts)
	}
	return obs, obs.validate()
}

// Select returns the table restricted to the listed ids (in that order);
// ids without data stay listed with no observations.
func (c *Cases) Select(ids []string) *Cases {
	out := &Cases{name: c.name, ids: slices.Clone(ids), series: make(map[string]*casesSeries, len(ids))}
	for _, id := range ids {
		if s, ok := c.series[id]; ok {
			out.series[id] = s
		} else {
			out.series[id] = &casesSeries{}
		}
	}
	return out
}

// SetMissing marks the report of id on date as missing ([Missing]): He et
// al. (2010) treated three reports as outliers this way (Liverpool
// 1955-11-18 and 1959-05-01, Nottingham 1961-09-01). An id or date without
// a report is an error.
func (c *Cases) SetMissing(id string, date time.Time) error {
	s, ok := c.series[id]
	if !ok {
		return fmt.Errorf("%s: no series %q", c.name, id)
	}
	for k, d := range s.dates {
		if d.Equal(date) {
			counts := slices.Clone(s.counts)
			counts[k] = Missing
			c.series[id] = &casesSeries{dates: s.dates, counts: counts}
			return nil
		}
	}
	return fmt.Errorf("%s: %q has no report on %s", c.name, id, date.Format(time.DateOnly))
}
