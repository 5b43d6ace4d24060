package compartmental

import (
	"math"
	"time"
)

// DecimalYear returns the date d as a decimal year the way pomp's He et al.
// (2010) code counts time: τ = 1970 + (days since 1970-01-01)/365.25. The
// origin is immaterial for their data (1950-01-01 is exactly 20·365.25
// days earlier, so τ is the same); a date's fractional day counts.
func DecimalYear(d time.Time) float64 {
	days := float64(d.Unix()) / 86400
	return 1970 + days/YearDays
}

// DecimalDayOfYear returns (τ − ⌊τ⌋)·365.25 for τ = [DecimalYear](d): the
// day of the decimal year in [0, 365.25) that He et al.'s season and
// cohort day are defined on.
func DecimalDayOfYear(d time.Time) float64 {
	t := DecimalYear(d)
	return (t - math.Floor(t)) * YearDays
}
