package systems

import "math"

// daysPerYear is the year of the yearly rates and of the seasonal cycle.
const daysPerYear = 365

// TicksPerYear returns the number of whole ticks of stepDays days in a
// 365-day year: 26 for the biweekly model's 14 days (the seasonal period and
// the divisor of β_tick, [InfectionParams.BetaPerTick]).
func TicksPerYear(stepDays int) int { return daysPerYear / stepDays }

// PerTickRate converts a crude rate per 1000 per year to a rate per tick of
// stepDays days: (1 + rate/1000)^(stepDays/365) − 1.
func PerTickRate(perThousandPerYear float64, stepDays int) float64 {
	return math.Pow(1+perThousandPerYear/1000, float64(stepDays)/daysPerYear) - 1
}
