package demographics

import (
	"fmt"
	"math"
	"slices"

	"github.com/rubeola/rubeola/rng"
)

// MortalityTable is a daily death hazard by age band and calendar period:
// rate[i][p] deaths per person per day for ages [a_i, a_{i+1}) days and
// years [y_p, y_{p+1}), a step function in both (the reference's WPP vital
// dynamics, with MortMat's point pairs read as steps). It is read-only after
// construction and safe for concurrent draws from different sources.
//
// Ages start at a_0 = 0. Nobody outlives the table: a_n, the last age edge,
// is the oldest age (a person still alive at a_n dies there; see
// [MortalityTable.DeathAfter]). Before y_0 and after y_m the first and the
// last period's rates hold ([MortalityTable.CheckYear] tells a caller whose
// start date lies outside the data).
type MortalityTable struct {
	ages    []float64 // age edges, days: 0 = a_0 < … < a_n ≤ MaxAgeDays
	years   []float64 // period edges, calendar years: y_0 < … < y_m
	periods []float64 // period starts in days since y_0, DaysPerYear·(y_p − y_0) for p < m, and periods[m] = +Inf
	rate    []float64 // [band·m + period], per person per day, in [0, 1]
}

// NewMortalityTable returns the table of ratePerDay[i][p], the daily death
// hazard of ages [ageEdgesDays[i], ageEdgesDays[i+1]) in the years
// [yearEdges[p], yearEdges[p+1]). Age edges start at 0 and end at most at
// [MaxAgeDays]; both edge lists are finite and increasing; rates are finite
// and in [0, 1]. Errors wrap [ErrBadMortality] and name the index.
func NewMortalityTable(ageEdgesDays, yearEdges []float64, ratePerDay [][]float64) (*MortalityTable, error) {
	if err := checkEdges("age edges (days)", ageEdgesDays, ErrBadMortality); err != nil {
		return nil, err
	}
	if err := checkEdges("year edges", yearEdges, ErrBadMortality); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return vitalError("", 0, "", ErrBadMortality, fmt.Sprintf(format, args...))
	}
	nb, np := len(ageEdgesDays)-1, len(yearEdges)-1
	switch last := ageEdgesDays[nb]; {
	case ageEdgesDays[0] != 0:
		return nil, bad("the first age edge is %g days, expected 0 (every age needs a rate)", ageEdgesDays[0])
	case last > MaxAgeDays:
		return nil, bad("the last age edge is %g days (%.4g years), expected ≤ %d days (150 years)", last, last/DaysPerYear, MaxAgeDays)
	case math.IsInf(DaysPerYear*(yearEdges[np]-yearEdges[0]), 0):
		return nil, bad("the years span %g to %g, too wide to count in days", yearEdges[0], yearEdges[np])
	case len(ratePerDay) != nb:
		return nil, bad("%d rows of rates for %d age bands", len(ratePerDay), nb)
	}
	t := &MortalityTable{ages: slices.Clone(ageEdgesDays), years: slices.Clone(yearEdges),
		periods: make([]float64, np+1), rate: make([]float64, 0, nb*np)}
	for p, y := range yearEdges[:np] {
		t.periods[p] = DaysPerYear * (y - yearEdges[0])
	}
	t.periods[np] = math.Inf(1) // the last period's rates hold after y_m
	for i, row := range ratePerDay {
		if len(row) != np {
			return nil, bad("age band %d has %d rates for %d periods", i, len(row), np)
		}
		for p, r := range row {
			if !(r >= 0 && r <= 1) {
				return nil, bad("the rate of age band %d (%g to %g days), period %d (%g to %g) is %g, expected a daily hazard in [0, 1]",
					i, ageEdgesDays[i], ageEdgesDays[i+1], p, yearEdges[p], yearEdges[p+1], r)
			}
		}
		t.rate = append(t.rate, row...)
	}
	return t, nil
}

// Mortality returns the mortality table of the vital data (SPEC §10.1): the
// age bands of AgeVec (MortXVal's even entries and its last entry) with the
// first band starting at day 0 instead of 0.6, the periods [MortYear[2k],
// MortYear[2k+2]) with rate MortMat[2a][2k] (the point pairs of MortMat and
// MortYear read as steps), the last period ending one period length after
// its start (2095 → 2100 for WPP). The 100+ band's rate is MortMat's
// (0.01 per day) and the table ends at 38339.5 days (105 years).
func (vd VitalData) Mortality() (*MortalityTable, error) {
	nx, ny := len(MortXVal), len(vd.MortYear)
	if len(vd.MortMat) != nx || ny < 3 || ny%2 == 0 {
		return nil, vitalError("", 0, "", ErrBadMortality, fmt.Sprintf(
			"vital data with %d MortMat rows and %d MortYear points, expected %d rows and an odd number ≥ 3 of points", len(vd.MortMat), ny, nx))
	}
	ages := ageVec()
	ages[0] = 0
	var years []float64
	for k := 0; k < ny; k += 2 {
		years = append(years, vd.MortYear[k])
	}
	years = append(years, 2*years[len(years)-1]-years[len(years)-2])
	rates := make([][]float64, len(ages)-1)
	for a := range rates {
		row := vd.MortMat[2*a]
		if len(row) != ny {
			return nil, vitalError("", 0, "", ErrBadMortality, fmt.Sprintf("MortMat row %d has %d columns, expected %d", 2*a, len(row), ny))
		}
		rates[a] = make([]float64, 0, len(years)-1)
		for k := 0; k < ny; k += 2 {
			rates[a] = append(rates[a], row[k])
		}
	}
	return NewMortalityTable(ages, years, rates)
}

// AgeEdges returns a copy of the age-band edges in days.
func (t *MortalityTable) AgeEdges() []float64 { return slices.Clone(t.ages) }

// YearEdges returns a copy of the period edges in calendar years.
func (t *MortalityTable) YearEdges() []float64 { return slices.Clone(t.years) }

// Rate returns the daily hazard at age ageDays in the year year (the
// calendar clamped into the table's periods, the age into its bands).
func (t *MortalityTable) Rate(ageDays, year float64) float64 {
	return t.rate[stepIndex(t.ages, ageDays)*(len(t.years)-1)+stepIndex(t.years, year)]
}

// CheckYear returns nil when year lies in the table's data [y_0, y_m], else
// an error wrapping [ErrYearOutOfRange]: a model starting outside the data
// would run on extrapolated rates.
func (t *MortalityTable) CheckYear(year float64) error {
	return checkYear("mortality table", t.years, year)
}

// checkYear requires year in [edges[0], edges[n]].
func checkYear(what string, edges []float64, year float64) error {
	first, last := edges[0], edges[len(edges)-1]
	if !(year >= first && year <= last) {
		return fmt.Errorf("demographics: %s: %w: %g, expected a year from %g to %g (the years of the data)",
			what, ErrYearOutOfRange, year, first, last)
	}
	return nil
}

// DeathAfter draws the remaining life, in whole days, of a person aged
// ageDays at the calendar date year (a fractional year, e.g. 2000.5), for
// scheduling their death on day today + result.
//
// The time of death T solves H(T) = E with E = −log(1 − U) an exponential
// deviate (one [rng.Uniform]) and H the hazard integrated along the
// person's cohort: age a + t and date year + t/[DaysPerYear] advance
// together, through piecewise-constant rates, so the walk crosses the age
// and period edges in order and stops in the segment where the integral
// reaches E (inverse transform; cost: one step per edge crossed, at most
// bands + periods). Beyond the last period its rates hold. The result is
// ⌈T⌉, at least 1.
//
// Cap: nobody passes the last age edge a_n. A person whose integral has not
// reached E at a_n (rates of 0 at the oldest ages, or a low last rate) dies
// at a_n: the result is then ⌈a_n − ageDays⌉ (at least 1), so a zero rate
// never loops. A person aged a_n or more dies the next day (1). A negative
// age or a NaN or infinite year is an internal invariant violation and
// panics.
func (t *MortalityTable) DeathAfter(src *rng.Source, ageDays int32, year float64) int32 {
	if math.IsNaN(year) || math.IsInf(year, 0) || ageDays < 0 {
		panic(fmt.Sprintf("demographics: DeathAfter: age = %d days must be ≥ 0 and year = %g finite", ageDays, year))
	}
	e := -math.Log1p(-rng.Uniform(src)) // E ~ Exp(1), finite: 1 − U ∈ (0, 1]
	a0 := float64(ageDays)
	nb, np := len(t.ages)-1, len(t.years)-1
	if a0 >= t.ages[nb] {
		return 1
	}
	// The date in days since y_0, clamped into [−a_n, start of the last
	// period]: outside it the rates the walk meets do not change (before
	// y_0 the first period's hold, and a life is shorter than a_n; after
	// the last period starts, its rates hold).
	tau := math.Max(-t.ages[nb], math.Min(t.periods[np-1], DaysPerYear*(year-t.years[0])))
	// The walk runs on the age axis: period edge q is crossed at age
	// periods[q] + c, c = a0 − tau. Each step ends exactly at the next age
	// edge or shifted period edge (x is assigned, never accumulated), and at
	// least one index advances, so the walk ends after at most bands +
	// periods steps. periods[np] is +Inf: the last period's rates hold after
	// y_m.
	c := a0 - tau
	i, p := stepIndex(t.ages, a0), stepIndex(t.periods, tau)
	x, h := a0, 0.0
	for {
		next := min(t.ages[i+1], t.periods[p+1]+c)
		r := t.rate[i*np+p]
		if hn := h + r*(next-x); hn >= e {
			return daysUp(x - a0 + (e-h)/r)
		} else {
			h = hn
		}
		x = next
		i += b2i(t.ages[i+1] <= x)
		p += b2i(t.periods[p+1]+c <= x)
		if i == nb {
			return daysUp(x - a0) // the cap: death at a_n
		}
	}
}

// b2i returns 1 for true and 0 for false (a SETcc, not a branch: the walk's
// crossings alternate between age and period edges unpredictably).
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// daysUp returns ⌈t⌉ as int32, at least 1.
func daysUp(t float64) int32 {
	return int32(max(1, math.Ceil(t)))
}
