package wppages

// DaysPerYear converts the years of the demographic tables (pyramid and
// mortality ages, calendar periods) to days: 365, the day count of SPEC
// §10.1 (D_j = 365·Δ_j, BrMultX = 365·(Y − 1950)).
const DaysPerYear = 365

// MaxAgeDays is the oldest age edge a table may have: 150 years of 365
// days. It bounds ages far above any human's while keeping every age and
// remaining life in int32 days.
const MaxAgeDays = 150 * DaysPerYear

// MortXVal holds the 42 ages, in days, of the rows of the WPP mortality
// matrix: each five-year age-bin edge and the day just before the next edge
// (SPEC §10.1).
var MortXVal = []float64{
	0.6, 1829.5, 1829.6, 3659.5, 3659.6, 5489.5, 5489.6, 7289.5, 7289.6, 9119.5,
	9119.6, 10949.5, 10949.6, 12779.5, 12779.6, 14609.5, 14609.6, 16439.5, 16439.6, 18239.5,
	18239.6, 20069.5, 20069.6, 21899.5, 21899.6, 23729.5, 23729.6, 25559.5, 25559.6, 27389.5,
	27389.6, 29189.5, 29189.6, 31019.5, 31019.6, 32849.5, 32849.6, 34679.5, 34679.6, 36509.5,
	36509.6, 38339.5,
}

// BandStarts returns the 21 five-year band starts in days: the even entries
// of [MortXVal] (the reference's MORT_XVAL[::2]), a new slice.
func BandStarts() []float64 {
	edges := make([]float64, 0, len(MortXVal)/2+1)
	for i := 0; i < len(MortXVal); i += 2 {
		edges = append(edges, MortXVal[i])
	}
	return edges
}
