package mapdata

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// threeTowns are three patches with round numbers.
var threeTowns = []testPatch{{"big", 51.5, -0.1, 100_000}, {"mid", 52.5, -1.9, 10_000}, {"small", 53.4, -2.2, 1000}}

func TestLoadPeriods(t *testing.T) {
	// I = patch + tick: the mean of a period's ticks and its sum are easy
	// to write down.
	inf := func(p, k int) int64 { return int64(10*p + k) }
	for _, c := range []struct {
		name        string
		run         testRun
		opts        Options
		periodTicks int
		periods     int
		dropped     int
		hasCases    bool
	}{
		// 20 daily ticks, weeks: 2 full weeks, 6 days left out.
		{"daily ticks, weekly periods", testRun{patches: threeTowns, ticks: 20, stepDays: 1, infected: inf}, Options{}, 7, 2, 6, false},
		// Biweekly ticks: one tick a period.
		{"biweekly ticks", testRun{patches: threeTowns, ticks: 5, stepDays: 14, infected: inf}, Options{}, 1, 5, 0, false},
		// Cases of 14-day windows set the period to 14 ticks.
		{"cases windows of 14 days", testRun{patches: threeTowns, ticks: 30, stepDays: 1, caseWindow: 14, infected: inf}, Options{}, 14, 2, 2, true},
		// Cases of 7-day windows: 21 ticks make 3 weeks.
		{"weekly cases", testRun{patches: threeTowns, ticks: 21, stepDays: 1, caseWindow: 7, infected: inf}, Options{}, 7, 3, 0, true},
		// A period of 3 days asked for.
		{"3-day periods", testRun{patches: threeTowns, ticks: 9, stepDays: 1, infected: inf}, Options{PeriodDays: 3}, 3, 3, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := Load(writeTestRun(t, c.run), c.opts)
			require.NoError(t, err)
			assert.Equal(t, c.periodTicks, d.PeriodTicks)
			assert.Equal(t, c.periods, d.Periods())
			assert.Equal(t, c.dropped, d.DroppedTicks)
			assert.Equal(t, c.hasCases, d.Has(Cases))
			assert.Nil(t, d.Grid)
			assert.Equal(t, 3, d.Places.Len())
			start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
			for k := range d.Periods() {
				assert.Equal(t, start.AddDate(0, 0, k*c.periodTicks*c.run.stepDays), d.Dates[k], "first day of period %d", k)
				for p := range 3 {
					first := k * c.periodTicks
					mean, sum := 0.0, 0.0
					for tick := first; tick < first+c.periodTicks; tick++ {
						mean += float64(inf(p, tick)) / float64(c.periodTicks)
						sum += float64(inf(p, tick))
					}
					assert.InDelta(t, mean, d.Frame("I", k)[p], 1e-4, "I: the mean over the period (float32)")
					assert.InDelta(t, float64(threeTowns[p].pop)-mean, d.Frame("S", k)[p], 1e-1, "S: float32 of 10⁵")
					if c.hasCases {
						assert.InDelta(t, sum, d.Frame(Cases, k)[p], 1e-4, "cases: the sum over the period")
					}
				}
			}
			assert.Equal(t, []string{"big", "mid", "small"}, d.Places.IDs)
			assert.Equal(t, []float64{100_000, 10_000, 1000}, d.Places.Pop)
			series := d.Series("I", 1, nil)
			require.Len(t, series, d.Periods())
			assert.InDelta(t, float64(d.Frame("I", 0)[1]), series[0], 0)
			assert.Nil(t, d.Frame("W", 0), "no such state")
		})
	}
}

func TestLoadMeasure(t *testing.T) {
	inf := func(p, k int) int64 { return int64(p + k) }
	d, err := Load(writeTestRun(t, testRun{patches: threeTowns, ticks: 14, stepDays: 1, caseWindow: 7, infected: inf}), Options{})
	require.NoError(t, err)
	m, ok := d.Incidence()
	require.True(t, ok)
	assert.Equal(t, Measure{State: Cases, Label: "reported cases per week", Incidence: true, Scale: 1}, m)

	d, err = Load(writeTestRun(t, testRun{patches: threeTowns, ticks: 4, stepDays: 14, infected: inf}), Options{PeriodDays: 28})
	require.NoError(t, err)
	m, ok = d.Incidence()
	require.True(t, ok)
	assert.Equal(t, Measure{State: "I", Label: "infections per 28 days", Incidence: true, Scale: 2}, m,
		"the biweekly model's I is incidence: the mean of 2 ticks times 2")
}

func TestLoadGrid(t *testing.T) {
	lat, lon, pop := uniformPatches(400)
	patches := make([]testPatch, len(lat))
	for i := range patches {
		patches[i] = testPatch{id: "p" + string(rune('a'+i%26)) + itoa(i), lat: lat[i], lon: lon[i], pop: int64(pop[i])}
	}
	dir := writeTestRun(t, testRun{patches: patches, ticks: 2, stepDays: 14, infected: func(p, k int) int64 { return 1 }})
	d, err := Load(dir, Options{GridThreshold: 100, GridCells: 4})
	require.NoError(t, err)
	require.NotNil(t, d.Grid)
	assert.LessOrEqual(t, d.Places.Len(), 16)
	total := 0.0
	for _, v := range d.Frame("I", 1) {
		total += float64(v)
	}
	assert.Equal(t, 400.0, total, "one infected per patch, summed into cells")
	d, err = Load(dir, Options{GridThreshold: -1})
	require.NoError(t, err)
	assert.Nil(t, d.Grid, "negative threshold: never a grid")
	assert.Equal(t, 400, d.Places.Len())
}

func TestLoadErrors(t *testing.T) {
	inf := func(p, k int) int64 { return 1 }
	dir := writeTestRun(t, testRun{patches: threeTowns, ticks: 2, stepDays: 14, infected: inf})
	for _, c := range []struct {
		name, states, want string
	}{
		{"unknown patch", "tick,date,patch_id,state,count\n0,2000-01-01,elsewhere,S,1\n",
			`row 1, column "patch_id": patch "elsewhere" is not in the scenario`},
		{"bad count", "tick,date,patch_id,state,count\n0,2000-01-01,big,S,x\n",
			`row 1, column "count": "x" is not a count`},
		{"gap", "tick,date,patch_id,state,count\n0,2000-01-01,big,S,1\n2,2000-01-29,big,S,1\n",
			`row 2, column "tick": tick 2 where tick 1 was expected`},
		{"bad date", "tick,date,patch_id,state,count\n0,2000-13-01,big,S,1\n",
			`row 1, column "date": "2000-13-01" is not a date`},
		{"no count column", "tick,date,patch_id,state\n0,2000-01-01,big,S\n", `no column "count"`},
		{"unclosed quote", "tick,date,patch_id,state,count\n0,2000-01-01,\"big,S,1\n", "row 1: unclosed quote"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "states.csv"), []byte(c.states), 0o644))
			_, err := Load(dir, Options{})
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, filepath.Join(dir, "states.csv"), ie.File)
			assert.ErrorContains(t, err, c.want)
		})
	}
	require.NoError(t, os.Remove(filepath.Join(dir, "states.csv")))
	_, err := Load(dir, Options{})
	assert.ErrorIs(t, err, ErrNoPerPatch)
}

func TestLoadQuotedIDs(t *testing.T) {
	patches := []testPatch{{"a,b", 51, -1, 1000}, {`say "hi"`, 52, -2, 2000}}
	dir := writeTestRun(t, testRun{patches: patches, ticks: 1, stepDays: 14, infected: func(p, k int) int64 { return int64(p + 1) }})
	states := "tick,date,patch_id,state,count\n0,2000-01-01,\"a,b\",I,1\n0,2000-01-01,\"say \"\"hi\"\"\",I,2\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "states.csv"), []byte(states), 0o644))
	scn := "id,pop,lat,lon,mcv1\n\"a,b\",1000,51,-1,0\n\"say \"\"hi\"\"\",2000,52,-2,0\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "scenario.csv"), []byte(scn), 0o644))
	d, err := Load(dir, Options{})
	require.NoError(t, err)
	assert.Equal(t, []float32{1, 2}, d.Frame("I", 0))
}
