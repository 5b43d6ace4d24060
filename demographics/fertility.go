package demographics

import (
	"fmt"
	"io"
	"math"
	"slices"
)

// FertilityTable is a crude birth rate by calendar period: births per
// person per day in the years [y_p, y_{p+1}), a step function. The ABM's
// births of a patch on a day are its population times the rate of the date.
type FertilityTable struct {
	years  []float64 // period edges, calendar years
	perDay []float64 // births per person per day, one per period
}

// NewFertilityTable returns the table of perPersonDay[p] births per person
// per day in the years [yearEdges[p], yearEdges[p+1]) (edges finite and
// increasing; rates finite and ≥ 0). Errors wrap [ErrBadFertility].
func NewFertilityTable(yearEdges, perPersonDay []float64) (*FertilityTable, error) {
	if err := checkEdges("year edges", yearEdges, ErrBadFertility); err != nil {
		return nil, err
	}
	if len(perPersonDay) != len(yearEdges)-1 {
		return nil, vitalError("", 0, "", ErrBadFertility, fmt.Sprintf("%d rates for %d year edges, expected one rate per period (%d)",
			len(perPersonDay), len(yearEdges), len(yearEdges)-1))
	}
	for p, r := range perPersonDay {
		if !(r >= 0) || math.IsInf(r, 1) {
			return nil, vitalError("", 0, "", ErrBadFertility, fmt.Sprintf("the rate of period %d (%g to %g) is %g, expected a finite number ≥ 0",
				p, yearEdges[p], yearEdges[p+1], r))
		}
	}
	return &FertilityTable{years: slices.Clone(yearEdges), perDay: slices.Clone(perPersonDay)}, nil
}

// Fertility returns the birth rate of the vital data (SPEC §10.1) as a
// table: BirthRate × BrMultY over the steps of BrMultX, i.e. the period k
// starting on day BrMultX[2k] since 1 January 1950 (year 1950 +
// BrMultX[2k]/365) has BirthRate·BrMultY[2k] = b_k/365/1000 births per
// person per day; the last period ends one period length after its start
// (2095 → 2100 for WPP).
func (vd VitalData) Fertility() (*FertilityTable, error) {
	n := len(vd.BrMultX)
	if n < 3 || n%2 == 0 || len(vd.BrMultY) != n {
		return nil, vitalError("", 0, "", ErrBadFertility, fmt.Sprintf(
			"vital data with %d BrMultX and %d BrMultY points, expected the same odd number ≥ 3", n, len(vd.BrMultY)))
	}
	const yearInit = 1950 // SPEC §10.1: BrMultX counts days from 1 January 1950
	var years, rates []float64
	for k := 0; k < n; k += 2 {
		years = append(years, yearInit+vd.BrMultX[k]/DaysPerYear)
		rates = append(rates, vd.BirthRate*vd.BrMultY[k])
	}
	years = append(years, 2*years[len(years)-1]-years[len(years)-2])
	return NewFertilityTable(years, rates)
}

// BirthRateAt returns the births per person per day at the calendar date
// year (a fractional year): the rate of the period holding it, the last
// period including its end year. A year outside the table's [y_0, y_m] (or
// NaN) wraps [ErrYearOutOfRange].
func (f *FertilityTable) BirthRateAt(year float64) (float64, error) {
	if err := checkYear("fertility table", f.years, year); err != nil {
		return 0, err
	}
	return f.perDay[stepIndex(f.years, year)], nil
}

// YearEdges returns a copy of the period edges in calendar years.
func (f *FertilityTable) YearEdges() []float64 { return slices.Clone(f.years) }

// Columns of a user's fertility CSV ([ReadFertilityCSV]).
var fertilityColumns = []string{"year_min", "year_max", "cbr"}

// ReadFertilityCSV reads a user's birth rates from CSV: a header with the
// columns year_min, year_max and cbr (any order; other columns are
// ignored), then one row per period [year_min, year_max) with cbr, the
// crude birth rate in births per 1000 persons per year (how WPP and
// national statistics publish it); the daily rate per person is
// cbr/1000/[DaysPerYear]. The periods, in any order, must tile one range of
// years without gap, overlap or duplicate; cbr is finite and ≥ 0. file
// names the input in errors; errors wrap [ErrBadFertility] and name the row
// and column.
func ReadFertilityCSV(r io.Reader, file string) (*FertilityTable, error) {
	return readVital(r, file, ErrBadFertility, fertilityColumns, (*vitalCSV).fertility)
}

// LoadFertilityCSV reads the fertility CSV file at path
// ([ReadFertilityCSV]); errors name the file.
func LoadFertilityCSV(path string) (*FertilityTable, error) {
	return loadVital(path, ErrBadFertility, fertilityColumns, (*vitalCSV).fertility)
}

// fertility converts the rows of a fertility CSV.
func (t *vitalCSV) fertility() (*FertilityTable, error) {
	interval := func(i int) (csvInterval, error) { return t.intervalOf(i, "year_min", "year_max") }
	years, cbr, err := t.bands(interval, "year_min", "year_max", "cbr", "births per 1000 persons per year")
	if err != nil {
		return nil, err
	}
	rates := make([]float64, len(years)-1)
	for p := range rates {
		rates[p] = cbr[p] / 1000 / DaysPerYear
	}
	return NewFertilityTable(years, rates)
}
