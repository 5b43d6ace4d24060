package fit

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// casesDate parses a YYYY-MM-DD test date.
func casesDate(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := time.Parse(casesDateLayout, s)
	require.NoError(t, err)
	return d
}

// casesDates parses YYYY-MM-DD test dates.
func casesDates(t *testing.T, ss ...string) []time.Time {
	t.Helper()
	out := make([]time.Time, len(ss))
	for i, s := range ss {
		out[i] = casesDate(t, s)
	}
	return out
}

// casesSample is a small table exercising the accepted forms: a byte order
// mark, columns in a free order, rows out of date order and interleaved,
// spaces around unquoted fields, quoted fields, NA and empty counts, integral
// decimals, CRLF line ends and a blank line.
const casesSample = "\uFEFFcases,town,date\r\n" +
	"3,Lees,1944-01-14\r\n" +
	"NA,Lees,1944-01-07\r\n" +
	" 12.0 ,London ,1944-01-07\r\n" +
	"\r\n" +
	",London,1944-01-21\r\n" +
	"1e3,London,1944-01-14\r\n" +
	"0,Lees,1944-01-21\r\n" +
	"\"7\",\"Mold, Flint\",1944-01-07\r\n"

func TestCasesLoadRoundTrip(t *testing.T) {
	c, err := LoadCases(strings.NewReader(casesSample), "sample.csv", "town")
	require.NoError(t, err)
	assert.Equal(t, "sample.csv", c.Name())
	assert.Equal(t, []string{"Lees", "London", "Mold, Flint"}, c.IDs())
	assert.Equal(t, 7, c.Len())

	want := map[string]struct {
		dates  []time.Time
		counts []int64
	}{
		"Lees":        {casesDates(t, "1944-01-07", "1944-01-14", "1944-01-21"), []int64{Missing, 3, 0}},
		"London":      {casesDates(t, "1944-01-07", "1944-01-14", "1944-01-21"), []int64{12, 1000, Missing}},
		"Mold, Flint": {casesDates(t, "1944-01-07"), []int64{7}},
	}
	for id, w := range want {
		dates, counts, ok := c.Series(id)
		require.True(t, ok, id)
		assert.Equal(t, w.dates, dates, id)
		assert.Equal(t, w.counts, counts, id)
		assert.Equal(t, time.UTC, dates[0].Location(), id)
	}
	_, _, ok := c.Series("Leeds")
	assert.False(t, ok)

	// Series returns copies.
	dates, counts, _ := c.Series("Lees")
	dates[0], counts[0] = time.Time{}, 99
	d2, c2, _ := c.Series("Lees")
	assert.Equal(t, want["Lees"].dates[0], d2[0])
	assert.Equal(t, Missing, c2[0])

	// Write, read back, write again: same table, same bytes.
	var buf bytes.Buffer
	require.NoError(t, c.WriteCSV(&buf, "town"))
	assert.True(t, strings.HasPrefix(buf.String(), "town,date,cases\nLees,1944-01-07,NA\n"), buf.String())
	back, err := LoadCases(bytes.NewReader(buf.Bytes()), "back.csv", "town")
	require.NoError(t, err)
	assert.Equal(t, c.IDs(), back.IDs())
	for _, id := range c.IDs() {
		d1, n1, _ := c.Series(id)
		d2, n2, _ := back.Series(id)
		assert.Equal(t, d1, d2, id)
		assert.Equal(t, n1, n2, id)
	}
	var buf2 bytes.Buffer
	require.NoError(t, back.WriteCSV(&buf2, "town"))
	assert.Equal(t, buf.String(), buf2.String())

	// Default id column.
	var buf3 bytes.Buffer
	require.NoError(t, c.WriteCSV(&buf3, ""))
	withID, err := LoadCases(&buf3, "id.csv", "")
	require.NoError(t, err)
	assert.Equal(t, c.IDs(), withID.IDs())
}

func TestCasesLoadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cases.csv")
	require.NoError(t, os.WriteFile(path, []byte("id,date,cases\nA,2020-01-07,5\n"), 0o644))
	c, err := LoadCasesFile(path, "")
	require.NoError(t, err)
	assert.Equal(t, path, c.Name())
	assert.Equal(t, []string{"A"}, c.IDs())

	_, err = LoadCasesFile(filepath.Join(t.TempDir(), "absent.csv"), "")
	assert.ErrorIs(t, err, fs.ErrNotExist)

	require.NoError(t, os.WriteFile(path, []byte("id,date,cases\nA,2020-01-07,-5\n"), 0o644))
	_, err = LoadCasesFile(path, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": data row 1 (line 2), column \"cases\"")
}

func TestCasesLoadErrors(t *testing.T) {
	const hdr = "id,date,cases\n"
	for _, tc := range []struct {
		name     string
		idColumn string
		input    string
		want     []string // substrings of the error, each on its own line
	}{
		{"empty file", "", "", []string{`f.csv: empty file: expected a header line with the columns id, date, cases`}},
		{"empty file, town", "town", "", []string{`columns town, date, cases`}},
		{"header only", "", hdr, []string{`f.csv: no data rows after the header`}},
		{"missing cases, near miss", "", "id,date,case\nA,2020-01-07,1\n",
			[]string{`f.csv: header: missing column "cases" (found "case": did you mean "cases"?)`}},
		{"missing cases, synonym", "", "id,date,count\nA,2020-01-07,1\n",
			[]string{`missing column "cases" (found "count": did you mean "cases"?)`}},
		{"missing date, case differs", "", "id,Date,cases\nA,2020-01-07,1\n",
			[]string{`missing column "date" (found "Date": did you mean "date"?)`}},
		{"missing date, synonym", "", "id,week_ending,cases\nA,2020-01-07,1\n",
			[]string{`missing column "date" (found "week_ending": did you mean "date"?)`}},
		{"missing cases, nothing close", "", "id,date\nA,2020-01-07\n",
			[]string{`f.csv: header: missing column "cases"`}},
		{"He et al.'s town column", "", "town,date,cases\nLondon,1944-01-07,1\n",
			[]string{`missing column "id" (the id column): the file has the column "town"; if it holds the ids, set the id column name to "town"`}},
		{"id column given but file uses id", "town", "id,date,cases\nLondon,1944-01-07,1\n",
			[]string{`missing column "town" (the id column): the file has the column "id"; if it holds the ids, set the id column name to "id"`}},
		{"id near miss", "", "ID,date,cases\nA,2020-01-07,1\n",
			[]string{`missing column "id" (found "ID": did you mean "id"? or set the id column name to "ID")`}},
		{"id missing, several candidates", "", "town,name,date,cases\nA,B,2020-01-07,1\n",
			[]string{
				`missing column "id" (the id column): if one of the columns "town", "name" holds the ids, set the id column name to it`,
				`f.csv: header: unknown column "town"`,
				`f.csv: header: unknown column "name"`,
			}},
		{"unknown column", "", "id,date,cases,pop\nA,2020-01-07,1,100\n",
			[]string{`f.csv: header: unknown column "pop": expected exactly the columns id, date, cases`}},
		{"repeated column", "", "id,date,cases,date\nA,2020-01-07,1,2020-01-07\n",
			[]string{`f.csv: header: column "date" appears twice (columns 2 and 4)`}},
		{"empty column name", "", "id,date,cases,\nA,2020-01-07,1,\n",
			[]string{`f.csv: header: column 4 has an empty name`}},
		{"bad date", "", hdr + "A,2020-01-07,1\nA,2020-13-01,2\n",
			[]string{`f.csv: data row 2 (line 3), column "date": "2020-13-01": expected a date YYYY-MM-DD`}},
		{"date with time", "", hdr + "A,2020-01-07T00:00:00Z,2\n",
			[]string{`column "date": "2020-01-07T00:00:00Z": expected a date YYYY-MM-DD`}},
		{"negative count", "", hdr + "A,2020-01-07,-3\n",
			[]string{`f.csv: data row 1 (line 2), column "cases": "-3": expected a count ≥ 0`}},
		{"negative decimal", "", hdr + "A,2020-01-07,-3.0\n",
			[]string{`column "cases": "-3.0": expected a count ≥ 0`}},
		{"fractional count", "", hdr + "A,2020-01-07,12.5\n",
			[]string{`column "cases": "12.5": expected a whole number of cases (a decimal is accepted only when integral, like 12.0)`}},
		{"text count", "", hdr + "A,2020-01-07,many\n",
			[]string{`column "cases": "many": expected a whole number ≥ 0 of cases, or NA or an empty field for a missing observation`}},
		{"NaN count", "", hdr + "A,2020-01-07,NaN\n",
			[]string{`column "cases": "NaN": expected a whole number ≥ 0`}},
		{"huge count", "", hdr + "A,2020-01-07,1e30\n",
			[]string{`column "cases": "1e30": expected a count below 2⁶³`}},
		{"empty id", "", hdr + " ,2020-01-07,1\n",
			[]string{`f.csv: data row 1 (line 2), column "id": " ": expected a non-empty id`}},
		{"duplicate observation", "", hdr + "A,2020-01-07,1\nB,2020-01-07,1\nA,2020-01-07,2\n",
			[]string{`f.csv: data row 3 (line 4): duplicate observation of id "A" on 2020-01-07 (first at data row 1)`}},
		{"field count", "", hdr + "A,2020-01-07\n",
			[]string{`f.csv: data row 1 (line 2): 2 fields, expected 3 (the header's columns)`}},
		{"bad quoting", "", hdr + "A,2020-01-07,1\nA,\"2020-01-14,2\n",
			[]string{`f.csv: data row 2: parse error`}},
		// Issue 26: a row past csvin.MaxFields (1024) ends the load there.
		{"too many fields", "", hdr + "A,2020-01-07,1" + strings.Repeat(",1", 1024) + "\nA,2020-01-14,1\n",
			[]string{`f.csv: data row 1: line 2: more than 1024 fields in one record (rubeola reads at most 1024 columns; see docs/limits.md)`}},
		{"several problems in one row and across rows", "", hdr + "A,2020-01-07,1\n,20200114,x\nB,2020-01-07,-1\n",
			[]string{
				`data row 2 (line 3), column "id": "": expected a non-empty id`,
				`data row 2 (line 3), column "date": "20200114": expected a date YYYY-MM-DD`,
				`data row 2 (line 3), column "cases": "x": expected a whole number`,
				`data row 3 (line 4), column "cases": "-1": expected a count ≥ 0`,
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadCases(strings.NewReader(tc.input), "f.csv", tc.idColumn)
			require.Error(t, err)
			assert.Nil(t, c)
			lines := strings.Split(err.Error(), "\n")
			assert.Len(t, lines, len(tc.want), err.Error())
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestCasesLoadErrorCap: 120 bad rows give the first 50 messages and a count
// of the rest.
func TestCasesLoadErrorCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,date,cases\n")
	for i := range 120 {
		fmt.Fprintf(&b, "A,2020-01-%02d,-%d\n", i%28+1, i+1)
	}
	_, err := LoadCases(strings.NewReader(b.String()), "many.csv", "")
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 51)
	assert.Contains(t, lines[0], `data row 1 (line 2), column "cases": "-1"`)
	assert.Contains(t, lines[49], `data row 50 (line 51), column "cases": "-50"`)
	assert.Equal(t, "many.csv: 70 more problems not shown", lines[50])
}

// casesWeekly returns a table with series A (weekly from 2020-01-07, 6
// weeks) and B (biweekly from 2020-01-14, 3 periods).
func casesWeekly(t *testing.T) *Cases {
	t.Helper()
	in := "id,date,cases\n" +
		"A,2020-01-07,1\nA,2020-01-14,2\nA,2020-01-21,NA\nA,2020-01-28,4\nA,2020-02-04,5\nA,2020-02-11,6\n" +
		"B,2020-01-14,10\nB,2020-01-28,20\nB,2020-02-11,30\n"
	c, err := LoadCases(strings.NewReader(in), "weekly.csv", "")
	require.NoError(t, err)
	return c
}

func TestCasesWindow(t *testing.T) {
	c := casesWeekly(t)
	for _, tc := range []struct {
		name     string
		from, to string
		a, b     []int64
	}{
		{"inner", "2020-01-14", "2020-02-04", []int64{Missing, 4, 5}, []int64{20}},
		{"zero from", "", "2020-01-14", []int64{1, 2}, []int64{10}},
		{"zero to", "2020-01-28", "", []int64{5, 6}, []int64{30}},
		{"both zero", "", "", []int64{1, 2, Missing, 4, 5, 6}, []int64{10, 20, 30}},
		{"before all", "", "2020-01-01", []int64{}, []int64{}},
		{"empty interval", "2020-01-14", "2020-01-14", []int64{}, []int64{}},
		{"between dates", "2020-01-15", "2020-01-27", []int64{Missing}, []int64{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var from, to time.Time
			if tc.from != "" {
				from = casesDate(t, tc.from)
			}
			if tc.to != "" {
				to = casesDate(t, tc.to)
			}
			w := c.Window(from, to)
			assert.Equal(t, []string{"A", "B"}, w.IDs())
			_, a, ok := w.Series("A")
			require.True(t, ok)
			_, b, ok := w.Series("B")
			require.True(t, ok)
			assert.Equal(t, tc.a, a)
			assert.Equal(t, tc.b, b)
		})
	}
	// The original is unchanged.
	_, a, _ := c.Series("A")
	assert.Len(t, a, 6)
}

func TestCasesPeriod(t *testing.T) {
	c := casesWeekly(t)
	days, err := c.Period("A")
	require.NoError(t, err)
	assert.Equal(t, 7, days)
	days, err = c.Period("B")
	require.NoError(t, err)
	assert.Equal(t, 14, days)

	_, err = c.Period("C")
	assert.EqualError(t, err, `weekly.csv: no series "C"`)
	_, err = c.Window(time.Time{}, casesDate(t, "2020-01-07")).Period("A")
	assert.EqualError(t, err, `weekly.csv: series "A" has 1 observation(s); its period needs at least 2`)

	irregular := "id,date,cases\nA,2020-01-07,1\nA,2020-01-14,2\nA,2020-01-21,3\nA,2020-02-04,4\nA,2020-02-11,5\n"
	ci, err := LoadCases(strings.NewReader(irregular), "gap.csv", "")
	require.NoError(t, err)
	_, err = ci.Period("A")
	assert.EqualError(t, err, `gap.csv: series "A" is irregular at 2020-02-04: 14 days after 2020-01-21, expected 7 (the spacing of its first two dates, 2020-01-07 and 2020-01-14)`)
}

func TestCasesCheckIDs(t *testing.T) {
	c := casesWeekly(t)
	known := map[string]bool{"A": true, "B": true, "C": true}
	assert.NoError(t, c.CheckIDs(func(id string) bool { return known[id] }, "uk.csv"))
	delete(known, "B")
	assert.EqualError(t, c.CheckIDs(func(id string) bool { return known[id] }, "uk.csv"),
		`weekly.csv: 1 of 2 ids are not in scenario uk.csv: "B"`)
	err := c.CheckIDs(func(string) bool { return false }, "uk.csv")
	assert.EqualError(t, err, `weekly.csv: 2 of 2 ids are not in scenario uk.csv: "A", "B"`)

	var b strings.Builder
	b.WriteString("id,date,cases\n")
	for i := range 60 {
		fmt.Fprintf(&b, "u%02d,2020-01-07,1\n", i)
	}
	many, err := LoadCases(strings.NewReader(b.String()), "many.csv", "")
	require.NoError(t, err)
	err = many.CheckIDs(func(string) bool { return false }, "s")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `many.csv: 60 of 60 ids are not in scenario s: "u00", "u01"`)
	assert.True(t, strings.HasSuffix(err.Error(), `"u49" and 10 more`), err.Error())
}

// casesHe10Path is He et al.'s weekly data (../shared/data/he10 beside the
// repository; never copied into it).
const casesHe10Path = "../../shared/data/he10/cases_weekly.csv"

// TestCasesHe10Data loads the 20 towns of He, Ionides & King (2010) when the
// shared data are present.
func TestCasesHe10Data(t *testing.T) {
	testkit.NeedShared(t, casesHe10Path)
	c, err := LoadCasesFile(casesHe10Path, "town")
	require.NoError(t, err)
	ids := c.IDs()
	require.Len(t, ids, 20)
	assert.Contains(t, ids, "London")
	assert.Contains(t, ids, "Dalton.in.Furness")
	missing := 0
	for _, id := range ids {
		dates, counts, ok := c.Series(id)
		require.True(t, ok)
		require.Len(t, dates, 1096, id)
		assert.Equal(t, casesDate(t, "1944-01-07"), dates[0], id)
		assert.Equal(t, casesDate(t, "1965-01-01"), dates[len(dates)-1], id)
		days, err := c.Period(id)
		require.NoError(t, err, id)
		assert.Equal(t, 7, days, id)
		for _, n := range counts {
			if n == Missing {
				missing++
			}
		}
	}
	t.Logf("%d towns × 1096 weeks, %d missing observations", len(ids), missing)

	// He et al. fitted 1950–1964: 730 weekly reports 1950-01-06 … 1963-12-27
	// for London in pomp's filter.
	w := c.Window(casesDate(t, "1949-12-31"), casesDate(t, "1963-12-31"))
	dates, _, _ := w.Series("London")
	require.Len(t, dates, 730)
	assert.Equal(t, casesDate(t, "1950-01-06"), dates[0])
	assert.Equal(t, casesDate(t, "1963-12-27"), dates[729])

	// The default id column points at "town".
	_, err = LoadCasesFile(casesHe10Path, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `set the id column name to "town"`)
}
