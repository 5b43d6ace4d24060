package systems

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// Cohort is VitalDynamics' school-entry cohort (He, Ionides & King 2010):
// Share of each year's births enter S on one day of the year, Day, and the
// rest evenly over the year.
type Cohort struct {
	// Share is the share of each year's births that enter on Day, in (0, 1].
	Share float64 `json:"share" doc:"share of each year's births entering on day, in (0, 1]"`
	// Day is the entry day, "MM-DD" on a 365-day calendar (02-29 is refused).
	Day string `json:"day" doc:"entry day \"MM-DD\" (02-29 refused)"`
}

// Validate checks the share's range and the day.
func (c Cohort) Validate(key string) error {
	var errs []error
	switch {
	case !(c.Share >= 0 && c.Share <= 1):
		errs = append(errs, fmt.Errorf("%s.share must be in [0, 1], got %v", key, c.Share))
	case c.Share == 0:
		// A cohort table without its share (or share = 0) would silently
		// spread every birth evenly: most likely the share was left out.
		errs = append(errs, fmt.Errorf("%s.share is 0 (or missing): give the share of births entering on the cohort day, in (0, 1], or leave cohort out", key))
	}
	if _, _, err := c.MonthDay(); err != nil {
		errs = append(errs, fmt.Errorf("%s.day: %w", key, err))
	}
	return errors.Join(errs...)
}

// MonthDay parses Day (MM-DD on the 365-day calendar, as a season's
// holidays).
func (c Cohort) MonthDay() (time.Month, int, error) {
	doy, err := parseMonthDay(c.Day)
	if err != nil {
		return 0, 0, err
	}
	mo := sort.Search(12, func(k int) bool { return monthStart[k+1] > doy })
	return time.Month(mo + 1), doy - monthStart[mo] + 1, nil
}

// cohortDate returns the date of the cohort day among the step days of the
// tick starting at start (start … start + step − 1 days), and whether one
// of them is the cohort day.
func cohortDate(start time.Time, step int, month time.Month, day int) (time.Time, bool) {
	for d := range step {
		t := start.AddDate(0, 0, d)
		if t.Month() == month && t.Day() == day {
			return t, true
		}
	}
	return time.Time{}, false
}
