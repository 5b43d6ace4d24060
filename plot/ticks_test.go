package plot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
)

// TestTickWords: the tick length comes from the dates (else the fallback,
// else 14 days) and is worded per biweek, per day or per N days.
func TestTickWords(t *testing.T) {
	day := func(n int) time.Time { return start.AddDate(0, 0, n) }
	tests := []struct {
		name            string
		dates           []time.Time
		fallback        int
		days            int
		per, each, unit string
		width           vg.Length // of a 1.5 pt line
	}{
		{"biweekly dates", []time.Time{day(0), day(14), day(28)}, 0, 14, "per biweek", "each biweek", "biweeks", vg.Points(1.5)},
		{"daily dates beat the fallback", []time.Time{day(0), day(1)}, 14, 1, "per day", "each day", "days", vg.Points(0.9)},
		{"weekly", []time.Time{day(0), day(7)}, 0, 7, "per week", "each week", "weeks", vg.Points(1.5)},
		{"ten days", []time.Time{day(0), day(10)}, 0, 10, "per 10 days", "every 10 days", "periods of 10 days", vg.Points(1.5)},
		{"one tick: summary.json's step", []time.Time{day(0)}, 1, 1, "per day", "each day", "days", vg.Points(0.9)},
		{"one tick, no summary: biweekly", []time.Time{day(0)}, 0, 14, "per biweek", "each biweek", "biweeks", vg.Points(1.5)},
		{"equal dates: the fallback", []time.Time{day(0), day(0)}, 3, 3, "per 3 days", "every 3 days", "periods of 3 days", vg.Points(0.9)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			days := tickDays(tt.dates, tt.fallback)
			assert.Equal(t, tt.days, days)
			assert.Equal(t, tt.per, perTick(days))
			assert.Equal(t, tt.each, eachTick(days))
			assert.Equal(t, tt.unit, tickUnit(days))
			assert.Equal(t, time.Duration(tt.days)*24*time.Hour, tickSpan(days))
			assert.InDelta(t, float64(tt.width), float64(lineWidth(1.5, days)), 1e-12, "0.6 × 1.5 pt below a week")
		})
	}
}

// writeDailyRun writes a three-day SEIR run of two patches (per-patch
// states, cases, population, summary.json with time_step_days) and an
// ensemble folder with global I and per-patch cases.
func writeDailyRun(t *testing.T, withSummary bool) string {
	t.Helper()
	dir := t.TempDir()
	var states, cases, pop, ens, ensCases, ensPop strings.Builder
	states.WriteString("tick,date,patch_id,state,count\n")
	cases.WriteString("tick,date,patch_id,state,count\n")
	pop.WriteString("tick,date,patch_id,state,count\n")
	ens.WriteString("tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n")
	ensCases.WriteString("tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n")
	ensPop.WriteString("tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n")
	for k := range 3 {
		date := start.AddDate(0, 0, k).Format(time.DateOnly)
		for j, id := range []string{"a", "b"} {
			n := 1000 * (j + 1)
			fmt.Fprintf(&states, "%d,%s,%s,S,%d\n%d,%s,%s,E,%d\n%d,%s,%s,I,%d\n%d,%s,%s,R,0\n", k, date, id, n-10-k, k, date, id, 5, k, date, id, 5+k, k, date, id)
			fmt.Fprintf(&cases, "%d,%s,%s,cases,%d\n", k, date, id, k)
			fmt.Fprintf(&pop, "%d,%s,%s,N,%d\n", k, date, id, n)
			fmt.Fprintf(&ensCases, "%d,%s,%s,cases,1,0,1,1,1,2\n", k, date, id)
			fmt.Fprintf(&ensPop, "%d,%s,%s,N,%d,%d,%d,%d,%d,%d\n", k, date, id, n, n, n, n, n, n)
		}
		fmt.Fprintf(&ens, "%d,%s,all_patches,E,9,8,9,9,9,10\n%d,%s,all_patches,I,11,10,11,11,11,12\n", k, date, k, date)
	}
	write := func(name, content string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	write("states.csv", states.String())
	write("cases.csv", cases.String())
	write("population.csv", pop.String())
	write("ensemble/states.csv", ens.String())
	write("ensemble/cases.csv", ensCases.String())
	write("ensemble/population.csv", ensPop.String())
	if withSummary {
		write("summary.json", `{"group_aggregation_level": -2, "inputs": {"num_patches": 2}, "metadata": {"time_step_days": 1}}`)
	}
	return dir
}

// TestDailyRunWords: the pictures of a run of the daily models
// (compartmental and agent-based: SEIR on daily ticks) say days, call I the
// people infectious (a prevalence) and put E beside I; every picture draws.
func TestDailyRunWords(t *testing.T) {
	for _, withSummary := range []bool{true, false} {
		t.Run(fmt.Sprint("summary.json ", withSummary), func(t *testing.T) {
			dir := writeDailyRun(t, withSummary)
			d, err := loadRun(dir)
			require.NoError(t, err)
			require.NotNil(t, d.incidence)
			assert.Equal(t, "infectious people (I)", d.incidence.what)
			assert.Equal(t, "infectious (I)", d.incidence.short)
			assert.True(t, d.incidence.prevalence)
			assert.Equal(t, 1, d.incidence.days)
			assert.Equal(t, "each day", d.incidence.when())
			require.NotNil(t, d.reported)
			assert.Equal(t, "reported cases per day", d.reported.what)
			assert.Equal(t, "per day", d.reported.when())
			require.NotNil(t, d.ensI)
			assert.True(t, d.ensI.seir)
			require.NotNil(t, d.ensGroups)
			assert.Equal(t, "reported cases", d.ensGroups.what)
			assert.Equal(t, "per day", d.ensGroups.when)

			ps, err := sirPlots(d.states, d.unitOfStates(), d.stepDays)
			require.NoError(t, err)
			assert.Equal(t, "Global S, E, I and R over time (sum of 2 patches in states.csv)", ps.s.Title.Text)
			assert.Equal(t, "people", ps.i.Y.Label.Text, "the legend names I infectious and E exposed")

			res, err := Render(dir, filepath.Join(dir, "plots"), Options{})
			require.NoError(t, err)
			assert.Len(t, res.Files, 6, "sir, heatmap, largest, fadeouts, ensemble, ensemble-largest")
		})
	}
}

// TestSIRPlotsBiweeklyWords: an S, I, R table keeps the biweekly words: I
// at the end of a tick is that tick's incidence.
func TestSIRPlotsBiweeklyWords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "states.csv")
	require.NoError(t, os.WriteFile(path, []byte("tick,date,patch_id,state,count\n"+
		"0,2000-01-01,all_patches,S,900\n0,2000-01-01,all_patches,I,10\n0,2000-01-01,all_patches,R,90\n"+
		"1,2000-01-15,all_patches,S,890\n1,2000-01-15,all_patches,I,12\n1,2000-01-15,all_patches,R,98\n"), 0o644))
	tbl, err := readTidy(path)
	require.NoError(t, err)
	ps, err := sirPlots(tbl, "groups", 0)
	require.NoError(t, err)
	assert.Equal(t, "Global S, I and R over time (states.csv)", ps.s.Title.Text)
	assert.Equal(t, "per biweek", ps.i.Y.Label.Text)
}

// TestWeeklyCasesWords: a daily run's cases table written with
// aggregate_days = 7 (rows at ticks 6, 13, 20, dated with their window's
// last day) is worded per week and marked end-dated, while its per-patch
// states stay daily.
func TestWeeklyCasesWords(t *testing.T) {
	dir := writeDailyRun(t, true)
	var cases strings.Builder
	cases.WriteString("tick,date,patch_id,state,count\n")
	for _, tick := range []int{6, 13, 20} {
		for _, id := range []string{"a", "b"} {
			fmt.Fprintf(&cases, "%d,%s,%s,cases,%d\n", tick, start.AddDate(0, 0, tick).Format(time.DateOnly), id, tick)
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.csv"), []byte(cases.String()), 0o644))
	d, err := loadRun(dir)
	require.NoError(t, err)
	require.NotNil(t, d.reported)
	assert.Equal(t, "reported cases per week", d.reported.what)
	assert.Equal(t, 7, d.reported.days)
	assert.True(t, d.reported.endDated)
	require.NotNil(t, d.incidence)
	assert.Equal(t, 1, d.incidence.days)
	assert.False(t, d.incidence.endDated)
	_, err = Render(dir, filepath.Join(dir, "plots"), Options{})
	require.NoError(t, err)
}
