package abm

import (
	"fmt"
	"math"
	"time"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/rng"
)

// wppLife is the demography of population-prospects tables: initial ages
// from an age pyramid, deaths from an age- and period-specific mortality
// table walked along each agent's cohort, births from a crude birth rate
// by period. Day t of the run is the calendar date year0 + t/365 (the
// tables' 365-day years).
type wppLife struct {
	ages  AgeTable
	mort  MortalityTable
	fert  FertilityTable
	peak  func(startYear float64, days int) (float64, error)
	year0 float64 // calendar date of tick 0
	first float64 // the fertility table's first and last years
	last  float64
	cdr   float64 // the initial pyramid's deaths per person per day at year0
}

// calendarYear returns d as a calendar year with a fraction of 365-day
// years: the year plus (day of the year − 1)/365, below the next year.
func calendarYear(d time.Time) float64 {
	return float64(d.Year()) + min(float64(d.YearDay()-1)/daysPerYear, math.Nextafter(1, 0))
}

// newWPPLife returns the life of the tables for a run starting on start.
func newWPPLife(tab WPPTables, start time.Time) *wppLife {
	edges := tab.Fertility.YearEdges()
	l := &wppLife{ages: tab.Ages, mort: tab.Mortality, fert: tab.Fertility, peak: tab.PeakGrowth, year0: calendarYear(start),
		first: edges[0], last: edges[len(edges)-1]}
	// The crude death rate of the pyramid: Σ c_i·m(mid_i, year0) / Σ c_i.
	e, c := tab.Ages.Edges(), tab.Ages.Counts()
	var deaths, n float64
	for i, ci := range c {
		deaths += ci * tab.Mortality.Rate((e[i]+e[i+1])/2, l.year0)
		n += ci
	}
	l.cdr = deaths / n
	return l
}

// year returns the calendar date of day t.
func (l *wppLife) year(t int32) float64 { return l.year0 + float64(t)/daysPerYear }

// checkRun refuses a run whose dates, from tick 0 to the end of its ticks
// days, are not all inside both tables' years: births and deaths would
// otherwise run on rates the tables do not give (a run past them must say
// what the rates are, in a table that covers its years).
func (l *wppLife) checkRun(ticks int) error {
	end := l.year(int32(min(ticks, math.MaxInt32)))
	check := func(y float64) error {
		if err := l.mort.CheckYear(y); err != nil {
			return err
		}
		_, err := l.fert.BirthRateAt(y)
		return err
	}
	for _, y := range []float64{l.year0, end} {
		if err := check(y); err != nil {
			return fmt.Errorf("the run's dates %.6g to %.6g (its start date and %d daily ticks) must lie within the mortality and fertility tables' years (give tables covering them, or fewer ticks): %w",
				l.year0, end, ticks, err)
		}
	}
	return nil
}

func (l *wppLife) hasAges() bool { return true }

// age draws from the pyramid ([demographics.AgeDistribution.Sample]).
func (l *wppLife) age(src *rng.Source) int32 { return l.ages.Sample(src) }

// deathDay is today + DeathAfter(age, date of today): the cohort walk of
// the mortality table ([demographics.MortalityTable.DeathAfter]).
func (l *wppLife) deathDay(src *rng.Source, ageDays, today int32) int32 {
	d := l.mort.DeathAfter(src, ageDays, l.year(today))
	return int32(min(int64(today)+int64(d), int64(agents.NoDeath-1)))
}

// birthRate is the fertility table's rate of day today's date, held at
// the first or last period outside the table (checkRun refuses such runs;
// the hold only covers a model stepped past its planned ticks).
func (l *wppLife) birthRate(today int32) float64 {
	r, err := l.fert.BirthRateAt(min(max(l.year(today), l.first), l.last))
	if err != nil {
		return 0 // unreachable: the date is clamped into the table
	}
	return r
}

func (l *wppLife) deathRate() float64 { return l.cdr }

// extraAgents returns the rows the births may need beyond the initial
// population over ticks days: N0·(peak − 1), peak the largest expected
// population relative to the start ([demographics.PeakGrowth]); 0 when the
// run's dates are outside the fertility table (checkRun refuses the run
// at initialisation).
func (l *wppLife) extraAgents(n0 int64, ticks int) int64 {
	peak, err := l.peak(l.year0, ticks)
	if err != nil {
		return 0
	}
	return int64(min(float64(n0)*(peak-1), math.MaxInt64/4))
}
