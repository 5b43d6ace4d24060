package view_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/browsertest"
	"github.com/rubeola/rubeola/view"
)

// syntheticPayload is a page's data made up for the page's own test: a 8 × 6
// grid of towns (populations log-uniform from 2 000 to 10⁶, seeded) over 104
// weeks, a wave of infection travelling west to east, an ensemble band, admin
// boundaries (the grid's cell edges) and a fit with an IF2 trace. The numbers
// only need to differ between patches and weeks; no model made them.
func syntheticPayload() (*view.Payload, []string) {
	const cols, rows, weeks = 8, 6, 104
	n := cols * rows
	rng := rand.New(rand.NewPCG(36, 1))
	ids := make([]string, n)
	lon, lat, pop := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		ids[i] = fmt.Sprintf("town_%02d", i)
		lon[i] = -5 + float64(i%cols)*0.8 + 0.3*rng.Float64()
		lat[i] = 50 + float64(i/cols)*0.8 + 0.3*rng.Float64()
		pop[i] = math.Round(2000 * math.Pow(500, rng.Float64()))
	}
	comps := []string{"S", "E", "I", "R"}
	st := map[string][]float64{}
	for _, c := range comps {
		st[c] = make([]float64, n*weeks)
	}
	cases := make([]float64, n*weeks)
	dates := make([]string, weeks)
	start := time.Date(1950, 1, 7, 0, 0, 0, 0, time.UTC)
	tot := &view.Totals{Compartments: comps, States: map[string][]view.JSONNumber{}}
	totals := map[string][]float64{}
	for _, c := range comps {
		totals[c] = make([]float64, weeks)
	}
	totalCases := make([]float64, weeks)
	for w := range weeks {
		dates[w] = start.AddDate(0, 0, 7*w).Format(time.DateOnly)
		for i := range n {
			peak := 20 + 8*(lon[i]+5) // weeks: the wave moves east
			inf := pop[i] * 0.004 * math.Exp(-math.Pow(float64(w)-peak, 2)/30)
			rec := pop[i] * 0.1 * (1 + math.Erf((float64(w)-peak)/5)) / 2
			k := w*n + i
			st["I"][k], st["E"][k], st["R"][k] = math.Round(inf), math.Round(0.8*inf), math.Round(rec)
			st["S"][k] = pop[i] - st["I"][k] - st["E"][k] - st["R"][k]
			cases[k] = math.Round(0.7 * inf)
			for _, c := range comps {
				totals[c][w] += st[c][k]
			}
			totalCases[w] += cases[k]
		}
	}
	enc := map[string]view.Floats{}
	for _, c := range comps {
		enc[c] = view.EncodeFloats(st[c])
		tot.States[c] = nums(totals[c])
	}
	tot.Cases = nums(totalCases)
	casesF := view.EncodeFloats(cases)
	band := view.Band{Name: "cases", What: "reported cases", Replicates: 20, Period: "week", Dates: dates}
	for q, f := range map[*[]view.JSONNumber]float64{&band.Q05: 0.7, &band.Q25: 0.9, &band.Q50: 1, &band.Q75: 1.1, &band.Q95: 1.3} {
		*q = nums(scaled(totalCases, f))
	}
	var xy []float64
	var starts []int
	for c := 0; c <= cols; c++ { // meridians of the grid
		starts = append(starts, len(xy)/2)
		x := -5 + float64(c)*0.8 - 0.05
		xy = append(xy, x*kmPerLon, 49.95*kmPerLat, x*kmPerLon, (49.95+float64(rows)*0.8)*kmPerLat)
	}
	fitDates := dates[:52]
	report := scaled(totalCases[:52], 0.5)
	report[10] = math.NaN() // a missing report: null in JSON, a gap in the chart
	p := &view.Payload{
		Kind: "run", Title: "Synthetic towns (page test)", Subtitle: "48 patches, 104 weeks", Period: "week", Dates: dates,
		Map: &view.MapData{N: n, IDs: ids, X: view.EncodeFloats(km(lon, kmPerLon)), Y: view.EncodeFloats(km(lat, kmPerLat)),
			Pop: view.EncodeFloats(pop), Projection: "plate carrée at 52.5°N", Compartments: comps, States: enc, Cases: &casesF, CasesLabel: "reported cases", Unit: "patches"},
		Totals:     tot,
		Ensemble:   []view.Band{band},
		Boundaries: &view.Boundaries{Starts: starts, XY: view.EncodeFloats(xy)},
		Fit: &view.FitData{Places: []string{"all"}, Dates: fitDates, Report: [][]view.JSONNumber{nums(report)},
			Q025: [][]view.JSONNumber{nums(scaled(totalCases[:52], 0.3))}, Q10: [][]view.JSONNumber{nums(scaled(totalCases[:52], 0.4))},
			Q50: [][]view.JSONNumber{nums(scaled(totalCases[:52], 0.5))}, Q90: [][]view.JSONNumber{nums(scaled(totalCases[:52], 0.6))},
			Q975: [][]view.JSONNumber{nums(scaled(totalCases[:52], 0.7))},
			Trace: &view.Trace{Iteration: nums([]float64{1, 2, 3, 4}), Series: []view.TraceSeries{
				{Name: "loglik", Values: nums([]float64{-900, -850, -830, -826})}, {Name: "r0", Values: nums([]float64{40, 45, 52, 55})}}}},
	}
	return p, ids
}

// Degrees to km at 52.5°N (a plate carrée is enough for made-up towns):
// 111.2 km per degree of latitude, times cos 52.5° ≈ 0.609 for longitude.
const (
	kmPerLat = 111.2
	kmPerLon = 111.2 * 0.609
)

func km(deg []float64, per float64) []float64 {
	out := make([]float64, len(deg))
	for i, d := range deg {
		out[i] = d * per
	}
	return out
}

func nums(xs []float64) []view.JSONNumber {
	out := make([]view.JSONNumber, len(xs))
	for i, x := range xs {
		out[i] = view.JSONNumber(x)
	}
	return out
}

func scaled(xs []float64, f float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Round(f * x)
	}
	return out
}

// TestPageInBrowser opens a page of made-up data in headless Chromium and
// runs every interactive check, with the fit panel and the ensemble bands
// shown too.
func TestPageInBrowser(t *testing.T) {
	p, ids := syntheticPayload()
	path := filepath.Join(t.TempDir(), "index.html")
	var b strings.Builder
	require.NoError(t, view.WritePage(&b, p))
	browsertest.NoWebAddress(t, b.String())
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	page := browsertest.Open(t, path, 1400, 1000)
	s := page.State()
	require.Equal(t, "run", s.Kind)
	// Charts: the ensemble's band of cases (an ensemble shows its bands, not
	// the totals); the fit; the trace of loglik and r0.
	require.Equal(t, 4, s.Charts, "charts drawn")
	browsertest.CheckMap(t, page, browsertest.MapWant{Patches: len(ids), IDs: ids})
}
