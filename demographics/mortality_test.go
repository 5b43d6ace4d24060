package demographics

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walkTable is a table whose cohort walk crosses age and period edges in
// many orders: bands [0, 400), [400, 1000), [1000, 3000) days, periods
// 2000–2001, 2001–2003, 2003–2004, with rates that differ in every cell
// (one of them 0) so that a wrong cell shows in the survival curve.
func walkTable(t testing.TB) *MortalityTable {
	m, err := NewMortalityTable([]float64{0, 400, 1000, 3000}, []float64{2000, 2001, 2003, 2004}, [][]float64{
		{0.0010, 0.0030, 0.0005},
		{0.0020, 0.0000, 0.0040},
		{0.0015, 0.0025, 0.0008},
	})
	require.NoError(t, err)
	return m
}

// survival returns P(T > days) for a person aged age at year by integrating
// m.Rate along the cohort with the midpoint rule on steps of 1/64 day (exact
// for a step function whose edges fall on the grid, within 1/64 day of each
// edge otherwise), independently of DeathAfter's walk. Past the last age
// edge the survival is 0 (the cap).
func survival(m *MortalityTable, age, year float64, days float64) float64 {
	const h = 1.0 / 64
	last := m.AgeEdges()[len(m.AgeEdges())-1]
	if age+days >= last {
		return 0
	}
	var hz float64
	for s := h / 2; s < days; s += h {
		hz += m.Rate(age+s, year+s/DaysPerYear) * h
	}
	return math.Exp(-hz)
}

// TestDeathAfterCohortWalk checks DeathAfter's distribution against the
// survival curve integrated independently (survival): for persons of
// several ages and dates, P(result ≤ k) = 1 − S(k) at a grid of k (the
// result is ⌈T⌉, so result ≤ k ⟺ T ≤ k), each within zBound standard errors,
// over m draws.
func TestDeathAfterCohortWalk(t *testing.T) {
	m := walkTable(t)
	const draws = 100_000 // per case: a proportion's standard error ≤ 0.0016
	for _, c := range []struct {
		age  int32
		year float64
	}{{0, 2000}, {350, 2000.9}, {990, 2002.95}, {0, 1999}, {2500, 2003.5}, {100, 2010}} {
		t.Run(fmt.Sprintf("age=%d,year=%g", c.age, c.year), func(t *testing.T) {
			src := rng.NewSource(vitalSeed, fmt.Sprintf("DeathAfter/%d/%g", c.age, c.year), 0)
			got := make([]int32, draws)
			for i := range got {
				got[i] = m.DeathAfter(src, c.age, c.year)
				require.GreaterOrEqual(t, got[i], int32(1))
				require.LessOrEqual(t, got[i], 3000-c.age, "the cap: nobody passes 3000 days")
			}
			for _, k := range []float64{1, 30, 100, 250, 500, 800, 1200, 2000, 2999 - float64(c.age)} {
				var n int
				for _, d := range got {
					if float64(d) <= k {
						n++
					}
				}
				p := 1 - survival(m, float64(c.age), c.year, k)
				assertProportion(t, n, draws, p, "P(death within %g days)", k)
			}
		})
	}
}

// TestDeathAfterConstantHazard checks the whole distribution for a constant
// hazard r: ⌈T⌉ with T ~ Exp(r) is geometric, P(k) = e^(−r(k−1))·(1 − e^(−r)),
// with the mass beyond the cap (last edge 36500 days) on the cap, by
// chi-square.
func TestDeathAfterConstantHazard(t *testing.T) {
	const r, last = 0.002, 36500.0
	m, err := NewMortalityTable([]float64{0, last}, []float64{1950, 2100}, [][]float64{{r}})
	require.NoError(t, err)
	src := rng.NewSource(vitalSeed, "DeathAfter/constant", 0)
	const draws, age = 200_000, 35_000 // the cap at 1500 days holds e^(−3) ≈ 5 % of the mass
	cap := int(last - age)
	observed := make([]float64, cap+1)
	for range draws {
		observed[m.DeathAfter(src, age, 2000)]++
	}
	probs := make([]float64, cap+1)
	for k := 1; k < cap; k++ {
		probs[k] = math.Exp(-r*float64(k-1)) * -math.Expm1(-r)
	}
	probs[cap] = math.Exp(-r * float64(cap-1))
	assertChiSquare(t, observed, probs, draws)
}

// TestDeathAfterZeroRatesCap checks that rates of 0 end at the cap (no
// endless walk), that a person at or past the last edge dies the next day,
// and that calendar times before and after the table use its first and last
// periods.
func TestDeathAfterZeroRatesCap(t *testing.T) {
	m, err := NewMortalityTable([]float64{0, 100, 200.5}, []float64{2000, 2001}, [][]float64{{0}, {0}})
	require.NoError(t, err)
	src := rng.NewSource(vitalSeed, "DeathAfter/zero", 0)
	assert.Equal(t, int32(201), m.DeathAfter(src, 0, 2000))   // ⌈200.5⌉
	assert.Equal(t, int32(1), m.DeathAfter(src, 200, 2000.5)) // ⌈0.5⌉
	assert.Equal(t, int32(1), m.DeathAfter(src, 201, 2000.5))
	assert.Equal(t, int32(1), m.DeathAfter(src, 5000, 3000))
	assert.Equal(t, int32(101), m.DeathAfter(src, 100, 1500)) // before the data: the first period's rates (0)

	walk := walkTable(t)
	assert.Equal(t, 0.0010, walk.Rate(0, 1800))   // before 2000: the first period
	assert.Equal(t, 0.0005, walk.Rate(0, 2500))   // after 2004: the last period
	assert.Equal(t, 0.0008, walk.Rate(1e6, 2003)) // past the last age: the last band
	assert.Zero(t, testing.AllocsPerRun(1000, func() { walk.DeathAfter(src, 10, 2000) }))
	// Dates far outside the table clamp to the first or last period without
	// overflowing the walk (found by FuzzMortalityCSV: an overflowing date
	// made the walk's edges NaN and it never ended).
	a, b := rng.NewSource(vitalSeed, "far", 0), rng.NewSource(vitalSeed, "far", 0)
	assert.Equal(t, walk.DeathAfter(a, 10, 2500), walk.DeathAfter(b, 10, 1e300))
	assert.Equal(t, walk.DeathAfter(a, 10, 1500), walk.DeathAfter(b, 10, -1e300))
	assert.PanicsWithValue(t, "demographics: DeathAfter: age = 10 days must be ≥ 0 and year = NaN finite",
		func() { walk.DeathAfter(src, 10, math.NaN()) })
	assert.PanicsWithValue(t, "demographics: DeathAfter: age = -1 days must be ≥ 0 and year = 2000 finite",
		func() { walk.DeathAfter(src, -1, 2000) })
}

// TestMortalityCheckYear checks the named error for dates outside the data.
func TestMortalityCheckYear(t *testing.T) {
	m := walkTable(t)
	for _, y := range []float64{2000, 2002.5, 2004} {
		assert.NoError(t, m.CheckYear(y))
	}
	for _, y := range []float64{1999.9, 2004.1, math.NaN()} {
		err := m.CheckYear(y)
		require.ErrorIs(t, err, ErrYearOutOfRange)
		assert.Contains(t, err.Error(), "expected a year from 2000 to 2004")
	}
}

// TestVitalDataMortality checks the table built from the fixture AAA's
// VitalData: AgeVec's bands with the first from day 0, periods 1950–2100 by
// 5 years, and the rate of band a, period k equal to MortMat[2a][2k] (and
// to the point pair's second column 2k+1, which the step form drops).
func TestVitalDataMortality(t *testing.T) {
	vd := fixtureProspects(t, "AAA", wantAAA).VitalData
	m, err := vd.Mortality()
	require.NoError(t, err)
	ages := m.AgeEdges()
	require.Len(t, ages, 22)
	assert.Equal(t, 0.0, ages[0])
	assert.Equal(t, specAgeVec[1:], ages[1:])
	years := m.YearEdges()
	require.Len(t, years, 31)
	for k, y := range years {
		assert.Equal(t, 1950+5*float64(k), y)
	}
	for a := range 21 {
		for k := range 30 {
			mid := (ages[a] + ages[a+1]) / 2
			assert.Equal(t, vd.MortMat[2*a][2*k], m.Rate(mid, 1950+5*float64(k)+2.5), "band %d period %d", a, k)
			if k < 29 {
				assert.Equal(t, vd.MortMat[2*a][2*k], vd.MortMat[2*a+1][2*k+1], "point pair of band %d period %d", a, k)
			}
		}
	}
	_, err = VitalData{}.Mortality()
	require.ErrorIs(t, err, ErrBadMortality)
}

// TestNewMortalityTableErrors checks each rejected input.
func TestNewMortalityTableErrors(t *testing.T) {
	for _, c := range []struct {
		name        string
		ages, years []float64
		rates       [][]float64
		want        string
	}{
		{"ages from 1", []float64{1, 10}, []float64{2000, 2001}, [][]float64{{0}}, "the first age edge is 1 days, expected 0"},
		{"too old", []float64{0, MaxAgeDays + 1}, []float64{2000, 2001}, [][]float64{{0}}, "expected ≤ 54750 days"},
		{"years decrease", []float64{0, 10}, []float64{2001, 2000}, [][]float64{{0}}, "year edges[1] = 2000 is not above"},
		{"rows", []float64{0, 10, 20}, []float64{2000, 2001}, [][]float64{{0}}, "1 rows of rates for 2 age bands"},
		{"columns", []float64{0, 10}, []float64{2000, 2001}, [][]float64{{0, 0}}, "age band 0 has 2 rates for 1 periods"},
		{"negative", []float64{0, 10}, []float64{2000, 2001}, [][]float64{{-0.1}}, "is -0.1, expected a daily hazard in [0, 1]"},
		{"above 1", []float64{0, 10}, []float64{2000, 2001}, [][]float64{{1.5}}, "is 1.5, expected"},
		{"NaN", []float64{0, 10}, []float64{2000, 2001}, [][]float64{{math.NaN()}}, "is NaN, expected"},
		{"years too wide", []float64{0, 10}, []float64{-1e308, 1e308}, [][]float64{{0}}, "too wide to count in days"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewMortalityTable(c.ages, c.years, c.rates)
			require.ErrorIs(t, err, ErrBadMortality)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// mortalityCSV is a valid mortality CSV: two periods × three age bands,
// rows shuffled, with an extra column.
const mortalityCSV = `year_min,year_max,age_min,age_max,mx,source
2000,2005,0,1,36.5,a
2005,2010,1,5,3.65,b
2000,2005,5,110,0.365,c
2005,2010,0,1,18.25,d
2000,2005,1,5,7.3,e
2005,2010,5,110,0.73,f
`

// TestReadMortalityCSV checks the daily rates (mx/365), the edges and the
// file loader.
func TestReadMortalityCSV(t *testing.T) {
	m, err := ReadMortalityCSV(strings.NewReader(mortalityCSV), "d.csv")
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 365, 5 * 365, 110 * 365}, m.AgeEdges())
	assert.Equal(t, []float64{2000, 2005, 2010}, m.YearEdges())
	for _, c := range []struct{ age, year, want float64 }{
		{0, 2000, 36.5}, {364, 2004.9, 36.5}, {365, 2000, 7.3}, {2000, 2003, 0.365},
		{0, 2005, 18.25}, {400, 2007, 3.65}, {30000, 2009.99, 0.73},
	} {
		assert.InDelta(t, c.want/365, m.Rate(c.age, c.year), 1e-15, "age %g year %g", c.age, c.year)
	}
	path := writeTemp(t, "deaths.csv", mortalityCSV)
	f, err := LoadMortalityCSV(path)
	require.NoError(t, err)
	assert.Equal(t, m, f)
}

// TestReadMortalityCSVErrors checks that every bad table is an
// ErrBadMortality naming the file, the row and the column.
func TestReadMortalityCSVErrors(t *testing.T) {
	const head = "year_min,year_max,age_min,age_max,mx\n"
	const ok = "2000,2005,0,5,1\n2000,2005,5,10,1\n"
	for _, c := range []struct{ name, text, want string }{
		{"missing column", "year_min,year_max,age_min,age_max,rate\n2000,2005,0,5,1\n", `d.csv: bad mortality table: missing column "mx"`},
		{"age gap", head + "2000,2005,0,5,1\n2000,2005,10,15,1\n", `d.csv: row 2, column "age_min": bad mortality table: gap: 5 to 10 is covered by no row`},
		{"year gap", head + ok + "2010,2015,0,5,1\n2010,2015,5,10,1\n", `row 3, column "year_min": bad mortality table: gap: 2005 to 2010`},
		{"age overlap", head + ok + "2000,2005,3,10,1\n", `row 3, column "age_min": bad mortality table: 3 to 10 overlaps row 1 (0 to 5)`},
		{"year overlap", head + ok + "2003,2008,0,5,1\n", `row 3, column "year_min": bad mortality table: 2003 to 2008 overlaps row 1 (2000 to 2005)`},
		{"duplicate", head + ok + "2000,2005,5,10,2\n", `row 3, column "age_min": bad mortality table: years 2000 to 2005, ages 5 to 10 duplicates row 2`},
		{"missing cell", head + ok + "2005,2010,0,5,1\n", `d.csv: bad mortality table: no row for years 2005 to 2010, ages 5 to 10`},
		{"negative", head + "2000,2005,0,5,-0.1\n", `row 1, column "mx": bad mortality table: -0.1 is negative, expected deaths per person per year in [0, 365]`},
		{"above 1 per day", head + "2000,2005,0,5,366\n", `row 1, column "mx": bad mortality table: 366 is more than 1 death per person per day`},
		{"NaN", head + "2000,2005,0,5,nan\n", `row 1, column "mx": bad mortality table: "nan" is not finite`},
		{"Inf year", head + "2000,+Inf,0,5,1\n", `row 1, column "year_max": bad mortality table: "+Inf" is not finite`},
		{"text", head + "2000,2005,0,five,1\n", `row 1, column "age_max": bad mortality table: "five" is not a number`},
		{"age out of range", head + "2000,2005,0,200,1\n", `row 1, column "age_max": bad mortality table: 200 is out of range`},
		{"negative age", head + "2000,2005,-1,5,1\n", `row 1, column "age_min": bad mortality table: -1 is negative`},
		{"not from 0", head + "2000,2005,5,10,1\n2000,2005,1,5,1\n", `row 2, column "age_min": bad mortality table: the youngest band starts at 1, expected 0`},
		{"empty years", head + "2005,2005,0,5,1\n", `row 1, column "year_max": bad mortality table: 2005 is not above year_min 2005`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadMortalityCSV(strings.NewReader(c.text), "d.csv")
			require.ErrorIs(t, err, ErrBadMortality)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// BenchmarkDeathAfter measures one remaining-life draw from the fixture's
// WPP mortality table (21 bands × 30 periods): for newborns in 2000 (the
// longest walks: a life crosses about 12 bands and 12 periods) and for ages
// drawn from the 2000 pyramid (the initial agents).
func BenchmarkDeathAfter(b *testing.B) {
	pp := fixtureProspects(b, "AAA", wantAAA)
	m, err := pp.VitalData.Mortality()
	require.NoError(b, err)
	d, err := pp.AgeDistribution(2000)
	require.NoError(b, err)
	src := rng.NewSource(vitalSeed, "bench", 0)
	ages := make([]int32, 4096)
	for i := range ages {
		ages[i] = d.Sample(src)
	}
	b.Run("newborn", func(b *testing.B) {
		for b.Loop() {
			m.DeathAfter(src, 0, 2000)
		}
	})
	b.Run("pyramid", func(b *testing.B) {
		i := 0
		for b.Loop() {
			m.DeathAfter(src, ages[i&4095], 2000)
			i++
		}
	})
}
