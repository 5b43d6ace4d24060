package demographics

import (
	"io"
)

// Columns of a user's pyramid CSV ([ReadAgeDistributionCSV]).
var pyramidColumns = []string{"age_min", "age_max", "count"}

// ReadAgeDistributionCSV reads a user's age pyramid from CSV: a header with
// the columns age_min, age_max and count (any order; other columns are
// ignored), then one row per age band: the band [age_min, age_max) in years
// (converted to days by [DaysPerYear]; fractions allowed, e.g. 0.75 for 9
// months) and the persons in it (any non-negative number: counts, thousands
// or shares). The rows, in any order, must tile one age range without gap,
// overlap or duplicate, from age_min ≥ 0 to age_max ≤ 150; an open-ended
// band (such as "100+") must be closed by the user with an age_max. file
// names the input in errors ("" for none); errors wrap [ErrBadPyramid] and
// name the row (1 = first data row) and column:
//
//	pyramid.csv: row 4, column "age_min": bad age pyramid: gap: 15 to 20 is covered by no row (…)
func ReadAgeDistributionCSV(r io.Reader, file string) (*AgeDistribution, error) {
	return readVital(r, file, ErrBadPyramid, pyramidColumns, (*vitalCSV).ageDistribution)
}

// LoadAgeDistributionCSV reads the pyramid CSV file at path
// ([ReadAgeDistributionCSV]); errors name the file.
func LoadAgeDistributionCSV(path string) (*AgeDistribution, error) {
	return loadVital(path, ErrBadPyramid, pyramidColumns, (*vitalCSV).ageDistribution)
}

// ageDistribution converts the rows of a pyramid CSV.
func (t *vitalCSV) ageDistribution() (*AgeDistribution, error) {
	interval := func(i int) (csvInterval, error) { return t.ageInterval(i, "age_min", "age_max") }
	edges, bandCounts, err := t.bands(interval, "age_min", "age_max", "count", "a number of persons")
	if err != nil {
		return nil, err
	}
	days := yearsToDays(edges)
	d, err := NewAgeDistribution(days, bandCounts)
	if err != nil { // the edges and counts were checked: the counts sum to 0 or overflow
		return nil, t.errorf(0, "count", "the counts sum to 0 or overflow, expected people in at least one band")
	}
	return d, nil
}

// ageInterval reads the age band (years) of data row i, requiring
// 0 ≤ lo < hi ≤ 150.
func (t *vitalCSV) ageInterval(i int, loCol, hiCol string) (csvInterval, error) {
	iv, err := t.intervalOf(i, loCol, hiCol)
	switch {
	case err != nil:
		return iv, err
	case iv.lo < 0:
		return iv, t.errorf(i+1, loCol, "%g is negative, expected an age in years ≥ 0", iv.lo)
	case iv.hi > MaxAgeDays/DaysPerYear:
		return iv, t.errorf(i+1, hiCol, "%g is out of range, expected an age in years ≤ %d", iv.hi, MaxAgeDays/DaysPerYear)
	}
	return iv, nil
}
