package systems_test

import (
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
)

// basis returns a checked basis.
func basis(t *testing.T, kind string, degree, nbasis int) *systems.SeasonBasis {
	t.Helper()
	b, err := systems.NewSeasonBasis("test", kind, degree, nbasis, "degree", "nbasis")
	require.NoError(t, err)
	return b
}

// TestSeasonBSplineHandValues checks the cubic periodic basis against the
// cardinal cubic B-spline's values by hand: at a knot N_3 is 1/6, 4/6, 1/6
// (basis k peaks at x = k/K with 2/3, its neighbours 1/6); half way between
// two knots N_3(0.5) = 0.5³/6 = 1/48 and N_3(1.5) = 23/48. Exact up to
// a few roundings (1e−15).
func TestSeasonBSplineHandValues(t *testing.T) {
	const K = 6
	b := basis(t, systems.SeasonBSpline, 3, K)
	w := make([]float64, K)
	for _, tc := range []struct {
		name string
		day  float64 // of a 365-day year
		want [K]float64
	}{
		{"x = 0: basis 1 peaks", 0, [K]float64{4.0 / 6, 1.0 / 6, 0, 0, 0, 1.0 / 6}},
		{"x = 2/6: basis 3 peaks", 365 * 2.0 / 6, [K]float64{0, 1.0 / 6, 4.0 / 6, 1.0 / 6, 0, 0}},
		{"x = 0.5/6: between bases 1 and 2", 365 * 0.5 / 6, [K]float64{23.0 / 48, 23.0 / 48, 1.0 / 48, 0, 0, 1.0 / 48}},
		{"x = 5.5/6: between bases 6 and 1 (wraps)", 365 * 5.5 / 6, [K]float64{23.0 / 48, 1.0 / 48, 0, 0, 1.0 / 48, 23.0 / 48}},
	} {
		got := b.Basis(tc.day, 365, w)
		assert.InDeltaSlice(t, tc.want[:], got, 1e-15, tc.name)
	}
	assert.Equal(t, []string{"b1", "b2", "b3", "b4", "b5"}, b.Keys())
	assert.Equal(t, 5, b.Free())
}

// TestSeasonBSplinePartitionAndPeriod checks, for degrees 0…5 and every
// number of bases from degree + 1 to 9, at 97 points of the year: the basis
// sums to 1 (partition of unity; up to rounding, 1e−14), every value is
// in [0, 1], and day and day + one year (and day − one year) give the same
// basis (periodicity; the wrap itself rounds, 1e−12).
func TestSeasonBSplinePartitionAndPeriod(t *testing.T) {
	for degree := range 6 {
		for nbasis := max(degree+1, 2); nbasis <= 9; nbasis++ {
			b := basis(t, systems.SeasonBSpline, degree, nbasis)
			w, w2 := make([]float64, nbasis), make([]float64, nbasis)
			for i := range 97 {
				day := 365.25 * float64(i) / 97
				got := b.Basis(day, 365.25, w)
				sum := 0.0
				for _, v := range got {
					sum += v
					assert.True(t, v >= 0 && v <= 1, "degree %d nbasis %d day %v: %v", degree, nbasis, day, v)
				}
				assert.InDelta(t, 1, sum, 1e-14, "degree %d nbasis %d day %v", degree, nbasis, day)
				assert.InDeltaSlice(t, got, b.Basis(day+365.25, 365.25, w2), 1e-12, "day + a year")
				assert.InDeltaSlice(t, got, b.Basis(day-365.25, 365.25, w2), 1e-12, "day − a year")
			}
		}
	}
}

// TestSeasonBasisMeanLog: with the last coefficient minus the sum of the
// others, log s averages 0 over a uniform grid of the year whose size is a
// multiple of K (each basis then has the same sum, by translation), so
// the coefficients cannot trade with R0; rounding only (1e−13).
// Multipliers (every patch at once) agrees with Multiplier (one set).
func TestSeasonBasisMeanLog(t *testing.T) {
	coef := []float64{0.4, -0.7, 0.2, 0.9, -0.1}
	b := basis(t, systems.SeasonBSpline, 3, 6)
	sum := 0.0
	for i := range 600 {
		sum += math.Log(b.Multiplier(365*float64(i)/600, 365, coef))
	}
	assert.InDelta(t, 0, sum/600, 1e-13)

	perPatch := [][]float64{{0.4, 0}, {-0.7, 0}, {0.2, 0}, {0.9, 0}, {-0.1, 0}} // patch 0: coef, patch 1: none
	out := make([]float64, 2)
	for _, day := range []float64{0, 17.5, 100, 364.9} {
		b.Multipliers(day, 365.25, perPatch, out)
		assert.InDelta(t, b.Multiplier(day, 365.25, coef), out[0], 1e-15, "day %v", day)
		assert.Equal(t, 1.0, out[1], "zero coefficients: no season")
	}
}

// TestTSIRBiweeks checks TSIR's biweek of a day at the year's edges: days
// 0…13 are biweek 1 (index 0), day 14 starts biweek 2, day 350 starts the
// 26th, which also takes day 364 (and 364…365.25 of a decimal year); the
// year wraps (day 365 of a 365-day year is biweek 1, day −1 the 26th).
// On the calendar, Dec 31 has the 26th coefficient and Jan 1 the first,
// and a 14-day tick starting Dec 31 averages one day of biweek 26 and 13
// of biweek 1.
func TestTSIRBiweeks(t *testing.T) {
	for _, tc := range []struct {
		day, year float64
		want      int
	}{
		{0, 365, 0}, {13, 365, 0}, {13.99, 365.25, 0}, {14, 365, 1}, {349, 365, 24}, {350, 365, 25},
		{363, 365, 25}, {364, 365, 25}, {365.2, 365.25, 25}, {365, 365, 0}, {365.25, 365.25, 0}, {-1, 365, 25},
	} {
		assert.Equal(t, tc.want, systems.TSIRBiweek(tc.day, tc.year), "day %v of %v", tc.day, tc.year)
	}
	b := basis(t, systems.SeasonTSIR, 0, 0)
	assert.Equal(t, 25, b.Free())
	assert.Equal(t, "biweek1", b.Keys()[0])
	assert.Equal(t, "biweek25", b.Keys()[24])

	coef := make([]float64, 25)
	last := 0.0
	for k := range coef {
		coef[k] = 0.01 * float64(k+1)
		last -= coef[k]
	}
	cal, err := (&systems.SeasonSpec{Type: systems.SeasonTSIR, Coefficients: coef}).Calendar("test")
	require.NoError(t, err)
	assert.InDelta(t, math.Exp(coef[0]), cal.Day(date(2001, 1, 1)), 1e-15, "Jan 1: biweek 1")
	assert.InDelta(t, math.Exp(coef[0]), cal.Day(date(2001, 1, 14)), 1e-15, "Jan 14: biweek 1")
	assert.InDelta(t, math.Exp(coef[1]), cal.Day(date(2001, 1, 15)), 1e-15, "Jan 15: biweek 2")
	assert.InDelta(t, math.Exp(last), cal.Day(date(2001, 12, 17)), 1e-15, "Dec 17 (day 350): biweek 26")
	assert.InDelta(t, math.Exp(coef[24]), cal.Day(date(2001, 12, 16)), 1e-15, "Dec 16 (day 349): biweek 25")
	assert.InDelta(t, math.Exp(last), cal.Day(date(2001, 12, 31)), 1e-15, "Dec 31: biweek 26")
	assert.InDelta(t, (math.Exp(last)+13*math.Exp(coef[0]))/14, cal.Mean(date(2001, 12, 31), 14), 1e-15)
}

// TestEstimatedSeasonBiweekly: the biweekly model's Infection sees the
// TSIR season. A model starting 2001-01 (tick t starts Jan 1 2001 + 14t
// days) has tick t in biweek t + 1 for t < 26: Coefficient(t) =
// β_tick·e^(c_(t+1)); tick 26 starts Dec 31 (day 364): one day of biweek 26
// and 13 of biweek 1 of 2002.
func TestEstimatedSeasonBiweekly(t *testing.T) {
	coef := make([]float64, 25)
	last := 0.0
	for k := range coef {
		coef[k] = 0.03 * float64(k%7-3)
		last -= coef[k]
	}
	q := systems.DefaultInfectionParams()
	q.SeasonSpec = &systems.SeasonSpec{Type: systems.SeasonTSIR, Coefficients: coef}
	require.NoError(t, q.Validate())
	p := quietParams(1, 1)
	p.StartTime = "2001-01"
	m, err := model.NewBiweekly(onePatch(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfection(&q)))
	require.NoError(t, m.Initialize())
	inf := model.InstancesOf[*systems.Infection](m)[0]
	beta := q.BetaPerTick(params.StepDays)
	for tick := range 25 {
		assert.InDelta(t, beta*math.Exp(coef[tick]), inf.Coefficient(tick), 1e-15*beta, "tick %d", tick)
	}
	assert.InDelta(t, beta*math.Exp(last), inf.Coefficient(25), 1e-15*beta, "tick 25: biweek 26")
	assert.InDelta(t, beta*(math.Exp(last)+13*math.Exp(coef[0]))/14, inf.Coefficient(26), 1e-15*beta, "tick 26 from Dec 31")
}

// TestEstimatedSeasonErrors: every bad estimated season is refused with a
// message naming the key and what was expected.
func TestEstimatedSeasonErrors(t *testing.T) {
	five := []float64{0, 0, 0, 0, 0}
	for _, tc := range []struct {
		name string
		spec systems.SeasonSpec
		want string
	}{
		{"too few coefficients", systems.SeasonSpec{Type: "bspline", Degree: 3, NBasis: 6, Coefficients: []float64{1, 2}},
			"season.coefficients has 2 values, want 5 (nbasis − 1 = 5)"},
		{"all K coefficients", systems.SeasonSpec{Type: "bspline", Degree: 3, NBasis: 5, Coefficients: five},
			"season.coefficients has 5 values, want 4"},
		{"tsir with 26", systems.SeasonSpec{Type: "tsir", Coefficients: make([]float64, 26)},
			"season.coefficients has 26 values, want 25 (26 biweeks − 1)"},
		{"degree = nbasis", systems.SeasonSpec{Type: "bspline", Degree: 6, NBasis: 6, Coefficients: five},
			"season.degree must be in 0…5 (below season.nbasis = 6), got 6"},
		{"degree > nbasis", systems.SeasonSpec{Type: "bspline", Degree: 7, NBasis: 6, Coefficients: five},
			"season.degree must be in 0…5"},
		{"negative degree", systems.SeasonSpec{Type: "bspline", Degree: -1, NBasis: 6, Coefficients: five},
			"season.degree must be in 0…5"},
		{"one basis", systems.SeasonSpec{Type: "bspline", Degree: 0, NBasis: 1},
			"season.nbasis must be ≥ 2"},
		{"NaN", systems.SeasonSpec{Type: "bspline", Degree: 3, NBasis: 6, Coefficients: []float64{0, math.NaN(), 0, 0, 0}},
			"season.coefficients[1] (b2) must be a finite number, got NaN"},
		{"Inf", systems.SeasonSpec{Type: "tsir", Coefficients: append(make([]float64, 24), math.Inf(1))},
			"season.coefficients[24] (biweek25) must be a finite number, got +Inf"},
		{"tsir with nbasis", systems.SeasonSpec{Type: "tsir", NBasis: 26, Coefficients: make([]float64, 25)},
			"season.degree and season.nbasis are for season \"bspline\""},
		{"bspline with holidays", systems.SeasonSpec{Type: "bspline", Degree: 3, NBasis: 6, Coefficients: five,
			Holidays: [][2]string{{"07-20", "09-05"}}}, "season.amplitude and season.holidays are for type \"terms\""},
		{"terms with coefficients", systems.SeasonSpec{Type: "terms", Amplitude: 0.2, Coefficients: five},
			"season.degree, season.nbasis and season.coefficients are for types \"bspline\" and \"tsir\", not \"terms\""},
		{"unknown type", systems.SeasonSpec{Type: "spline"}, `season.type must be one of ["terms" "bspline" "tsir"], got "spline"`},
	} {
		q := systems.DefaultInfectionParams()
		q.SeasonSpec = &tc.spec
		err := q.Validate()
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), systems.InfectionName+": "+tc.want, tc.name)
	}
}
