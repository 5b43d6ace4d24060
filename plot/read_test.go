package plot

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"
)

// TestReadTidyCSVAndParquet reads the same table from CSV and Parquet:
// the aggregates must be equal.
func TestReadTidyCSVAndParquet(t *testing.T) {
	a, b := readStatesBoth(t, fixture{patches: 4, ticks: 10, seed: 7, perPatch: true})
	assert.Equal(t, a.dates, b.dates)
	assert.Equal(t, a.groups, b.groups)
	assert.Equal(t, a.totals, b.totals)
	assert.Equal(t, a.cells, b.cells)
	assert.Equal(t, []string{"S", "I", "R"}, a.states)
	assert.Equal(t, time.Date(2000, 1, 15, 0, 0, 0, 0, time.UTC), a.dates[1], "tick 1 is 14 days after 2000-01-01")
	// Every group's S + I + R at tick 0 is its population (stateCount).
	for g := range a.groups {
		assert.Equal(t, float64(int64(1000*math.Pow(1000, float64(g)/3))), a.startTotal(g), "patch %d", g)
	}
}

func TestReadTidyAggregates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cases.csv")
	require.NoError(t, os.WriteFile(path, []byte("tick,date,patch_id,state,count\n"+
		"0,2000-01-01,a,cases,1\n0,2000-01-01,b,cases,2\n"+
		"1,2000-01-15,b,cases,5\n"+ // a has no row at tick 1: 0
		"2,2000-01-29,a,cases,3\n2,2000-01-29,b,cases,4\n"), 0o644)) // the last tick is complete
	tab, err := readTidy(path, "cases")
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, tab.groups)
	assert.Equal(t, []float64{3, 5, 7}, tab.total("cases"))
	assert.Equal(t, []float64{1, 0, 3}, tab.series("cases", 0))
	assert.Equal(t, []float64{2, 5, 4}, tab.series("cases", 1))
}

func TestReadEnsembleChoosesGlobal(t *testing.T) {
	const header = "tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n"
	for _, tc := range []struct {
		name, content, group string
		q50                  []float64
		noGlobal             bool
	}{
		{"all_patches among groups", header +
			"0,2000-01-01,a,I,1,1,1,1,1,1\n0,2000-01-01,all_patches,I,9,7,8,9,10,11\n0,2000-01-01,all_patches,S,5,5,5,5,5,5\n" +
			"1,2000-01-15,a,I,1,1,1,1,1,1\n1,2000-01-15,all_patches,I,4,2,3,4,5,6\n", "all_patches", []float64{9, 4}, false},
		{"one group", header + "0,2000-01-01,x,I,1,0,1,2,3,4\n", "x", []float64{2}, false},
		{"several groups", header + "0,2000-01-01,a,I,1,1,1,1,1,1\n0,2000-01-01,b,I,1,1,1,1,1,1\n", "", nil, true},
		{"no rows of the state", header + "0,2000-01-01,a,S,1,1,1,1,1,1\n", "", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "states.csv")
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			s, err := readEnsemble(path, "I")
			if tc.noGlobal {
				assert.True(t, errors.Is(err, errNoGlobal), "%v", err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.group, s.group)
			assert.Equal(t, tc.q50, s.q[q50])
		})
	}
}

func TestGroupPopulation(t *testing.T) {
	p := &populations{ids: []string{"e:lon:1", "e:lon:2", "e:man", "w"}, pop: map[string]float64{"e:lon:1": 10, "e:lon:2": 20, "e:man": 5, "w": 1}}
	for _, tc := range []struct {
		group string
		want  float64
	}{
		{"e:lon:1", 10},     // a patch
		{"e:lon", 30},       // aggregation level 1: first two id parts
		{"e", 35},           // level 0
		{"w", 1},            // a patch and its own level-0 group
		{"all_patches", 36}, // level −1
	} {
		assert.Equal(t, tc.want, p.groupPopulation(tc.group), tc.group)
	}
	assert.True(t, math.IsNaN(p.groupPopulation("x")), "no patch in group x")
	assert.True(t, p.arePatches([]string{"w", "e:man"}))
	assert.False(t, p.arePatches([]string{"w", "e"}))
}

func TestDateTicks(t *testing.T) {
	at := func(y int, m time.Month) float64 { return unix(time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)) }
	labels := func(lo, hi float64) []string { return tickLabels(dateTicks(lo, hi)) }
	// 20 years: a label every 2 years (at most 10 labels).
	assert.Equal(t, []string{"2000", "2002", "2004", "2006", "2008", "2010", "2012", "2014", "2016", "2018"}, labels(at(2000, 1), at(2019, 12)))
	// 3 years: every year.
	assert.Equal(t, []string{"2000", "2001", "2002"}, labels(at(2000, 1), at(2002, 12)))
	// 1 year: every 2 months (12 months / 10 labels rounds up to 2).
	assert.Equal(t, []string{"Jan 2000", "Mar 2000", "May 2000", "Jul 2000", "Sep 2000", "Nov 2000"}, labels(at(2000, 1), at(2000, 12)))
}

func TestCountLabel(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 950: "950", 1500: "1.5k", 12000: "12k", 2.46e6: "2.46M", 3e9: "3G", 0.25: "0.25"} {
		assert.Equal(t, want, countLabel(v), "%g", v)
	}
}

func TestCountTicks(t *testing.T) {
	labels := func(lo, hi float64) []string { return tickLabels(countTicks(lo, hi)) }
	// gonum's default ticks over [0, 5] are 0, 2.5, 5: no half a case.
	assert.Equal(t, []string{"0", "5"}, labels(0, 5))
	assert.Equal(t, []string{"0", "0.1", "0.2", "0.3"}, labels(0, 0.35), "below 4 fractions stay")
	assert.Equal(t, []string{"0", "500k", "1M"}, labels(0, 1.2e6))
}

// tickLabels lists the labels of the labelled ticks.
func tickLabels(ticks []plot.Tick) []string {
	var out []string
	for _, tk := range ticks {
		if tk.Label != "" {
			out = append(out, tk.Label)
		}
	}
	return out
}
