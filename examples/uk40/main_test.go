package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// sharedUK40 is the shared series' directory (beside the repository).
const sharedUK40 = "../../../shared/data/uk40"

// readAll returns the data rows of a CSV file.
func readAll(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	return rows[1:]
}

// TestConvertUK40 converts the shared series and checks what convert
// promises: the 40 cities in cities.csv's order; per city one report per
// 14-day period from 1944-01-14 on, each source biweek whole in the period
// holding its middle day (within 7 days of its own end), the city's total
// unchanged and NA exactly where no biweek fell (periods − biweeks of
// them: 549 − 547 = 2 per city); a census row per complete year with the
// year's births summed.
func TestConvertUK40(t *testing.T) {
	testkit.NeedShared(t, filepath.Join(sharedUK40, "cases_biweekly.csv"))
	dst := t.TempDir()
	missing, err := convert(sharedUK40, dst)
	require.NoError(t, err)
	src, err := readSeries(sharedUK40)
	require.NoError(t, err)
	require.Len(t, src.cities, 40)
	cities := readAll(t, filepath.Join(dst, "cities.csv"))
	require.Len(t, cities, 40)
	assert.Equal(t, []string{"LONDON", "51.517", "-0.105"}, cities[0])

	byCity := map[string][][]string{}
	for _, r := range readAll(t, filepath.Join(dst, "cases.csv")) {
		byCity[r[0]] = append(byCity[r[0]], r)
	}
	for _, c := range src.cities {
		rows, bws := byCity[c], src.rows[c]
		require.NotEmpty(t, rows, c)
		var total, want int64
		na := 0
		ends := map[string]int64{}
		for k, r := range rows {
			end, err := time.Parse(time.DateOnly, r[1])
			require.NoError(t, err)
			require.Equal(t, gridStart.AddDate(0, 0, 14*(k+1)-1), end, "%s row %d: 14-day periods", c, k)
			if r[2] == "NA" {
				na++
				continue
			}
			v, err := strconv.ParseInt(r[2], 10, 64)
			require.NoError(t, err)
			total += v
			ends[r[1]] = v
		}
		for _, b := range bws {
			want += b.cases
			k := slotOf(b.start)
			end := gridStart.AddDate(0, 0, 14*(k+1)-1)
			own := b.start.AddDate(0, 0, 13)
			assert.LessOrEqual(t, absDays(end.Sub(own)), 7, "%s %s: within 7 days", c, b.start.Format(time.DateOnly))
			assert.Equal(t, b.cases, ends[end.Format(time.DateOnly)], "%s %s: whole", c, b.start.Format(time.DateOnly))
		}
		assert.Equal(t, want, total, "%s: total cases", c)
		assert.Equal(t, len(rows)-len(bws), na, "%s: NA where no biweek fell", c)
		assert.Equal(t, na, missing[c])
	}

	census := readAll(t, filepath.Join(dst, "demography.csv"))
	assert.Len(t, census, 40*21, "years 1944–1964 (1965 has one biweek)")
	births := 0.0
	for _, b := range src.rows["LONDON"] {
		if b.start.Year() == 1950 {
			births += b.births
		}
	}
	for _, r := range census {
		if r[0] == "LONDON" && r[1] == "1950" {
			got, err := strconv.ParseFloat(r[3], 64)
			require.NoError(t, err)
			assert.InDelta(t, births, got, 0.5, "London's 1950 births: the sum of its 26 biweeks")
		}
	}
}

// absDays returns |d| in whole days.
func absDays(d time.Duration) int {
	return int(max(d, -d).Hours() / 24)
}

// TestRunUK40 runs the program on a copy of the example (convert, then one
// block filter of 20 particles per city): the filter covers the 40 cities'
// 390 periods of 1950–1964 and gives a finite log-likelihood.
func TestRunUK40(t *testing.T) {
	testkit.NeedShared(t, filepath.Join(sharedUK40, "cases_biweekly.csv"))
	dir := t.TempDir()
	for _, name := range []string{"forty.toml", "forty_run.toml"} {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	var out bytes.Buffer
	require.NoError(t, run(&out, sharedUK40, dir, 20))
	assert.Contains(t, out.String(), "40 cities; 80 grid periods without a report (at most 2 in a city)")
	m := regexp.MustCompile(`40 cities × 20 particles, 390 reports: log-likelihood (-?[0-9.]+)`).FindStringSubmatch(out.String())
	require.NotNil(t, m, out.String())
	ll, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	assert.Less(t, ll, 0.0)
}

// TestConvertRefusesBadInput checks that a bad source row is reported with
// the file, row and column, and that nothing is written.
func TestConvertRefusesBadInput(t *testing.T) {
	const cities = "city,lat,lon,mean_pop\nA,51.5,-0.1,1000\n"
	const head = "city,year_decimal,date_approx,cases,pop,births_per_biweek\n"
	good := "A,1944.0,1944-01-01,3,1000,10\n"
	for _, tc := range []struct {
		name, cases, want string
	}{
		{"negative cases", good + "A,1944.04,1944-01-15,-1,1000,10\n", `data row 2: column "cases": "-1": expected a whole number >= 0`},
		{"fractional cases", good + "A,1944.04,1944-01-15,2.5,1000,10\n", `data row 2: column "cases": "2.5"`},
		{"bad date", good + "A,1944.04,1944-15-01,2,1000,10\n", `data row 2: column "date_approx": "1944-15-01": expected a date YYYY-MM-DD`},
		{"unknown city", good + "B,1944.04,1944-01-15,2,1000,10\n", `data row 2, column "city": "B" is not in cities.csv`},
		{"zero population", good + "A,1944.04,1944-01-15,2,0,10\n", `data row 2: column "pop": "0": expected a number > 0`},
		{"two biweeks in one period", good + "A,1944.01,1944-01-03,2,1000,10\n", `A: the biweeks from 1944-01-03 fall in a 14-day period already taken`},
		{"wrong header", "city,date,cases\nA,1944-01-01,3\n", `header [city date cases]: expected [city year_decimal date_approx cases pop births_per_biweek]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, dst := t.TempDir(), filepath.Join(t.TempDir(), "out")
			require.NoError(t, os.WriteFile(filepath.Join(src, "cities.csv"), []byte(cities), 0o644))
			body := tc.cases
			if !strings.HasPrefix(body, "city,") {
				body = head + body
			}
			require.NoError(t, os.WriteFile(filepath.Join(src, "cases_biweekly.csv"), []byte(body), 0o644))
			_, err := convert(src, dst)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			_, statErr := os.Stat(dst)
			assert.True(t, os.IsNotExist(statErr), "nothing written")
		})
	}
}
