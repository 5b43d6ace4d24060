package systems_test

import (
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// threeHolidays is systest.ThreeHolidays, the calendar of the terms tests.
var threeHolidays = systest.ThreeHolidays

// Multipliers of threeHolidays.
const (
	termDay    = systest.TermDay
	holidayDay = systest.HolidayDay
)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// TestSeasonTermsDays checks the daily multiplier at each holiday's edges
// (the wrap-around Christmas holiday included), Feb 29 as Feb 28, and the
// mean over the 365 days of a year: 1 up to rounding (365 additions of
// values ≈ 1: well within 1e−14).
func TestSeasonTermsDays(t *testing.T) {
	cal, err := threeHolidays().Calendar("test")
	require.NoError(t, err)
	for _, tc := range []struct {
		d    time.Time
		want float64
	}{
		{date(2001, 1, 1), holidayDay}, {date(2001, 1, 4), holidayDay}, {date(2001, 1, 5), termDay},
		{date(2001, 3, 31), termDay}, {date(2001, 4, 1), holidayDay}, {date(2001, 4, 14), holidayDay},
		{date(2001, 4, 15), termDay}, {date(2001, 7, 19), termDay}, {date(2001, 7, 20), holidayDay},
		{date(2001, 9, 5), holidayDay}, {date(2001, 9, 6), termDay}, {date(2001, 12, 19), termDay},
		{date(2001, 12, 20), holidayDay}, {date(2001, 12, 31), holidayDay},
		{date(2004, 2, 29), termDay}, {date(2004, 3, 1), termDay},
	} {
		assert.Equal(t, tc.want, cal.Day(tc.d), "%s", tc.d.Format(time.DateOnly))
	}
	assert.Equal(t, 58, systems.SeasonDay(date(2004, 2, 29)), "Feb 29 counts as Feb 28")
	assert.Equal(t, 364, systems.SeasonDay(date(2004, 12, 31)), "a leap year still ends on day 364")

	sum := 0.0
	for k := range 365 {
		sum += cal.Day(date(2001, 1, 1+k))
	}
	assert.InDelta(t, 1, sum/365, 1e-14, "yearly mean over the days")
	assert.InDelta(t, 1, cal.Mean(date(2001, 1, 1), 365), 1e-14, "Mean over the year")
}

// TestSeasonTermsTicks checks the 14-day tick mean, hand-computed:
// Dec 27 2000 … Jan 9 2001: 9 holiday days (Dec 27…31, Jan 1…4) and 5 in
// term: (9·221.5 + 5·404)/(14·365) = 4013.5/5110 = 0.7854207436399218;
// Jul 13 … Jul 26 2001: 7 and 7: (404 + 221.5)/730 = 0.8568493150684932;
// Feb 22 … Mar 6 2004 (14 dates with Feb 29) all in term: 404/365. Then
// Infection.Coefficient on a model starting 2000-01: β_tick times the mean
// over the tick's dates (tick t starts on Jan 1 2000 + 14t days).
func TestSeasonTermsTicks(t *testing.T) {
	cal, err := threeHolidays().Calendar("test")
	require.NoError(t, err)
	assert.InDelta(t, 4013.5/5110, cal.Mean(date(2000, 12, 27), 14), 1e-15)
	assert.InDelta(t, 625.5/730, cal.Mean(date(2001, 7, 13), 14), 1e-15)
	assert.InDelta(t, termDay, cal.Mean(date(2004, 2, 22), 14), 1e-15)
	assert.Equal(t, holidayDay, cal.Mean(date(2001, 4, 1), 1), "a one-day tick is the day's multiplier")

	q := systems.DefaultInfectionParams()
	q.SeasonSpec = threeHolidays()
	p := quietParams(1, 1)
	p.StartTime = "2000-01"
	m, err := model.NewBiweekly(onePatch(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfection(&q)))
	require.NoError(t, m.Initialize())
	inf := model.InstancesOf[*systems.Infection](m)[0]
	beta := q.BetaPerTick(params.StepDays)
	year := 0.0
	for tick := range 26 {
		first := date(2000, 1, 1+14*tick)
		assert.Equal(t, beta*cal.Mean(first, 14), inf.Coefficient(tick), "tick %d", tick)
		year += inf.Coefficient(tick) * 14
	}
	// Tick 25 starts Dec 16 2000: Dec 16…19 in term (4), Dec 20…29 holiday (10).
	assert.InDelta(t, beta*(4*404+10*221.5)/5110, inf.Coefficient(25), 1e-14)
	// 26 ticks cover Jan 1 … Dec 29 2000 (364 days, Feb 29 counted as a second Feb 28,
	// Dec 30 and 31 left out): Jan 1…4 and Dec 20…29 holidays 14, Apr 14, summer 48, Feb 28 twice.
	wantYear := beta * ((364-76)*404 + 76*221.5) / 365
	assert.InDelta(t, wantYear, year, 1e-12)
	assert.Zero(t, testing.AllocsPerRun(100, func() { inf.ForceOnly(m, 3) }), "zero allocations per tick")
}

// TestSeasonAndAlphaParams: every bad season and alpha is refused with a
// message naming the key; a good one round-trips through JSON.
func TestSeasonAndAlphaParams(t *testing.T) {
	const terms = `"type": "terms", "amplitude": 0.25, `
	for _, tc := range []struct{ json, message string }{
		{`{"season": {"type": "sine"}}`, `InfectionProcess: season.type must be one of ["terms" "bspline" "tsir"], got "sine"`},
		{`{"season": {"type": "terms", "amplitud": 0.1}}`, `season.amplitud`},
		{`{"season": {` + terms + `"holidays": [["07-20"]]}}`, `season.holidays[0]`},
		{`{"season": {` + terms + `"holidays": [["02-29", "03-05"]]}}`,
			`InfectionProcess: season.holidays[0]: "02-29" is not a day of the 365-day calendar`},
		{`{"season": {` + terms + `"holidays": [["13-01", "12-05"]]}}`, `"13-01": month must be 01…12`},
		{`{"season": {` + terms + `"holidays": [["04-31", "05-05"]]}}`, `"04-31": day must be 01…30 in month 04`},
		{`{"season": {` + terms + `"holidays": [["7-20", "09-05"]]}}`, `"7-20" is not a date MM-DD`},
		// both dates bad: the second's message names the key too (it read
		// `InfectionProcess: season.holidays[0]: "13-01": …` then a bare `"7-5" is not a date MM-DD`).
		{`{"season": {` + terms + `"holidays": [["13-01", "7-5"]]}}`,
			"InfectionProcess: season.holidays[0]: \"13-01\": month must be 01…12\nInfectionProcess: season.holidays[0]: \"7-5\" is not a date MM-DD"},
		{`{"season": {` + terms + `"holidays": [["07-20", "09-05"], ["09-01", "09-10"]]}}`,
			`season.holidays[1]: ["09-01", "09-10"] overlaps season.holidays[0] ["07-20", "09-05"]`},
		{`{"season": {` + terms + `"holidays": [["12-20", "01-04"], ["01-01", "01-02"]]}}`,
			`season.holidays[1]: ["01-01", "01-02"] overlaps season.holidays[0]`},
		{`{"season": {"type": "terms", "amplitude": 0.3, "holidays": []}}`,
			`InfectionProcess: season.amplitude 0.3 needs holidays covering some but not all of the year (the holidays cover 0 of the 365 days`},
		{`{"season": {"type": "terms", "amplitude": 0.3}}`, `season.amplitude 0.3 needs holidays`},
		{`{"season": {"type": "terms", "amplitude": 0.3, "holidays": [["01-02", "01-01"]]}}`,
			`season.amplitude 0.3 needs holidays covering some but not all of the year (the holidays cover 365 of the 365 days`},
		{`{"season": {"type": "terms", "amplitude": -0.1, "holidays": []}}`, `season.amplitude must be a finite number ≥ 0, got -0.1`},
		// threeHolidays: p = 287/365, largest A = 365/574 = 0.6358885017421603.
		{`{"season": {"type": "terms", "amplitude": 0.7, "holidays": [["12-20", "01-04"], ["04-01", "04-14"], ["07-20", "09-05"]]}}`,
			`season.amplitude 0.7 makes the holiday multiplier 1 − 2pA negative (p = 287/365 of the days in term): at most 0.6358885017421603`},
		{`{"seasonality": 0.3, "season": {"type": "terms"}}`, `season and seasonality are exclusive`},
		{`{"season_table": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1], "season": {"type": "terms"}}`,
			`season and season_table are exclusive`},
		{`{"season_start": 3, "season": {"type": "terms"}}`, `season_start must be 0 with season`},
		{`{"alpha": 0}`, `InfectionProcess: alpha must be in (0, 1], got 0`},
		{`{"alpha": -1}`, `alpha must be in (0, 1], got -1`},
		{`{"alpha": 1.5}`, `alpha must be in (0, 1], got 1.5`},
	} {
		_, err := systems.DecodeInfectionParams([]byte(tc.json))
		assert.ErrorContains(t, err, tc.message, tc.json)
	}

	p, err := systems.DecodeInfectionParams([]byte(`{"alpha": 0.97, "season": {"type": "terms", "amplitude": 0.25,
		"holidays": [["12-20", "01-04"], ["04-01", "04-14"], ["07-20", "09-05"]]}}`))
	require.NoError(t, err)
	assert.Equal(t, 0.97, p.Alpha)
	assert.Equal(t, threeHolidays(), p.SeasonSpec)
	data, err := p.MarshalJSON()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"season":{"type":"terms","amplitude":0.25,"holidays":[["12-20","01-04"],["04-01","04-14"],["07-20","09-05"]]}`)
	back, err := systems.DecodeInfectionParams(data)
	require.NoError(t, err)
	assert.Equal(t, p, back, "canonical JSON round-trips")

	def := systems.DefaultInfectionParams()
	assert.Equal(t, 1.0, def.Alpha)
	assert.Nil(t, def.SeasonSpec)
}
