package demographics

import (
	"fmt"
	"io"
	"slices"
)

// Columns of a user's mortality CSV ([ReadMortalityCSV]).
var mortalityColumns = []string{"year_min", "year_max", "age_min", "age_max", "mx"}

// maxMx is the largest mx accepted: DaysPerYear per person-year, a daily
// hazard of 1.
const maxMx = DaysPerYear

// ReadMortalityCSV reads a user's mortality table from CSV: a header with
// the columns year_min, year_max, age_min, age_max and mx (any order; other
// columns are ignored), then one row per (period, age band): the calendar
// years [year_min, year_max), the ages [age_min, age_max) in years and mx,
// the age-specific death rate in deaths per person per year — the central
// death rate nMx of life tables (UN WPP's "mx", the Human Mortality
// Database's Mx), so a published table is pasted as is. The daily hazard is
// mx/[DaysPerYear] (a constant hazard over the band, as nMx estimates it).
//
// The periods must tile one range of years and the age bands one range of
// ages from 0 to at most 150 years, each without gap or overlap, and every
// (period, band) must have exactly one row (rows in any order). mx is a
// finite number in [0, 365] (a daily hazard ≤ 1). The last age_max is the
// oldest age ([MortalityTable.DeathAfter]'s cap): close an open "100+" band
// with an age_max such as 105 or 110. file names the input in errors ("" for
// none); errors wrap [ErrBadMortality] and name the row and column:
//
//	deaths.csv: row 12, column "mx": bad mortality table: -0.1 is negative, expected deaths per person per year in [0, 365]
//	deaths.csv: row 9, column "age_min": bad mortality table: gap: 15 to 20 is covered by no row (…)
//	deaths.csv: bad mortality table: no row for years 1960 to 1965, ages 5 to 10
func ReadMortalityCSV(r io.Reader, file string) (*MortalityTable, error) {
	return readVital(r, file, ErrBadMortality, mortalityColumns, (*vitalCSV).mortality)
}

// LoadMortalityCSV reads the mortality CSV file at path
// ([ReadMortalityCSV]); errors name the file.
func LoadMortalityCSV(path string) (*MortalityTable, error) {
	return loadVital(path, ErrBadMortality, mortalityColumns, (*vitalCSV).mortality)
}

// mortalityRow is one parsed row of a mortality CSV.
type mortalityRow struct {
	years, ages csvInterval
	mx          float64
}

// mortality converts the rows of a mortality CSV.
func (t *vitalCSV) mortality() (*MortalityTable, error) {
	rows := make([]mortalityRow, len(t.rows))
	yearIvs, ageIvs := make([]csvInterval, len(rows)), make([]csvInterval, len(rows))
	for i := range t.rows {
		y, err := t.intervalOf(i, "year_min", "year_max")
		if err != nil {
			return nil, err
		}
		a, err := t.ageInterval(i, "age_min", "age_max")
		if err != nil {
			return nil, err
		}
		mx, err := t.number(i, "mx")
		if err != nil {
			return nil, err
		}
		if !(mx >= 0 && mx <= maxMx) {
			what := "is negative"
			if mx > maxMx {
				what = "is more than 1 death per person per day"
			}
			return nil, t.errorf(i+1, "mx", "%g %s, expected deaths per person per year in [0, %d]", mx, what, maxMx)
		}
		rows[i], yearIvs[i], ageIvs[i] = mortalityRow{years: y, ages: a, mx: mx}, y, a
	}
	years, err := t.tile(yearIvs, "year_min", "year_max", true)
	if err != nil {
		return nil, err
	}
	ages, err := t.tile(ageIvs, "age_min", "age_max", true)
	if err != nil {
		return nil, err
	}
	if ages[0] != 0 {
		first := slices.IndexFunc(ageIvs, func(iv csvInterval) bool { return iv.lo == ages[0] })
		return nil, t.errorf(first+1, "age_min", "the youngest band starts at %g, expected 0 (every age needs a rate)", ages[0])
	}
	np := len(years) - 1
	rates := make([][]float64, len(ages)-1)
	seen := make([][]int, len(ages)-1) // row that set each cell, 0 for none
	for b := range rates {
		rates[b], seen[b] = make([]float64, np), make([]int, np)
	}
	for _, r := range rows {
		b, p := slices.Index(ages, r.ages.lo), slices.Index(years, r.years.lo)
		if prev := seen[b][p]; prev != 0 {
			return nil, t.errorf(r.ages.row, "age_min", "years %g to %g, ages %g to %g duplicates row %d",
				r.years.lo, r.years.hi, r.ages.lo, r.ages.hi, prev)
		}
		seen[b][p], rates[b][p] = r.ages.row, r.mx/DaysPerYear
	}
	for b := range seen {
		for p, row := range seen[b] {
			if row == 0 {
				return nil, t.errorf(0, "", "no row for years %g to %g, ages %g to %g (every period needs every age band)",
					years[p], years[p+1], ages[b], ages[b+1])
			}
		}
	}
	days := yearsToDays(ages)
	m, err := NewMortalityTable(days, years, rates)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.file, err)
	}
	return m, nil
}
