package systems_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestYearlySeriesInterpolation checks the rule of [systems.YearlySeries]
// on hand-computed values: patch "a" has 1000 births in 2000 and 2000 in
// 2001, taken at July 2; 2000-07-02 → 2001-07-02 is 365 days (no 29
// February in between).
func TestYearlySeriesInterpolation(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{10, 10})
	tab, err := systems.LoadVitalTable(strings.NewReader("id,year,births,deaths\na,2000,1000,10\na,2001,2000,30\nb,1990,5,0\n"), "t.csv", scn)
	require.NoError(t, err)
	for _, c := range []struct {
		date string
		want float64
	}{
		{"1999-01-01", 1000},                // before the first midpoint: held
		{"2000-07-01", 1000},                // the day before it: held
		{"2000-07-02", 1000},                // the midpoint of 2000
		{"2000-10-01", 1000 + 1000*91/365.}, // 29 days of July + 31 + 30 + 1
		{"2001-01-01", 1000 + 1000*183/365.},
		{"2001-07-02", 2000}, // the midpoint of 2001
		{"2010-03-01", 2000}, // after the last midpoint: held
	} {
		assert.InDelta(t, c.want, tab.Births.At(0, day(c.date)), 1e-9, c.date)
	}
	// deaths interpolate the same way: 10 + 20·91/365 on 2000-10-01.
	assert.InDelta(t, 10+20*91/365., tab.Deaths.At(0, day("2000-10-01")), 1e-9)
	assert.Equal(t, 5.0, tab.Births.At(1, day("2000-10-01")), "a one-year patch is constant")
}

// TestYearPosition: the year whose July 2 is the last at or before the
// date, and the share of the way to the next July 2.
func TestYearPosition(t *testing.T) {
	y, f := systems.YearPosition(day("2024-01-01"))
	assert.Equal(t, 2023, y)
	assert.InDelta(t, 183/366., f, 1e-12, "2023-07-02 → 2024-07-02 holds 29 February 2024: 366 days")
	y, f = systems.YearPosition(day("2024-07-02"))
	assert.Equal(t, 2024, y)
	assert.Zero(t, f)
}

// TestLoadVitalTableErrors: every bad table is refused with every problem
// named by file, 1-based data row and column.
func TestLoadVitalTableErrors(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{10, 10})
	for _, c := range []struct {
		name, csv string
		want      []string
	}{
		{"empty file", "", []string{`t.csv: empty file, expected the header id,year,births[,deaths]`}},
		{"no rows", "id,year,births\n", []string{`t.csv: no data rows`}},
		{"missing column", "id,year\na,2000\n", []string{`t.csv: header: missing column "births" (found ["id" "year"])`}},
		{"unknown column", "id,year,births,pop\na,2000,1,2\n", []string{`t.csv: header: unknown column "pop" (expected id, year, births and optionally deaths)`}},
		{"repeated column", "id,year,births,births\n", []string{`t.csv: header: column "births" appears twice`}},
		{"unknown id", "id,year,births\na,2000,1\nb,2000,1\nzz,2000,1\n", []string{`t.csv: row 3, column "id": unknown patch id "zz" (not in the scenario)`}},
		{"missing patch", "id,year,births\na,2000,1\n", []string{`t.csv: scenario patch "b" has no rows`}},
		{"duplicate", "id,year,births\na,2000,1\na,2000,2\nb,2000,1\n", []string{`t.csv: row 2, column "year": patch "a" year 2000 repeats row 1`}},
		{"gap", "id,year,births\na,2000,1\na,2002,2\nb,2000,1\n", []string{`t.csv: row 2, column "year": patch "a" jumps from 2000 (row 1) to 2002; years must be consecutive`}},
		{"negative births", "id,year,births\na,2000,-1\nb,2000,1\n", []string{`t.csv: row 1, column "births": "-1" is negative (expected a number >= 0)`}},
		{"not a number", "id,year,births,deaths\na,2000,1,x\nb,2000,1,NaN\n", []string{
			`t.csv: row 1, column "deaths": "x" is not a number`, `t.csv: row 2, column "deaths": "NaN" is not a finite number`}},
		{"bad year", "id,year,births\na,2000.5,1\nb,2000,1\n", []string{`t.csv: row 1, column "year": "2000.5" is not a whole year`}},
		{"short row", "id,year,births\na,2000\nb,2000,1\n", []string{`t.csv: row 1: 2 fields, expected 3 (the header's)`}},
		{"every problem", "id,year,births\na,2000,-1\nzz,2000,1\n", []string{
			`row 1, column "births"`, `row 2, column "id"`, `scenario patch "b" has no rows`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := systems.LoadVitalTable(strings.NewReader(c.csv), "t.csv", scn)
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestLoadVitalTableBadValueIsNoGap: a row with a good id and year but a
// bad value (negative, NaN, not a number) is reported once, for its value,
// and does not also appear as a gap in its patch's years (it did: "-5" in
// the middle of a's years also gave "patch "a" jumps from 2000 (row 1) to
// 2002").
func TestLoadVitalTableBadValueIsNoGap(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{10, 10})
	for _, bad := range []string{"-5", "NaN", "x"} {
		csv := "id,year,births\na,2000,1\na,2001," + bad + "\na,2002,1\nb,2000,1\n"
		_, err := systems.LoadVitalTable(strings.NewReader(csv), "t.csv", scn)
		require.Error(t, err, bad)
		lines := strings.Split(err.Error(), "\n")
		assert.Len(t, lines, 1, "%s: %v", bad, lines)
		assert.Contains(t, lines[0], `t.csv: row 2, column "births"`, bad)
		assert.NotContains(t, err.Error(), "jumps", bad)
	}
}

// withColumn returns a copy of scn with the extra column name.
func withColumn(t *testing.T, scn *scenario.Table, name string, values ...string) *scenario.Table {
	t.Helper()
	out := scn.Clone()
	require.NoError(t, out.SetExtra(name, values))
	return out
}

// writeFile writes text to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// TestVitalDynamicsSourceErrors: bad births and deaths sources are refused
// when the component meets the scenario, naming the component, the key and
// its value, then the column, row and patch (or file, row and column).
func TestVitalDynamicsSourceErrors(t *testing.T) {
	dir := t.TempDir()
	noDeaths := writeFile(t, dir, "b.csv", "id,year,births\na,2000,1\nb,2000,1\n")
	bad := writeFile(t, dir, "bad.csv", "id,year,births\na,2000,x\n")
	base := table(t, []string{"a", "b"}, []int64{10, 10})
	scn := withColumn(t, base, "births_per_year", "3", "x")
	scn = withColumn(t, scn, "other", "1", "2")
	for _, c := range []struct {
		name   string
		births string
		deaths string
		want   []string
	}{
		{"bad scenario value", "scenario", "crude", []string{
			`VitalDynamicsProcess: births = "scenario": scenario column "births_per_year", row 2 ("b"): "x" is not a number`}},
		{"missing scenario column", "crude", "scenario", []string{
			`VitalDynamicsProcess: deaths = "scenario": the scenario has no column "deaths_per_year" (its extra columns: ["births_per_year" "other"])`}},
		{"table without deaths", "crude", noDeaths, []string{
			`VitalDynamicsProcess: deaths = "` + noDeaths + `": the table has no "deaths" column`}},
		{"bad table", bad, "crude", []string{
			`VitalDynamicsProcess: births = "` + bad + `": ` + bad + `: row 1, column "births": "x" is not a number`,
			`VitalDynamicsProcess: births = "` + bad + `": ` + bad + `: scenario patch "b" has no rows`}},
		{"missing file", filepath.Join(dir, "none.csv"), "crude", []string{
			`VitalDynamicsProcess: births = "` + filepath.Join(dir, "none.csv") + `": open `}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := systems.DefaultVitalDynamicsParams()
			p.Births, p.Deaths = c.births, c.deaths
			_, err := systems.NewVitalDynamics(&p)(newSEIRView(t, scn, quietParams(1, 1)))
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestVitalDynamicsDataParams: the new keys are strictly decoded and
// validated; a non-default crude rate next to a data source is an error
// naming both keys.
func TestVitalDynamicsDataParams(t *testing.T) {
	p, err := systems.DecodeVitalDynamicsParams([]byte(`{"births": "scenario", "deaths": "b.csv", "cohort": {"share": 0.7, "day": "09-01"}}`))
	require.NoError(t, err)
	assert.Equal(t, "scenario", p.Births)
	assert.Equal(t, "b.csv", p.Deaths)
	assert.Equal(t, &systems.Cohort{Share: 0.7, Day: "09-01"}, p.Cohort)
	d := systems.DefaultVitalDynamicsParams()
	assert.Equal(t, "crude", d.Births)
	assert.Equal(t, "crude", d.Deaths)
	assert.Nil(t, d.Cohort)
	for _, c := range []struct {
		json string
		want string
	}{
		{`{"births": "scenario", "crude_birth_rate": 30}`,
			`VitalDynamicsProcess: crude_birth_rate = 30 and births = "scenario" exclude each other (the rate is used only by births = "crude")`},
		{`{"deaths": "t.csv", "crude_death_rate": 5}`,
			`VitalDynamicsProcess: crude_death_rate = 5 and deaths = "t.csv" exclude each other (the rate is used only by deaths = "crude")`},
		{`{"births": " "}`, `VitalDynamicsProcess: births must be "crude", "scenario" or a CSV path, got " "`},
		{`{"cohort": {"share": 1.5, "day": "09-01"}}`, `VitalDynamicsProcess: cohort.share must be in [0, 1], got 1.5`},
		{`{"cohort": {"day": "09-01"}}`, `VitalDynamicsProcess: cohort.share is 0 (or missing)`},
		{`{"cohort": {"share": 0, "day": "09-01"}}`, `VitalDynamicsProcess: cohort.share is 0 (or missing)`},
		{`{"cohort": {"share": 0.5, "day": "02-29"}}`, `VitalDynamicsProcess: cohort.day: "02-29" is not a day of the 365-day calendar (a date's Feb 29 counts as Feb 28: write 02-28)`},
		{`{"cohort": {"share": 0.5, "day": "9-1"}}`, `VitalDynamicsProcess: cohort.day: "9-1" is not a date MM-DD`},
		{`{"cohort": {"share": 0.5, "day": "13-01"}}`, `VitalDynamicsProcess: cohort.day: "13-01": month must be 01…12`},
		{`{"cohort": {"share": 0.5}}`, `VitalDynamicsProcess: cohort.day: "" is not a date MM-DD`},
		{`{"cohort": {"share": 0.5, "day": "09-01", "days": 3}}`, `VitalDynamicsProcess: unknown key "cohort.days" (did you mean "cohort.day"?)`},
		{`{"cohort": 3}`, `VitalDynamicsProcess: key "cohort": expected object, got number`},
	} {
		_, err := systems.DecodeVitalDynamicsParams([]byte(c.json))
		require.Error(t, err, c.json)
		assert.Contains(t, err.Error(), c.want, c.json)
	}
}
