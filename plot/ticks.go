package plot

import (
	"fmt"
	"math"
	"time"

	"gonum.org/v1/plot/vg"

	"github.com/rubeola/rubeola/params"
)

// biweekDays is the biweekly model's tick length in days
// ([params.StepDays]): what a picture assumes when neither its table's
// dates nor summary.json give one.
const biweekDays = params.StepDays

// tickDays is the tick length in days of a table with the given dates: the
// span between its first two ticks when it has two, else fallback
// (summary.json's metadata.time_step_days), else [biweekDays].
func tickDays(dates []time.Time, fallback int) int {
	if len(dates) >= 2 {
		if d := int(math.Round(dates[1].Sub(dates[0]).Hours() / 24)); d >= 1 {
			return d
		}
	}
	if fallback >= 1 {
		return fallback
	}
	return biweekDays
}

// tickSpan is the time a tick of days days covers.
func tickSpan(days int) time.Duration { return time.Duration(days) * 24 * time.Hour }

// weekDays is a week: the step of weekly case reports in the daily models
// (compartmental and agent-based; CaseSurveillanceTracker aggregate_days =
// 7).
const weekDays = 7

// perTick words a count per tick (or per reporting window): "per biweek",
// "per week", "per day" or "per N days".
func perTick(days int) string {
	switch days {
	case biweekDays:
		return "per biweek"
	case weekDays:
		return "per week"
	case 1:
		return "per day"
	}
	return fmt.Sprintf("per %d days", days)
}

// eachTick words a state counted at every tick (a prevalence): "each
// biweek", "each week", "each day" or "every N days".
func eachTick(days int) string {
	switch days {
	case biweekDays:
		return "each biweek"
	case weekDays:
		return "each week"
	case 1:
		return "each day"
	}
	return fmt.Sprintf("every %d days", days)
}

// tickUnit names ticks (or reporting windows) in the plural: "biweeks",
// "weeks", "days" or "periods of N days".
func tickUnit(days int) string {
	switch days {
	case biweekDays:
		return "biweeks"
	case weekDays:
		return "weeks"
	case 1:
		return "days"
	}
	return fmt.Sprintf("periods of %d days", days)
}

// lineWidth is a line of points pt for ticks of days days: thinner (60 %)
// for ticks shorter than a week, whose day-to-day noise a wide line turns
// into a smear over a few years' thousand ticks.
func lineWidth(pt float64, days int) vg.Length {
	if days < 7 {
		pt *= 0.6
	}
	return vg.Points(pt)
}
