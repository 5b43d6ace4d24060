package demographics

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVitalDataFertility checks the birth rate of the fixture AAA's vital
// data: BirthRate·BrMultY[2k] = b_k/365/1000 in the period k = ⌊(year −
// 1950)/5⌋ (SPEC §10.1's step), 2100 in the last period, and the named
// error outside 1950–2100.
func TestVitalDataFertility(t *testing.T) {
	vd := fixtureProspects(t, "AAA", wantAAA).VitalData
	f, err := vd.Fertility()
	require.NoError(t, err)
	years := f.YearEdges()
	require.Len(t, years, 31)
	assert.Equal(t, 1950.0, years[0])
	assert.Equal(t, 2100.0, years[30])
	for _, c := range []struct {
		year float64
		k    int
	}{{1950, 0}, {1954.99, 0}, {1955, 1}, {1957.3, 1}, {2000, 10}, {2094.999, 28}, {2095, 29}, {2100, 29}} {
		got, err := f.BirthRateAt(c.year)
		require.NoError(t, err)
		assert.Equal(t, vd.BirthRate*vd.BrMultY[2*c.k], got, "year %g", c.year)
	}
	got, err := f.BirthRateAt(1950)
	require.NoError(t, err)
	assert.Equal(t, vd.BirthRate, got) // BrMultY[0] = 1
	for _, y := range []float64{1949.9, 2100.1, math.NaN()} {
		_, err := f.BirthRateAt(y)
		require.ErrorIs(t, err, ErrYearOutOfRange, "year %g", y)
	}
	_, err = VitalData{}.Fertility()
	require.ErrorIs(t, err, ErrBadFertility)
}

// TestReadFertilityCSV checks cbr/1000/365 per period, the file loader, and
// that bad tables are ErrBadFertility naming the row and column.
func TestReadFertilityCSV(t *testing.T) {
	const text = "year_min,year_max,cbr\n2005,2010,36.5\n2000,2005,73\n"
	f, err := ReadFertilityCSV(strings.NewReader(text), "b.csv")
	require.NoError(t, err)
	assert.Equal(t, []float64{2000, 2005, 2010}, f.YearEdges())
	for _, c := range []struct{ year, want float64 }{{2000, 0.0002}, {2004.9, 0.0002}, {2005, 0.0001}, {2010, 0.0001}} {
		got, err := f.BirthRateAt(c.year)
		require.NoError(t, err)
		assert.InDelta(t, c.want, got, 1e-18, "year %g", c.year) // 73/1000/365 = 0.0002
	}
	loaded, err := LoadFertilityCSV(writeTemp(t, "births.csv", text))
	require.NoError(t, err)
	assert.Equal(t, f, loaded)

	const head = "year_min,year_max,cbr\n"
	for _, c := range []struct{ name, text, want string }{
		{"missing column", "year_min,year_max,births\n2000,2005,1\n", `b.csv: bad fertility table: missing column "cbr"`},
		{"gap", head + "2000,2005,1\n2006,2010,1\n", `row 2, column "year_min": bad fertility table: gap: 2005 to 2006`},
		{"overlap", head + "2000,2005,1\n2004,2010,1\n", `row 2, column "year_min": bad fertility table: 2004 to 2010 overlaps row 1`},
		{"duplicate", head + "2000,2005,1\n2000,2005,2\n", `row 2, column "year_min": bad fertility table: year_min 2000 to year_max 2005 duplicates row 1`},
		{"negative", head + "2000,2005,-1\n", `row 1, column "cbr": bad fertility table: -1 is negative`},
		{"NaN", head + "2000,2005,NaN\n", `row 1, column "cbr": bad fertility table: "NaN" is not finite`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadFertilityCSV(strings.NewReader(c.text), "b.csv")
			require.ErrorIs(t, err, ErrBadFertility)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestNewFertilityTableErrors checks each rejected input.
func TestNewFertilityTableErrors(t *testing.T) {
	for _, c := range []struct {
		name         string
		years, rates []float64
		want         string
	}{
		{"one edge", []float64{2000}, nil, "1 year edges, expected at least 2"},
		{"count", []float64{2000, 2005}, []float64{1, 2}, "2 rates for 2 year edges"},
		{"negative", []float64{2000, 2005}, []float64{-1}, "the rate of period 0 (2000 to 2005) is -1"},
		{"Inf", []float64{2000, 2005}, []float64{math.Inf(1)}, "is +Inf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewFertilityTable(c.years, c.rates)
			require.ErrorIs(t, err, ErrBadFertility)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
