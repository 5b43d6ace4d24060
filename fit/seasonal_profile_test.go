package fit

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWeekOfYear: weeks are 7-day blocks from Jan 1; days 365 and 366
// (Dec 31, and Dec 30 of a leap year) count in week 52.
func TestWeekOfYear(t *testing.T) {
	for _, tc := range []struct {
		date string
		want int
	}{
		{"1950-01-01", 1}, {"1950-01-07", 1}, {"1950-01-08", 2}, {"1950-02-25", 8}, {"1950-04-08", 14},
		{"1950-12-23", 51}, {"1950-12-24", 52}, {"1950-12-31", 52}, {"1952-12-30", 52}, {"1952-12-31", 52},
	} {
		d, err := time.Parse(time.DateOnly, tc.date)
		require.NoError(t, err)
		assert.Equal(t, tc.want, WeekOfYear(d), tc.date)
	}
}

// TestSeasonalProfile checks the mean weekly profile on six reports by
// hand: week 1 has 10 and 30 observed (mean 20) against simulated means 12
// and 28 (20); week 2 has 20 against 18, its missing report (and that
// report's simulated mean, 100) left out; week 52 holds Dec 31 of 1950 and
// of leap 1952, 4 and 8 (6) against 5 and 7 (6). The correlation of
// (20, 20, 6) and (20, 18, 6) is 1092/√(1176·1032) (deviations ×3: (14, 14,
// −28) and (16, 10, −26)); both max/min ratios 20/6; both peaks in week 1
// (the first of week 1 and 2's tie in the data).
func TestSeasonalProfile(t *testing.T) {
	var dates []time.Time
	for _, s := range []string{"1950-01-06", "1950-01-13", "1950-12-31", "1951-01-05", "1951-01-12", "1952-12-31"} {
		d, err := time.Parse(time.DateOnly, s)
		require.NoError(t, err)
		dates = append(dates, d)
	}
	sim := &Simulation{Places: []string{"A"}, Dates: dates, Reports: [][]int64{{10, 20, 4, 30, Missing, 8}},
		Mean: [][]float64{{12, 18, 5, 28, 100, 7}}}
	sp := NewSeasonalProfile(sim)
	assert.Equal(t, 2, sp.Reports[0][0])
	assert.Equal(t, 1, sp.Reports[0][1])
	assert.Equal(t, 2, sp.Reports[0][51])
	assert.Equal(t, []float64{20, 20, 6}, []float64{sp.Observed[0][0], sp.Observed[0][1], sp.Observed[0][51]})
	assert.Equal(t, []float64{20, 18, 6}, []float64{sp.Simulated[0][0], sp.Simulated[0][1], sp.Simulated[0][51]})
	assert.True(t, math.IsNaN(sp.Observed[0][10]), "a week without reports")
	s := sp.Summary(0)
	assert.InDelta(t, 1092/math.Sqrt(1176*1032), float64(s.Correlation), 1e-15)
	assert.InDelta(t, 20.0/6, float64(s.ObservedMaxMin), 1e-15)
	assert.InDelta(t, 20.0/6, float64(s.SimulatedMaxMin), 1e-15)
	assert.Equal(t, 1, s.ObservedPeakWeek)
	assert.Equal(t, 1, s.SimulatedPeakWeek)

	dir := t.TempDir()
	o := &Output{Dir: dir}
	require.NoError(t, o.SeasonalProfile(sp))
	lines := strings.Split(string(readOutput(t, filepath.Join(dir, SeasonalProfileFile))), "\n")
	assert.Equal(t, []string{"place,week,reports,observed,simulated", "A,1,2,20,20", "A,2,1,20,18", "A,3,0,NA,NA"}, lines[:4])
	assert.Equal(t, "A,52,2,6,6", lines[52])
	var sums []ProfileSummary
	require.NoError(t, json.Unmarshal(readOutput(t, filepath.Join(dir, SeasonalSummaryFile)), &sums))
	assert.Equal(t, []ProfileSummary{s}, sums)
}
