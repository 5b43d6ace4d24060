package params

import (
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/internal/echo"
)

// startTimePattern is the only accepted shape of start_time (rubeola choice:
// no single-digit months, no surrounding space, no time of day).
var startTimePattern = regexp.MustCompile(`^\d{4}-\d{2}(-\d{2})?$`)

// ParseStartTime parses a start_time value, "YYYY-MM" or a valid calendar
// date "YYYY-MM-DD" with year 0001–9999 (SPEC §2.2), and returns the first
// day of its month at 00:00 UTC: "2000-01-15" → 2000-01-01T00:00:00Z.
//
// Errors all mention start_time and quote the value, e.g.
// `params: start_time: "2000" is not a YYYY-MM or YYYY-MM-DD date`,
// `params: start_time: "2000-13": month must be 01 to 12`.
func ParseStartTime(s string) (time.Time, error) {
	if !startTimePattern.MatchString(s) {
		return time.Time{}, fmt.Errorf("params: start_time: %s is not a YYYY-MM or YYYY-MM-DD date", echo.Quote(s))
	}
	year, _ := strconv.Atoi(s[0:4])
	month, _ := strconv.Atoi(s[5:7])
	if year < 1 {
		return time.Time{}, fmt.Errorf("params: start_time: %s: year must be 0001 to 9999", echo.Quote(s))
	}
	if month < 1 || month > 12 {
		return time.Time{}, fmt.Errorf("params: start_time: %s: month must be 01 to 12", echo.Quote(s))
	}
	if len(s) == len("2006-01-02") {
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return time.Time{}, fmt.Errorf("params: start_time: %s is not a valid calendar date", echo.Quote(s))
		}
	}
	return time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC), nil
}

// NormalizeStartTime validates a start_time value like [ParseStartTime] and
// returns it in its stored form "YYYY-MM": "2000-01-15" → "2000-01"
// (parity with the reference, which keeps only year and month).
func NormalizeStartTime(s string) (string, error) {
	if _, err := ParseStartTime(s); err != nil {
		return "", err
	}
	return s[:7], nil
}
