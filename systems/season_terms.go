package systems

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/rubeola/rubeola/params"
)

// SeasonTerms is the season type of school terms (He, Ionides & King 2010;
// Keeling, Rohani & Grenfell 2001).
const SeasonTerms = "terms"

// seasonTypes lists the known values of [SeasonSpec.Type].
var seasonTypes = []string{SeasonTerms, SeasonBSpline, SeasonTSIR}

// SeasonSpec is Infection's calendar season (the key season), an object
// such as {type = "terms", amplitude = 0.25, holidays = [["07-20",
// "09-05"], ["12-20", "01-04"]]}.
//
// Type "terms": the holidays are inclusive day-of-year
// intervals written MM-DD in a 365-day calendar (a date's Feb 29 counts as
// Feb 28; "02-29" is refused); an interval whose end comes before its start
// wraps over New Year; intervals must not overlap. With p the share of the
// 365 days in term (in no holiday), the daily multiplier is
// 1 + 2(1 − p)·A on term days and 1 − 2p·A on holidays (He et al. 2010), so
// its mean over the year is exactly 1; A ≥ 0 and 1 − 2p·A ≥ 0. A tick's
// multiplier s(t) is the mean of the daily multiplier over the tick's days,
// TickDate(t) … TickDate(t) + step − 1 by calendar date.
//
// Types "bspline" and "tsir": a seasonality estimated from data with fixed
// coefficients ([SeasonBasis]), {type = "bspline", degree = 3, nbasis = 6,
// coefficients = [b1, …, b5]} or {type = "tsir", coefficients = [biweek1,
// …, biweek25]}: the daily multiplier of day d (0 … 364) is
// exp(Σ_k c_k·B_k(d/365)) with c_K = −Σ of the given K − 1 (log s has mean 0
// over the year; the TSIR biweek of day d is ⌊d/14⌋, at most 25).
type SeasonSpec struct {
	// Type is the kind of season: "terms", "bspline" or "tsir".
	Type string `json:"type"`
	// Amplitude is A, ≥ 0, at most 1/(2p) ("terms").
	Amplitude float64 `json:"amplitude"`
	// Holidays are the inclusive [start, end] MM-DD intervals of lower
	// transmission ("terms").
	Holidays [][2]string `json:"holidays"`
	// Degree and NBasis are the B-splines' degree and number ("bspline").
	Degree int `json:"degree,omitempty"`
	NBasis int `json:"nbasis,omitempty"`
	// Coefficients are the K − 1 free coefficients ("bspline", "tsir").
	Coefficients []float64 `json:"coefficients,omitempty"`
}

// monthStart is the 0-based day of the 365-day year on which each month
// starts; monthStart[12] = 365.
var monthStart = [13]int{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365}

// SeasonDay is the 0-based day of the 365-day year of a calendar date
// (January 1 is 0, December 31 is 364); Feb 29 counts as Feb 28 (58).
func SeasonDay(d time.Time) int {
	_, mo, day := d.Date()
	if mo == time.February && day == 29 {
		day = 28
	}
	return monthStart[mo-1] + day - 1
}

// parseMonthDay parses MM-DD into its day of the 365-day year.
func parseMonthDay(s string) (int, error) {
	var mo, day int
	if len(s) != 5 || s[2] != '-' || !digits(s[:2]) || !digits(s[3:]) {
		return 0, fmt.Errorf("%q is not a date MM-DD", s)
	}
	mo = int(s[0]-'0')*10 + int(s[1]-'0')
	day = int(s[3]-'0')*10 + int(s[4]-'0')
	if mo < 1 || mo > 12 {
		return 0, fmt.Errorf("%q: month must be 01…12", s)
	}
	if s == "02-29" {
		return 0, fmt.Errorf("%q is not a day of the 365-day calendar (a date's Feb 29 counts as Feb 28: write 02-28)", s)
	}
	if n := monthStart[mo] - monthStart[mo-1]; day < 1 || day > n {
		return 0, fmt.Errorf("%q: day must be 01…%02d in month %02d", s, n, mo)
	}
	return monthStart[mo-1] + day - 1, nil
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// SeasonCalendar is a season's daily multiplier over the 365-day year,
// built once ([SeasonSpec.Calendar]); reading it allocates nothing.
type SeasonCalendar struct {
	day [daysPerYear]float64
}

// Calendar validates the spec and builds its daily table. Errors name the
// key as prefix: "prefix: season.…".
func (s *SeasonSpec) Calendar(prefix string) (*SeasonCalendar, error) {
	switch s.Type {
	case SeasonTerms:
		if s.Degree != 0 || s.NBasis != 0 || s.Coefficients != nil {
			return nil, fmt.Errorf("%s: season.degree, season.nbasis and season.coefficients are for types %q and %q, not %q",
				prefix, SeasonBSpline, SeasonTSIR, SeasonTerms)
		}
	case SeasonBSpline, SeasonTSIR:
		return s.basisCalendar(prefix)
	default:
		return nil, fmt.Errorf("%s: season.type must be one of %q, got %q", prefix, seasonTypes, s.Type)
	}
	var errs []error
	holiday := [daysPerYear]int{} // 1 + index of the holiday covering the day, 0 in term
	for k, h := range s.Holidays {
		key := fmt.Sprintf("%s: season.holidays[%d]", prefix, k)
		lo, err1 := parseMonthDay(h[0])
		hi, err2 := parseMonthDay(h[1])
		if err := errors.Join(err1, err2); err != nil {
			errs = append(errs, params.PrefixErrors(key, err)) // both dates' problems name the key
			continue
		}
		clash := -1
		for d := lo; ; d = (d + 1) % daysPerYear {
			if holiday[d] != 0 && clash < 0 {
				clash = holiday[d] - 1
			}
			holiday[d] = k + 1
			if d == hi {
				break
			}
		}
		if clash >= 0 {
			errs = append(errs, fmt.Errorf("%s: [%q, %q] overlaps season.holidays[%d] [%q, %q]",
				key, h[0], h[1], clash, s.Holidays[clash][0], s.Holidays[clash][1]))
		}
	}
	term := 0
	for _, h := range holiday {
		if h == 0 {
			term++
		}
	}
	p := float64(term) / daysPerYear
	switch maxA := 1 / (2 * p); {
	case !(s.Amplitude >= 0) || math.IsInf(s.Amplitude, 1):
		errs = append(errs, fmt.Errorf("%s: season.amplitude must be a finite number ≥ 0, got %v", prefix, s.Amplitude))
	case s.Amplitude > 0 && (term == 0 || term == daysPerYear):
		// Every day then has the multiplier 1: the amplitude would be ignored.
		errs = append(errs, fmt.Errorf("%s: season.amplitude %v needs holidays covering some but not all of the year "+
			"(the holidays cover %d of the 365 days, so every day's multiplier would be 1)", prefix, s.Amplitude, daysPerYear-term))
	case 1-2*p*s.Amplitude < 0:
		errs = append(errs, fmt.Errorf("%s: season.amplitude %v makes the holiday multiplier 1 − 2pA negative "+
			"(p = %d/365 of the days in term): at most %v", prefix, s.Amplitude, term, maxA))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	c := &SeasonCalendar{}
	inTerm, inHoliday := 1+2*(1-p)*s.Amplitude, 1-2*p*s.Amplitude
	for d, h := range holiday {
		c.day[d] = inTerm
		if h != 0 {
			c.day[d] = inHoliday
		}
	}
	return c, nil
}

// basisCalendar checks an estimated seasonality's keys and builds its
// daily table: day d's multiplier is s(d/365) ([SeasonBasis]).
func (s *SeasonSpec) basisCalendar(prefix string) (*SeasonCalendar, error) {
	if s.Amplitude != 0 || s.Holidays != nil {
		return nil, fmt.Errorf("%s: season.amplitude and season.holidays are for type %q, not %q", prefix, SeasonTerms, s.Type)
	}
	b, err := NewSeasonBasis(prefix, s.Type, s.Degree, s.NBasis, "season.degree", "season.nbasis")
	if err != nil {
		return nil, err
	}
	if err := b.CheckCoefficients(prefix, "season.coefficients", s.Coefficients); err != nil {
		return nil, err
	}
	c := &SeasonCalendar{}
	for d := range c.day {
		c.day[d] = b.Multiplier(float64(d), daysPerYear, s.Coefficients)
	}
	return c, nil
}

// Day returns the multiplier of calendar date d.
func (c *SeasonCalendar) Day(d time.Time) float64 { return c.day[SeasonDay(d)] }

// Mean returns the mean multiplier over the days first … first + days − 1
// (by calendar date, summed in date order).
func (c *SeasonCalendar) Mean(first time.Time, days int) float64 {
	y, mo, d := first.Date()
	sum := 0.0
	for k := range days {
		sum += c.Day(time.Date(y, mo, d+k, 12, 0, 0, 0, time.UTC))
	}
	return sum / float64(days)
}
