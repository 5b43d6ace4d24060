package fit

import (
	"math"
	"strconv"
	"time"
)

// ProfileWeeks is the number of weeks of a year's mean weekly profile: a
// report dated on day 365 or 366 of its year counts in week 52.
const ProfileWeeks = 52

// SeasonalProfileFile and SeasonalSummaryFile are the names of the files
// [Output.SeasonalProfile] writes.
const (
	SeasonalProfileFile = "seasonal_profile.csv"
	SeasonalSummaryFile = "seasonal_profile.json"
)

// WeekOfYear returns the week of the year of a report dated d, 1 … 52:
// ⌊(day of the year − 1)/7⌋ + 1, with days 365 and 366 in week 52.
func WeekOfYear(d time.Time) int { return min((d.YearDay()-1)/7+1, ProfileWeeks) }

// SeasonalProfile is the mean weekly profile of the data and of the
// simulations ([Simulation.Mean]): per place and week of the year
// ([WeekOfYear] of the report's date), the mean observed report and the
// mean of the simulated mean reports over the same reports (those with an
// observation).
type SeasonalProfile struct {
	Places []string
	// Reports[p][w] is the number of observed reports of place p in week
	// w + 1; Observed[p][w] and Simulated[p][w] their means (NaN with none).
	Reports             [][]int
	Observed, Simulated [][]float64
}

// NewSeasonalProfile averages s's observed and mean simulated reports by
// week of the year.
func NewSeasonalProfile(s *Simulation) *SeasonalProfile {
	sp := &SeasonalProfile{Places: s.Places}
	for p := range s.Places {
		n := make([]int, ProfileWeeks)
		obs, sim := make([]float64, ProfileWeeks), make([]float64, ProfileWeeks)
		for k, d := range s.Dates {
			if s.Reports[p][k] == Missing {
				continue
			}
			w := WeekOfYear(d) - 1
			n[w]++
			obs[w] += float64(s.Reports[p][k])
			sim[w] += s.Mean[p][k]
		}
		for w := range n {
			obs[w] /= float64(n[w])
			sim[w] /= float64(n[w])
		}
		sp.Reports, sp.Observed, sp.Simulated = append(sp.Reports, n), append(sp.Observed, obs), append(sp.Simulated, sim)
	}
	return sp
}

// ProfileSummary compares the simulated mean weekly profile of one place
// with the observed: their Pearson correlation over the weeks with
// reports, each profile's max/min ratio and the week of its maximum.
type ProfileSummary struct {
	Place             string `json:"place"`
	Correlation       Number `json:"correlation"`
	ObservedMaxMin    Number `json:"observed_max_min"`
	SimulatedMaxMin   Number `json:"simulated_max_min"`
	ObservedPeakWeek  int    `json:"observed_peak_week"`
	SimulatedPeakWeek int    `json:"simulated_peak_week"`
}

// Summary returns place p's [ProfileSummary] (weeks without reports are
// left out; a ratio with a zero minimum is +Inf, written null).
func (sp *SeasonalProfile) Summary(p int) ProfileSummary {
	var x, y []float64
	for w, n := range sp.Reports[p] {
		if n > 0 {
			x, y = append(x, sp.Observed[p][w]), append(y, sp.Simulated[p][w])
		}
	}
	return ProfileSummary{Place: sp.Places[p], Correlation: Number(pearson(x, y)),
		ObservedMaxMin: Number(maxMin(sp.Observed[p])), SimulatedMaxMin: Number(maxMin(sp.Simulated[p])),
		ObservedPeakWeek: peakWeek(sp.Observed[p]), SimulatedPeakWeek: peakWeek(sp.Simulated[p])}
}

// pearson returns the Pearson correlation of x and y (NaN for fewer than
// two values or a constant series).
func pearson(x, y []float64) float64 {
	n := float64(len(x))
	if len(x) < 2 {
		return math.NaN()
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

// maxMin returns max/min over the values that are not NaN.
func maxMin(v []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		if !math.IsNaN(x) {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	return hi / lo
}

// peakWeek returns the week (1-based) of the largest value that is not
// NaN, the first of ties; 0 when every value is NaN.
func peakWeek(v []float64) int {
	best := 0
	for w, x := range v {
		if !math.IsNaN(x) && (best == 0 || x > v[best-1]) {
			best = w + 1
		}
	}
	return best
}

// SeasonalProfile writes seasonal_profile.csv (place, week, reports,
// observed, simulated: the mean weekly profiles) and seasonal_profile.json
// (each place's [ProfileSummary]).
func (o *Output) SeasonalProfile(sp *SeasonalProfile) error {
	err := o.writeCSV(SeasonalProfileFile, []string{"place", "week", "reports", "observed", "simulated"}, func(emit func([]string) error) error {
		for p, place := range sp.Places {
			for w := range ProfileWeeks {
				row := []string{place, strconv.Itoa(w + 1), strconv.Itoa(sp.Reports[p][w]), csvFloat(sp.Observed[p][w]), csvFloat(sp.Simulated[p][w])}
				if err := emit(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	sums := make([]ProfileSummary, len(sp.Places))
	for p := range sp.Places {
		sums[p] = sp.Summary(p)
	}
	return o.writeJSON(SeasonalSummaryFile, sums)
}
