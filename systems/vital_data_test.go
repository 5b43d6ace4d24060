package systems_test

import (
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// vitalRecord runs VitalDynamics with p over scn for p's ticks and returns
// the model and each tick's per-patch births and deaths (after the step)
// and populations (before it).
func vitalRecord(t *testing.T, scn *scenario.Table, rp params.BiweeklyParams, p systems.VitalDynamicsParams) (m *model.Model, births, deaths, pops [][]int64) {
	t.Helper()
	var vd *systems.VitalDynamics
	before := phases.Func("Before", func(m phases.Model, _ int) error {
		w := m.World()
		row := make([]int64, w.Len())
		for j := range row {
			row[j] = w.S()[j] + w.I()[j] + w.R()[j]
		}
		pops = append(pops, row)
		return nil
	})
	after := phases.Func("After", func(phases.Model, int) error {
		births = append(births, vd.Births())
		deaths = append(deaths, vd.Deaths())
		return nil
	})
	m, err := model.NewBiweekly(scn, rp, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(before, systems.NewVitalDynamics(&p), after))
	vd = model.InstancesOf[*systems.VitalDynamics](m)[0]
	require.NoError(t, m.Run(t.Context()))
	return m, births, deaths, pops
}

// column sums patch j's entries over the ticks.
func column(rows [][]int64, j int) int64 {
	var s int64
	for _, r := range rows {
		s += r[j]
	}
	return s
}

// TestBirthsFromScenario: births = deaths = "scenario" over 26 ticks give
// per patch yearly·26·step/365 births and deaths in expectation (3640 and
// 1820 in patch a, 728 and 0 in b for the biweekly step); each total is a
// sum of independent Poisson draws, so it is checked within 5 SE = 5·√mean.
func TestBirthsFromScenario(t *testing.T) {
	scn := withColumn(t, table(t, []string{"a", "b"}, []int64{100000, 50000}), "births_per_year", "3650", "730")
	scn = withColumn(t, scn, "deaths_per_year", "1825", "0")
	p := systems.DefaultVitalDynamicsParams()
	p.Births, p.Deaths = "scenario", "scenario"
	m, births, deaths, _ := vitalRecord(t, scn, quietParams(26, 3), p)
	years := float64(26*m.TimeStepDays()) / 365
	for j, c := range []struct{ b, d float64 }{{3650, 1825}, {730, 0}} {
		assert.InDelta(t, c.b*years, float64(column(births, j)), 5*math.Sqrt(c.b*years), "births, patch %d", j)
		assert.InDelta(t, c.d*years, float64(column(deaths, j)), 5*math.Sqrt(c.d*years)+1e-9, "deaths, patch %d", j)
	}
}

// growingTable is a births table of patches a and b over 1999…2021 with
// figures linear in the year: births 3000 + 100·(y − 1999) and deaths 1000
// + 50·(y − 1999) in a, a tenth of that in b.
func growingTable() string {
	var sb strings.Builder
	sb.WriteString("id,year,births,deaths\n")
	for y := 1999; y <= 2021; y++ {
		k := float64(y - 1999)
		fmt.Fprintf(&sb, "a,%d,%g,%g\nb,%d,%g,%g\n", y, 3000+100*k, 1000+50*k, y, 300+10*k, 100+5*k)
	}
	return sb.String()
}

// TestPopulationFollowsTable: births and deaths from a table, 20 years of
// biweekly ticks from January 2000 (520 ticks, to 2019-12-07). The final
// population of each patch is N0 + Σ_t (B_t − D_t) with B_t, D_t the
// table's interpolated yearly figures at each tick × step/365, within 5 SD
// of the Poisson noise √(ΣB + ΣD) (no death is clamped: every compartment
// is far larger than its deaths). It is also within that plus the net
// births of the 25 days of 2019 the run does not reach of N0 + Σ_years
// (B_y − D_y) for 2000…2019: for figures linear in the year, the
// interpolated rate integrates over a calendar year to the year's figure.
func TestPopulationFollowsTable(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "vital.csv", growingTable())
	scn := table(t, []string{"a", "b"}, []int64{100000, 20000})
	tab := must(systems.LoadVitalTableFile(path, scn))
	p := systems.DefaultVitalDynamicsParams()
	p.Births, p.Deaths = path, path
	rp := quietParams(520, 11)
	rp.StartTime = "2000-01"
	m, _, _, _ := vitalRecord(t, scn, rp, p)
	perTick := float64(m.TimeStepDays()) / 365
	for j := range scn.Len() {
		var sb, sd float64
		for tick := range 520 {
			sb += tab.Births.At(j, m.TickDate(tick)) * perTick
			sd += tab.Deaths.At(j, m.TickDate(tick)) * perTick
		}
		var yb, yd float64
		for y := 2000; y <= 2019; y++ {
			yb += tab.Births.At(j, time.Date(y, 7, 2, 0, 0, 0, 0, time.UTC))
			yd += tab.Deaths.At(j, time.Date(y, 7, 2, 0, 0, 0, 0, time.UTC))
		}
		got := float64(m.Patches().Get(j).N())
		n0 := float64(scn.Pop[j])
		sd5 := 5 * math.Sqrt(sb+sd)
		assert.InDelta(t, n0+sb-sd, got, sd5, "patch %d: per-tick expectation", j)
		short := (tab.Births.At(j, day("2019-12-20")) - tab.Deaths.At(j, day("2019-12-20"))) * 25 / 365
		assert.InDelta(t, n0+yb-yd, got, sd5+short, "patch %d: the table's yearly sums", j)
	}
}

// TestBirthsFromTableInterpolated: over one year from July 2000 the births
// of patch a follow the interpolated table: expected Σ_t B(t)·step/365
// (about 3100·364/365), within 5 SE.
func TestBirthsFromTableInterpolated(t *testing.T) {
	path := writeFile(t, t.TempDir(), "vital.csv", growingTable())
	scn := table(t, []string{"a", "b"}, []int64{100000, 20000})
	tab := must(systems.LoadVitalTableFile(path, scn))
	p := systems.DefaultVitalDynamicsParams()
	p.Births = path
	rp := quietParams(26, 5)
	rp.StartTime = "2000-07"
	m, births, _, _ := vitalRecord(t, scn, rp, p)
	var want float64
	for tick := range 26 {
		want += tab.Births.At(0, m.TickDate(tick)) * float64(m.TimeStepDays()) / 365
	}
	assert.InDelta(t, want, float64(column(births, 0)), 5*math.Sqrt(want))
}

// cohortTick returns the tick whose days hold September 1 of the run's
// first year, found from the model's dates.
func cohortTick(t *testing.T, m *model.Model, ticks int) int {
	t.Helper()
	for tick := range ticks {
		start := m.TickDate(tick)
		sep1 := time.Date(start.Year(), time.September, 1, 0, 0, 0, 0, time.UTC)
		if !sep1.Before(start) && sep1.Before(start.AddDate(0, 0, m.TimeStepDays())) {
			return tick
		}
	}
	t.Fatal("no tick holds September 1")
	return -1
}

// TestCohortBirths: with cohort {share 0.7, day 09-01}, the tick holding
// 1 September has mean births 0.7·B + 0.3·B·step/365 (B = 36 500 per year:
// 25 970 biweekly) and every other tick 0.3·B·step/365 (420); each tick is
// checked within 5 SE = 5·√mean (26 ticks: a false alarm has probability
// below 26 × 6·10⁻⁷).
func TestCohortBirths(t *testing.T) {
	scn := withColumn(t, table(t, []string{"a"}, []int64{1_000_000}), "births_per_year", "36500")
	p := systems.DefaultVitalDynamicsParams()
	p.Births = "scenario"
	p.Cohort = &systems.Cohort{Share: 0.7, Day: "09-01"}
	rp := quietParams(26, 8)
	rp.StartTime = "2023-01"
	m, births, _, _ := vitalRecord(t, scn, rp, p)
	perTick := 36500 * float64(m.TimeStepDays()) / 365
	ct := cohortTick(t, m, 26)
	for tick, b := range births {
		want := 0.3 * perTick
		if tick == ct {
			want += 0.7 * 36500
		}
		assert.InDelta(t, want, float64(b[0]), 5*math.Sqrt(want), "tick %d (cohort tick %d)", tick, ct)
	}
}

// TestCohortCrudeBirths: with crude births the cohort tick's mean births
// are N·(0.3·λ_b + 0.7·cbr/1000) and the others' N·0.3·λ_b, N the
// population at the start of the tick; checked within 5 SE per tick.
func TestCohortCrudeBirths(t *testing.T) {
	scn := table(t, []string{"a"}, []int64{1_000_000})
	p := systems.DefaultVitalDynamicsParams()
	p.Cohort = &systems.Cohort{Share: 0.7, Day: "09-01"}
	rp := quietParams(26, 12)
	rp.StartTime = "2023-01"
	m, births, _, pops := vitalRecord(t, scn, rp, p)
	ct := cohortTick(t, m, 26)
	lb := p.BirthRate(m.TimeStepDays())
	for tick, b := range births {
		rate := 0.3 * lb
		if tick == ct {
			rate += 0.7 * p.CrudeBirthRate / 1000
		}
		want := float64(pops[tick][0]) * rate
		assert.InDelta(t, want, float64(b[0]), 5*math.Sqrt(want), "tick %d (cohort tick %d)", tick, ct)
	}
}

// TestVitalDynamicsDataNoAllocations checks DESIGN §4 rule 1 with births
// and deaths from the scenario and a cohort: a step allocates nothing, on
// the sequential and the parallel path (600 patches = 3 blocks).
func TestVitalDynamicsDataNoAllocations(t *testing.T) {
	require.Equal(t, 256, rng.BlockSize)
	scn := must(scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions()))
	vals := make([]string, scn.Len())
	for j := range vals {
		vals[j] = "100"
	}
	scn = withColumn(t, withColumn(t, scn, "births_per_year", vals...), "deaths_per_year", vals...)
	p := systems.DefaultVitalDynamicsParams()
	p.Births, p.Deaths = "scenario", "scenario"
	p.Cohort = &systems.Cohort{Share: 0.5, Day: "01-05"}
	for _, numba := range []bool{false, true} {
		rp := quietParams(10, 1)
		rp.Parallel = numba
		m, err := model.NewBiweekly(scn, rp, model.WithWorkers(2))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewVitalDynamics(&p)))
		require.NoError(t, m.Initialize())
		vd := model.InstancesOf[*systems.VitalDynamics](m)[0]
		allocs := testing.AllocsPerRun(100, func() {
			if err := vd.Step(m, 0); err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, "use_numba %v", numba)
	}
}
