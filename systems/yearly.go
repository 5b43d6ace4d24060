package systems

import "time"

// YearlySeries holds one yearly figure per patch and calendar year (births
// or deaths per year), each patch over its own run of consecutive years.
//
// The figure of year Y is taken at the middle of Y, July 2 00:00 UTC, and a
// date between two midpoints gets the linear interpolation of the two
// years' figures (by days elapsed); before the first midpoint a patch's
// first figure holds, after the last its last figure holds (no
// extrapolation: a trend in the data is not continued past its ends).
type YearlySeries struct {
	first    []int       // per patch: the year of v[j][0]
	values   [][]float64 // per patch: one figure per consecutive year
	constant bool        // one figure for every year (ConstantSeries)
	digest   string      // "sha256:…" of the file it was read from; "" otherwise
}

// Digest returns the SHA-256 of the file the series was read from
// ("sha256:<hex>"), or "" for a series from the scenario or from Go.
func (s *YearlySeries) Digest() string { return s.digest }

// ConstantSeries returns a series with one figure per patch for every year.
func ConstantSeries(v []float64) *YearlySeries {
	s := &YearlySeries{first: make([]int, len(v)), values: make([][]float64, len(v)), constant: true}
	for j, x := range v {
		s.values[j] = []float64{x}
	}
	return s
}

// Years returns the first and the last year with a figure, over all
// patches; ok is false for a series with one figure for every year
// ([ConstantSeries]) or no patch.
func (s *YearlySeries) Years() (first, last int, ok bool) {
	if s.constant || len(s.values) == 0 {
		return 0, 0, false
	}
	first, last = s.first[0], s.first[0]+len(s.values[0])-1
	for j, v := range s.values {
		first, last = min(first, s.first[j]), max(last, s.first[j]+len(v)-1)
	}
	return first, last, true
}

// Len returns the number of patches.
func (s *YearlySeries) Len() int { return len(s.values) }

// At returns patch j's yearly figure at date.
func (s *YearlySeries) At(j int, date time.Time) float64 {
	y, f := YearPosition(date)
	return s.AtPosition(j, y, f)
}

// AtPosition returns patch j's yearly figure at the date [YearPosition]
// returned (year, frac) for: between the midpoints of year and year+1,
// frac of the way.
func (s *YearlySeries) AtPosition(j, year int, frac float64) float64 {
	v := s.values[j]
	k := year - s.first[j]
	switch {
	case k < 0:
		return v[0]
	case k >= len(v)-1:
		return v[len(v)-1]
	}
	return v[k] + (v[k+1]-v[k])*frac
}

// midYear returns July 2 00:00 UTC of year y, the date a yearly figure is
// taken at.
func midYear(y int) time.Time { return time.Date(y, time.July, 2, 0, 0, 0, 0, time.UTC) }

// YearPosition places date between two yearly midpoints: the year whose
// midpoint (July 2) is the last at or before date, and the share in [0, 1)
// of the days from that midpoint to the next one that have passed.
func YearPosition(date time.Time) (year int, frac float64) {
	year = date.Year()
	if date.Before(midYear(year)) {
		year--
	}
	lo, hi := midYear(year), midYear(year+1)
	return year, float64(date.Sub(lo)) / float64(hi.Sub(lo))
}
