package plot

import (
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/fit"
)

// pngSize decodes the PNG at path and returns its size in pixels.
func pngSize(t *testing.T, path string) (int, int) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img.Bounds().Dx(), img.Bounds().Dy()
}

func TestFitTrace(t *testing.T) {
	r := &fit.IF2Result{}
	for m := 1; m <= 20; m++ {
		x := float64(m)
		r.Trace = append(r.Trace, fit.IF2Iteration{Iteration: m, LogLik: -4000 + 200*(1-math.Exp(-x/4)),
			Params: map[string]float64{"r0": 30 + x, "rho": 0.4 + x/100, "psi": 0.1, "S_0": 0.03, "iota": 2}})
	}
	path := filepath.Join(t.TempDir(), "trace.png")
	require.NoError(t, FitTrace(path, r, []string{"r0", "rho", "psi", "S_0", "iota"}, "IF2 trace", Options{}))
	w, h := pngSize(t, path)
	assert.Equal(t, []int{1200, 750}, []int{w, h}, "two rows of three panels fit the default size")
	names := []string{"r0", "rho", "psi", "S_0", "iota", "a", "b", "c", "d"}
	require.NoError(t, FitTrace(path, r, names, "IF2 trace", Options{}))
	_, h = pngSize(t, path)
	assert.InDelta(t, (4*fitPanelHeight + fitTitleHeight).Dots(DefaultDPI), h, 1, "four rows: taller")
	assert.ErrorContains(t, FitTrace(path, &fit.IF2Result{}, nil, "", Options{}), "without iterations")
}

// testSimulation is a simulation of n places over 30 weekly reports.
func testSimulation(n int) *fit.Simulation {
	s := &fit.Simulation{Probs: fit.SimulationProbs}
	d := time.Date(1950, 1, 6, 0, 0, 0, 0, time.UTC)
	for k := range 30 {
		s.Dates = append(s.Dates, d.AddDate(0, 0, 7*k))
	}
	for p := range n {
		s.Places = append(s.Places, string(rune('A'+p)))
		var reports []int64
		var q [][]float64
		for k := range 30 {
			m := float64(10*(p+1)) * (1 + math.Sin(float64(k)/4))
			reports = append(reports, int64(m*1.1))
			q = append(q, []float64{0.3 * m, 0.6 * m, m, 1.5 * m, 2 * m})
		}
		reports[5] = fit.Missing
		s.Reports, s.Simulated, s.Cases = append(s.Reports, reports), append(s.Simulated, q), append(s.Cases, q)
	}
	return s
}

func TestFitBands(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.png")
	require.NoError(t, FitBands(one, testSimulation(1), "fit", Options{}))
	w, h := pngSize(t, one)
	assert.Equal(t, 1200, w)
	assert.Equal(t, 750, h, "one place: the default size")
	many := filepath.Join(dir, "many.svg")
	require.NoError(t, FitBands(many, testSimulation(8), "fit", Options{SVG: true}))
	svg, err := os.ReadFile(many)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "6 of 8 places (most reports)")
	assert.NotContains(t, string(svg), ">A<", "the places with the fewest reports are left out")
	assert.True(t, strings.HasPrefix(string(svg), "<?xml"))
	assert.Equal(t, []int{0, 2}, mostReported([][]int64{{5}, {1}, {3, fit.Missing}}, 2))
	assert.Equal(t, "per week", perPeriod(7))
	assert.Equal(t, "per 2 weeks", perPeriod(14))
	assert.Equal(t, "per 10 days", perPeriod(10))
}

func TestFitProfile(t *testing.T) {
	dir := t.TempDir()
	var values, logliks []float64
	r := &fit.ProfileResult{Parameter: "r0"}
	for i := range 12 {
		v := 40 + 2*float64(i)
		ll := -100 - 0.05*(v-55)*(v-55) + 0.3*math.Sin(float64(i))
		values, logliks = append(values, v), append(logliks, ll)
		p := fit.ProfilePoint{Index: i, Value: v, LogLik: ll}
		r.Points = append(r.Points, p, fit.ProfilePoint{Index: 100 + i, Value: v, Start: 1, LogLik: ll - 3})
		r.Best = append(r.Best, p)
	}
	r.Points[3].LogLik = -1e4 // a failed search: drawn at the floor
	m, err := fit.MCAP(values, logliks, 0.95)
	require.NoError(t, err)
	r.MCAP = m
	path := filepath.Join(dir, "profile.png")
	require.NoError(t, FitProfile(path, r, Options{}))
	w, h := pngSize(t, path)
	assert.Equal(t, []int{1200, 750}, []int{w, h})

	r.MCAP = nil
	r.Points, r.Best = r.Points[:4], r.Best[:2]
	require.NoError(t, FitProfile(path, r, Options{}))
	assert.ErrorContains(t, FitProfile(path, &fit.ProfileResult{Parameter: "r0"}, Options{}), "without points")
	r.Points = []fit.ProfilePoint{{Value: 1, LogLik: math.Inf(-1)}}
	assert.ErrorContains(t, FitProfile(path, r, Options{}), "no finite log-likelihood")
}

// TestFitSeasonalProfile draws the mean weekly profile of one place (the
// default size) and of eight (six panels, SVG), and refuses a profile
// without places.
func TestFitSeasonalProfile(t *testing.T) {
	dir := t.TempDir()
	sp := fit.NewSeasonalProfile(seasonalSimulation(1))
	one := filepath.Join(dir, "one.png")
	require.NoError(t, FitSeasonalProfile(one, sp, "profile", Options{}))
	w, h := pngSize(t, one)
	assert.Equal(t, 1200, w)
	assert.Equal(t, 750, h)
	many := filepath.Join(dir, "many.svg")
	require.NoError(t, FitSeasonalProfile(many, fit.NewSeasonalProfile(seasonalSimulation(8)), "profile", Options{SVG: true}))
	svg, err := os.ReadFile(many)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "P5: correlation")
	assert.NotContains(t, string(svg), "P6: correlation", "six panels at most")
	require.Error(t, FitSeasonalProfile(filepath.Join(dir, "none.png"), &fit.SeasonalProfile{}, "profile", Options{}))
}

// seasonalSimulation is a simulation of n places P0 … over two years of
// weekly reports whose data and simulated means follow two seasonal waves.
func seasonalSimulation(n int) *fit.Simulation {
	s := &fit.Simulation{}
	start := time.Date(1950, 1, 6, 0, 0, 0, 0, time.UTC)
	for k := range 104 {
		s.Dates = append(s.Dates, start.AddDate(0, 0, 7*k))
	}
	for pl := range n {
		s.Places = append(s.Places, fmt.Sprintf("P%d", pl))
		var obs []int64
		var mean []float64
		for k := range s.Dates {
			x := 2 * math.Pi * float64(k) / 52
			obs = append(obs, int64(100+80*math.Cos(x)))
			mean = append(mean, 100+50*math.Cos(x-0.5))
		}
		s.Reports, s.Mean = append(s.Reports, obs), append(s.Mean, mean)
	}
	return s
}
