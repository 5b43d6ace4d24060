package demographics

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/internal/wppages"

	"gonum.org/v1/gonum/interp"
)

// ageVec returns the 22 age-bin edges in days of SPEC §10.1: the even
// entries of MortXVal and its last entry.
func ageVec() []float64 {
	return append(wppages.BandStarts(), MortXVal[len(MortXVal)-1])
}

// fitPyramidSplines fits one not-a-knot cubic spline per age row of pop over
// years (SPEC §10.1 pyramid_spline; it matches SciPy's
// make_interp_spline(k=3) to ~4e−16 relative).
func fitPyramidSplines(years []int, pop [][]float64) ([]interp.NotAKnotCubic, error) {
	xs := make([]float64, len(years))
	for j, y := range years {
		xs[j] = float64(y)
	}
	splines := make([]interp.NotAKnotCubic, len(pop))
	for a, row := range pop {
		if err := splines[a].Fit(xs, row); err != nil {
			return nil, fmt.Errorf("fitting the pyramid spline of age bin %d: %w", a, err)
		}
	}
	return splines, nil
}

// PopulationPyramid returns the population (persons) of the 21 age bins in
// year, interpolated over YearVec by one not-a-knot cubic spline per bin
// (SPEC §10.1). At the data years (multiples of 5) it is exactly the PopMat
// column; between them the cubic may overshoot (values are not clamped, as
// in the reference). A year before 1950, after 2100 or NaN is an error
// wrapping [ErrYearOutOfRange].
func (pp *PopProspects) PopulationPyramid(year float64) ([]float64, error) {
	if len(pp.YearVec) == 0 || len(pp.splines) != len(pp.PopMat) {
		return nil, fmt.Errorf("demographics: population pyramid of %q: no fitted splines (build PopProspects with NewPopProspects)", pp.CountryCode)
	}
	first, last := float64(pp.YearVec[0]), float64(pp.YearVec[len(pp.YearVec)-1])
	if err := checkWPPYearRange(year, first, last); err != nil {
		return nil, fmt.Errorf("demographics: population pyramid of %s: %w", pp.CountryCode, err)
	}
	out := make([]float64, len(pp.PopMat))
	for a := range out {
		out[a] = pp.splines[a].Predict(year)
	}
	return out, nil
}

// CheckWPPYear returns an error wrapping [ErrYearOutOfRange] when year is
// outside the WPP data's years (1950–2100) or NaN: callers check it before
// they download anything (issue 37 item 6: `pyramid NGA 2200` downloaded
// the WPP file before the year was refused).
func CheckWPPYear(year float64) error {
	return checkWPPYearRange(year, wppFirstYear, wppFirstYear+wppStep*(wppNumYears-1))
}

// checkWPPYearRange returns an error wrapping [ErrYearOutOfRange] when year is
// outside [first, last] or NaN.
func checkWPPYearRange(year, first, last float64) error {
	switch {
	case math.IsNaN(year):
		return fmt.Errorf("%w: year is NaN, expected %g to %g", ErrYearOutOfRange, first, last)
	case year < first:
		return fmt.Errorf("%w: Year is before the first year in the WPP data (%g < %g)", ErrYearOutOfRange, year, first)
	case year > last:
		return fmt.Errorf("%w: Year is after the last year in the WPP data (%g > %g)", ErrYearOutOfRange, year, last)
	}
	return nil
}
