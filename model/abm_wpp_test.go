package model_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// chiSquareAlarm is the false-alarm rate of the chi-square checks: 10⁻⁴
// per check (as the rng package's distribution tests).
const chiSquareAlarm = 1e-4

// csvFile writes rows (joined by newlines) to a file of dir and returns
// its path.
func csvFile(t *testing.T, dir, name string, rows ...string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(rows, "\n")+"\n"), 0o644))
	return path
}

// flatTables writes a mortality table of mx deaths per person per year at
// every age 0–150 and a fertility table of cbr births per 1000 per year,
// both for the years 1990–2100, and returns the params using them with
// pyramid.
func flatTables(t *testing.T, pyramid string, mx, cbr float64) abm.WPPVitalParams {
	dir := t.TempDir()
	return abm.WPPVitalParams{CountryCode: "nga", Year: 2000, Pyramid: pyramid,
		Mortality: csvFile(t, dir, "mortality.csv", "year_min,year_max,age_min,age_max,mx", fmt.Sprintf("1990,2100,0,150,%g", mx)),
		Fertility: csvFile(t, dir, "fertility.csv", "year_min,year_max,cbr", fmt.Sprintf("1990,2100,%g", cbr))}
}

// exponentialPyramid writes a pyramid of 5-year bands 0–150 with counts
// ∝ e^(−k·a_lo) − e^(−k·a_hi): the density ∝ e^(−k·a) truncated at 150
// years (k per year).
func exponentialPyramid(t *testing.T, k float64) string {
	rows := []string{"age_min,age_max,count"}
	for a := 0; a < 150; a += 5 {
		rows = append(rows, fmt.Sprintf("%d,%d,%.12g", a, a+5, math.Exp(-k*float64(a))-math.Exp(-k*float64(a+5))))
	}
	return csvFile(t, t.TempDir(), "pyramid.csv", rows...)
}

// ageCounts bins the live agents' ages on day today by the edges (years).
func ageCounts(tab *agents.Table, today int32, edges []float64) []float64 {
	counts := make([]float64, len(edges)-1)
	for id := range tab.Len() {
		if tab.State[id] == agents.Dead {
			continue
		}
		a := float64(today-tab.DOB[id]) / demographics.DaysPerYear
		for i := range counts {
			if a >= edges[i] && a < edges[i+1] {
				counts[i]++
				break
			}
		}
	}
	return counts
}

// chiSquare returns Pearson's statistic of counts against the
// probabilities p (Σp = 1) and the critical value at chiSquareAlarm for
// len(p) − 1 degrees of freedom.
func chiSquare(counts, p []float64) (stat, critical float64) {
	var n float64
	for _, c := range counts {
		n += c
	}
	for i, c := range counts {
		e := n * p[i]
		stat += (c - e) * (c - e) / e
	}
	return stat, distuv.ChiSquared{K: float64(len(p) - 1)}.Quantile(1 - chiSquareAlarm)
}

// tableOf returns the agent table of m (initialised).
func tableOf(t *testing.T, m *model.Model) *agents.Table {
	t.Helper()
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	return tab
}

// TestWPPVitalInitialAgesMatchPyramid: the initial ages follow the
// pyramid's bands (chi-square over the five uneven bands, 4 degrees of
// freedom, false-alarm rate 10⁻⁴) and lie within its 0–105 years.
func TestWPPVitalInitialAgesMatchPyramid(t *testing.T) {
	edges := []float64{0, 1, 5, 15, 50, 105}
	weights := []float64{4, 12, 25, 40, 19} // sum 100: the shares in percent
	rows := []string{"age_min,age_max,count"}
	p := make([]float64, len(weights))
	for i, w := range weights {
		rows = append(rows, fmt.Sprintf("%g,%g,%g", edges[i], edges[i+1], w))
		p[i] = w / 100
	}
	wpp := flatTables(t, csvFile(t, t.TempDir(), "pyramid.csv", rows...), 0.01, 30)
	m := newABM(t, abmScenario(t), abmParams(10, 7), []phases.Factory{abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)})
	require.NoError(t, m.Initialize())
	tab := tableOf(t, m)
	counts := ageCounts(tab, 0, edges)
	var n float64
	for _, c := range counts {
		n += c
	}
	assert.Equal(t, float64(tab.Live()), n, "every agent's age is inside the pyramid")
	stat, critical := chiSquare(counts, p)
	assert.Less(t, stat, critical, "counts %v", counts)
}

// TestWPPVitalCohortLifeExpectancy: a cohort of newborns (a pyramid of
// ages [0, 1 day)) born on 2000-01-01 under a mortality table that changes
// with age and in 2030. Each death day X = ⌈T⌉ with T the time of death,
// so E[X] = Σ_{d ≥ 0} P(T > d) = Σ_d l(d) and E[X²] = Σ_d (2d + 1)·l(d),
// where l(d) = exp(−H(d)) and H(d) = Σ_{s < d} m(age s, year 2000 + s/365)
// (every edge falls on a whole day, so the daily sum is exact); l = 0 from
// the table's last age, 105 years. The mean age at death of 30 000 agents
// must be within 5 standard errors of this life expectancy at birth. Run
// for 10 years, the deaths the calendar fires are exactly the agents whose
// death day came.
func TestWPPVitalCohortLifeExpectancy(t *testing.T) {
	dir := t.TempDir()
	type band struct{ lo, hi, before, after float64 } // ages in years, mx per year before and after 2030
	bands := []band{{0, 1, 0.06, 0.03}, {1, 5, 0.01, 0.005}, {5, 50, 0.004, 0.003}, {50, 80, 0.03, 0.02}, {80, 105, 0.15, 0.12}}
	rows := []string{"year_min,year_max,age_min,age_max,mx"}
	for _, b := range bands {
		rows = append(rows, fmt.Sprintf("1990,2030,%g,%g,%g", b.lo, b.hi, b.before), fmt.Sprintf("2030,2200,%g,%g,%g", b.lo, b.hi, b.after))
	}
	wpp := abm.WPPVitalParams{CountryCode: "nga", Year: 2000,
		Pyramid:   csvFile(t, dir, "pyramid.csv", "age_min,age_max,count", fmt.Sprintf("0,%g,1", 1.0/demographics.DaysPerYear)),
		Mortality: csvFile(t, dir, "mortality.csv", rows...),
		Fertility: csvFile(t, dir, "fertility.csv", "year_min,year_max,cbr", "1990,2200,0")}
	const n = 30_000
	scn, err := scenario.SinglePatch(n, 0)
	require.NoError(t, err)
	m := newABM(t, scn, abmParams(10*365, 3), []phases.Factory{abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)})
	require.NoError(t, m.Initialize())
	tab := tableOf(t, m)

	var mean, second, h float64
	for d := 0; d < 105*365; d++ {
		l := math.Exp(-h)
		mean += l
		second += float64(2*d+1) * l
		age, year := float64(d)/365, 2000+float64(d)/365
		for _, b := range bands {
			if age >= b.lo && age < b.hi {
				h += map[bool]float64{true: b.before, false: b.after}[year < 2030] / 365
			}
		}
	}
	se := math.Sqrt((second - mean*mean) / n)
	var got float64
	var dueIn10 int64
	for id := range n {
		require.Zero(t, tab.DOB[id], "every agent is a newborn")
		got += float64(tab.Death[id])
		if tab.Death[id] < 10*365 {
			dueIn10++
		}
	}
	assert.InDelta(t, mean, got/n, 5*se, "life expectancy at birth %.2f years", mean/365)
	require.NoError(t, m.Run(context.Background()))
	assert.Equal(t, n-dueIn10, tab.Live())
}

// TestWPPVitalConstantMortalityPyramidStaysExponential: with a constant
// hazard m = 20 and births b = 40 per 1000 per year, the stable age
// density is ∝ e^(−k·a) on [0, 150) with b·(1 − e^(−150k))/k = 1 (Lotka;
// k = 0.0399 per year, the growth r = k − m). Starting from it, after 30
// years the ages still follow it: chi-square over ten 10-year bins and
// one of 100–150 years (about 1.6 % of the agents), 10 degrees of freedom,
// false-alarm rate 10⁻⁴. The population grew by e^(30·r) (within 2 %:
// 5 sd of the births' Poisson noise is ≈ 1 %).
func TestWPPVitalConstantMortalityPyramidStaysExponential(t *testing.T) {
	const b, mu, years = 0.04, 0.02, 30
	k := b
	for range 50 { // fixed point k = b·(1 − e^(−150k)), a contraction here
		k = b * -math.Expm1(-150*k)
	}
	wpp := flatTables(t, exponentialPyramid(t, k), mu, 1000*b)
	scn := abmScenario(t)
	m := newABM(t, scn, abmParams(years*365, 8), []phases.Factory{abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)})
	require.NoError(t, m.Run(context.Background()))
	tab := tableOf(t, m)
	edges := []float64{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 150}
	p := make([]float64, len(edges)-1)
	for i := range p {
		p[i] = (math.Exp(-k*edges[i]) - math.Exp(-k*edges[i+1])) / -math.Expm1(-150*k)
	}
	stat, critical := chiSquare(ageCounts(tab, years*365, edges), p)
	assert.Less(t, stat, critical)
	assert.InEpsilon(t, float64(scn.TotalPop())*math.Exp((k-mu)*years), float64(tab.Live()), 0.02)
}

// TestWPPVitalBirthsMatchFertility: each day's births are Poisson of mean
// f(date)·N (N the start-of-day population, f the fertility table's rate
// of the date: 30 per 1000 per year until 2005, 45 until 2008, 0 after),
// so over 10 years Σ births has mean Σ_t f(t)·N_t and sd √(Σ_t f(t)·N_t);
// the tolerance is 5 sd. From 2008 on there is no birth at all.
func TestWPPVitalBirthsMatchFertility(t *testing.T) {
	dir := t.TempDir()
	wpp := flatTables(t, exponentialPyramid(t, 0.03), 0.015, 0)
	wpp.Fertility = csvFile(t, dir, "fertility.csv", "year_min,year_max,cbr", "1990,2005,30", "2005,2008,45", "2008,2100,0")
	var expected, births, late float64
	before := phases.Func("expected births", func(m phases.Model, tick int) error {
		var pop int64
		for _, c := range [][]int64{m.World().S(), m.World().E(), m.World().I(), m.World().R()} {
			pop += sum(c)
		}
		f := 30.0
		switch y := 2000 + float64(tick)/365; {
		case y >= 2008:
			f = 0
		case y >= 2005:
			f = 45
		}
		expected += f / 1000 / 365 * float64(pop)
		return nil
	})
	after := phases.Func("births", func(m phases.Model, tick int) error {
		n := float64(sum(ecs.FlowsOf(m.World()).Births))
		births += n
		if tick >= 8*365 {
			late += n
		}
		return nil
	})
	m := newABM(t, abmScenario(t), abmParams(10*365, 4), []phases.Factory{before, abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables), after})
	require.NoError(t, m.Run(context.Background()))
	assert.InDelta(t, expected, births, 5*math.Sqrt(expected))
	assert.Zero(t, late, "no births from 2008")
}

// wppSchedule is a schedule with WPP vital dynamics from flat tables,
// equilibrium immunity by age, seeding and transmission.
func wppSchedule(t *testing.T) ([]string, []phases.Factory) {
	wpp := flatTables(t, exponentialPyramid(t, 0.03), 0.015, 35)
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 2
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 20
	return []string{"wpp vital", "equilibrium", "seeding", "infection"}, []phases.Factory{
		abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables), abm.NewInitializeEquilibriumStates(nil),
		abm.NewInfectionSeeding(&seed), abm.NewABMInfection(&infection)}
}

// TestWPPVitalCountsEqualAgents checks after the initialisers and after
// every phase of every tick that the patch counts equal the agents'.
func TestWPPVitalCountsEqualAgents(t *testing.T) {
	names, fs := wppSchedule(t)
	m := newABM(t, abmScenario(t), abmParams(120, 11), withChecks(names, fs))
	require.NoError(t, m.Initialize())
	require.NoError(t, agents.CheckCounts(tableOf(t, m), m.World()), "after the initialisers")
	require.NoError(t, m.Run(context.Background()))
	assert.Positive(t, sum(ecs.FlowsOf(m.World()).Births)+sum(m.World().R()))
}

// TestWPPVitalDeterministicAcrossWorkers: 1 and 2 workers (Parallel on)
// give identical agents and counts, with more than two blocks of initial
// ages (AgeBlockAgents = 65 536 agents each).
func TestWPPVitalDeterministicAcrossWorkers(t *testing.T) {
	scn := abmScenario(t)
	for j := range scn.Pop {
		scn.Pop[j] *= 5 // about 180 000 agents
	}
	require.Greater(t, scn.TotalPop(), int64(2*abm.AgeBlockAgents))
	var prints []abmFingerprint
	for _, workers := range []int{1, 2} {
		_, fs := wppSchedule(t)
		p := abmParams(60, 3)
		p.Parallel = true
		m := newABM(t, scn, p, fs, model.WithWorkers(workers))
		require.NoError(t, m.Run(context.Background()))
		prints = append(prints, fingerprint(t, m))
	}
	assert.Equal(t, prints[0], prints[1])
}

// TestWPPVitalRefusesBadTables: a mortality table with a gap, and runs
// whose dates leave the tables (a start before them, an end after them),
// are named errors when the model is built.
func TestWPPVitalRefusesBadTables(t *testing.T) {
	dir := t.TempDir()
	gap := csvFile(t, dir, "gap.csv", "year_min,year_max,age_min,age_max,mx", "1990,2100,0,5,0.01", "1990,2100,10,105,0.02")
	short := csvFile(t, dir, "short.csv", "year_min,year_max,cbr", "2000,2010,30")
	late := csvFile(t, dir, "late.csv", "year_min,year_max,cbr", "2001,2100,30")
	cases := []struct {
		name  string
		edit  func(p *abm.WPPVitalParams)
		ticks int
		want  string
	}{
		{"gap", func(p *abm.WPPVitalParams) { p.Mortality = gap }, 10, `mortality = "` + gap + `"`},
		{"past the end", func(p *abm.WPPVitalParams) { p.Fertility = short }, 20 * 365, "2000 to 2020"},
		{"before the start", func(p *abm.WPPVitalParams) { p.Fertility = late }, 10, "year out of range: 2000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wpp := flatTables(t, exponentialPyramid(t, 0.03), 0.015, 35)
			c.edit(&wpp)
			m, err := model.NewABM(abmScenario(t), abmParams(c.ticks, 1))
			require.NoError(t, err)
			err = m.SetComponents(abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables))
			require.Error(t, err)
			assert.Contains(t, err.Error(), abm.WPPVitalDynamicsName)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestABMVitalMaxAge: the crude VitalDynamics' initial ages follow the
// stable density ∝ e^(−k·a) truncated at max_age A = 100 years, k solving
// b·(1 − e^(−kA))/k = 1 (b = 20 per 1000 per year: k = 0.0159), of mean
// 1/k − A/(e^(kA) − 1) = 37.2 years (sd ≈ 26 years: 5 standard errors over
// ~34 000 agents are 0.7 years; tolerance 1 year). No agent is older than
// A, and every scheduled death falls at the latest on the 100th birthday.
func TestABMVitalMaxAge(t *testing.T) {
	const b, maxAge = 0.02, 100.0
	k := b
	for range 200 {
		k = b * -math.Expm1(-maxAge*k)
	}
	m := newABM(t, abmScenario(t), abmParams(365, 2), []phases.Factory{abm.NewABMVitalDynamics(nil)})
	require.NoError(t, m.Initialize())
	tab := tableOf(t, m)
	assert.InDelta(t, 1/k-maxAge/math.Expm1(k*maxAge), meanAge(tab, 0), 1)
	for id := range tab.Len() {
		require.Less(t, -tab.DOB[id], int32(maxAge*365), "agent %d", id)
		require.LessOrEqual(t, tab.Death[id]-tab.DOB[id], int32(maxAge*365), "agent %d", id)
	}
	require.NoError(t, m.Run(context.Background()))
	assert.Less(t, tab.Len(), tab.Cap(), "the capacity plan holds")
}
