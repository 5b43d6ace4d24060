package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// TestSchooltermsRuns runs the program twice (fixed seed, same output) and
// checks its lines: the 26 shares and table values, a season_table line a
// run file accepts, one line per year and the totals.
func TestSchooltermsRuns(t *testing.T) {
	var out, again bytes.Buffer
	require.NoError(t, run(&out))
	require.NoError(t, run(&again))
	assert.Equal(t, out.String(), again.String(), "fixed seed, same output")

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2+1+years+2, out.String())
	assert.Len(t, strings.Fields(strings.TrimPrefix(lines[0], "term share per tick: ")), ticksPerYear)

	var doc struct {
		SeasonTable []float64 `toml:"season_table"`
	}
	_, err := toml.Decode(lines[1], &doc)
	require.NoError(t, err, "the printed line is TOML")
	require.Len(t, doc.SeasonTable, ticksPerYear)
	mean := 0.0
	for _, v := range doc.SeasonTable {
		mean += v / ticksPerYear
	}
	// Printed with 4 decimals: the mean of 26 roundings is within 5e-5.
	assert.InDelta(t, 1, mean, 5e-5)
	// A run file's Infection entry accepts it (with seasonality = 0).
	infection, ok := model.LookupComponentType("Infection")
	require.True(t, ok)
	entry, err := json.Marshal(map[string]any{"seasonality": 0, "season_table": doc.SeasonTable})
	require.NoError(t, err)
	_, err = infection.Decode(entry)
	require.NoError(t, err)
	short, err := json.Marshal(map[string]any{"seasonality": 0, "season_table": doc.SeasonTable[1:]})
	require.NoError(t, err)
	_, err = infection.Decode(short)
	require.Error(t, err, "the decoder checks the table, so the check above means something")
	assert.Equal(t, "total", strings.Fields(lines[2+1+years])[0])
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "infections in term ticks (term share >= 0.5, 21 of 26): "),
		lines[len(lines)-1])
}

// TestTermShares checks f_k by hand for the embedded calendar and a start
// on 1 January 2000: tick 0 covers 1–14 January and the spring term starts
// on the 4th (11 of 14 days); tick 7 covers 8–21 April, the summer term
// starts on the 17th (5 days); tick 15 covers 29 July – 11 August, all
// holiday; tick 1 is all term.
func TestTermShares(t *testing.T) {
	terms, err := readTerms("terms.csv", bytes.NewReader(termsCSV))
	require.NoError(t, err)
	f := termShares(terms, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	require.Len(t, f, ticksPerYear)
	for k, want := range map[int]float64{0: 11.0 / 14, 1: 1, 7: 5.0 / 14, 15: 0} {
		assert.InDelta(t, want, f[k], 1e-15, "tick %d", k)
	}
	// The same dates repeat in later years (compared by month and day):
	// 4 January 2001 is in term, 3 January not.
	assert.True(t, inTerm(terms, time.Date(2001, 1, 4, 0, 0, 0, 0, time.UTC)))
	assert.False(t, inTerm(terms, time.Date(2001, 1, 3, 0, 0, 0, 0, time.UTC)))
}

// TestSeasonTable: s_k = (1 + A(2f_k − 1)) / mean, so the mean is 1, a tick
// all in term gets (1 + A)/m and one all in holiday (1 − A)/m; A = 0 gives
// all ones; A outside [0, 1] is refused.
func TestSeasonTable(t *testing.T) {
	shares := make([]float64, ticksPerYear)
	for k := range 20 { // 20 ticks in term, 6 in holiday
		shares[k] = 1
	}
	const a = 0.25
	m := (20*(1+a) + 6*(1-a)) / 26
	table, err := seasonTable(shares, a)
	require.NoError(t, err)
	mean := 0.0
	for _, v := range table {
		mean += v / ticksPerYear
	}
	assert.InDelta(t, 1, mean, 1e-15, "26 additions round to ~1e-16")
	assert.InDelta(t, (1+a)/m, table[0], 1e-15)
	assert.InDelta(t, (1-a)/m, table[25], 1e-15)

	flat, err := seasonTable(shares, 0)
	require.NoError(t, err)
	for _, v := range flat {
		assert.Equal(t, 1.0, v)
	}
	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := seasonTable(shares, bad)
		assert.ErrorContains(t, err, "expected a value in [0, 1]")
	}
}

// TestReadTermsErrors: each problem names the file, the row and the column.
func TestReadTermsErrors(t *testing.T) {
	for _, tc := range []struct{ csv, want string }{
		{"when,start,end\n", "t.csv: row 1: expected the header term,start,end"},
		{"term,start,end\n", "t.csv: no terms"},
		{"term,start,end\nspring,2000-01-04,31/03/2000\n", `t.csv: row 2, column "end": "31/03/2000" is not a date (expected YYYY-MM-DD)`},
		{"term,start,end\na,2000-01-04,2000-02-01\nb,2000-05-01,2000-04-01\n",
			`t.csv: row 3: term "b" ends (2000-04-01) before it starts (2000-05-01)`},
		{"term,start,end\nspring,2000-01-04\n", "t.csv: record on line 2: wrong number of fields"},
	} {
		_, err := readTerms("t.csv", strings.NewReader(tc.csv))
		assert.ErrorContains(t, err, tc.want)
	}
}

// TestTableChangesTheRun: the forced run differs from the unforced one, and
// with A = 0 the table (all ones) gives exactly the unforced run (s = 1
// either way, the same random streams).
func TestTableChangesTheRun(t *testing.T) {
	terms, err := readTerms("terms.csv", bytes.NewReader(termsCSV))
	require.NoError(t, err)
	p, scn := settings(t)
	start, err := p.StartDate()
	require.NoError(t, err)
	table, err := seasonTable(termShares(terms, start), amplitude)
	require.NoError(t, err)
	ones, err := seasonTable(termShares(terms, start), 0)
	require.NoError(t, err)

	flat, err := incidence(scn, p, nil)
	require.NoError(t, err)
	forced, err := incidence(scn, p, table)
	require.NoError(t, err)
	unit, err := incidence(scn, p, ones)
	require.NoError(t, err)
	assert.NotEqual(t, flat, forced)
	assert.Equal(t, flat, unit)
}

// settings is settingsOf for tests.
func settings(t *testing.T) (params.BiweeklyParams, *scenario.Table) {
	t.Helper()
	p, scn, err := settingsOf()
	require.NoError(t, err)
	return p, scn
}
