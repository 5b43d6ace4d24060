package abm

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// AgeTable is the age pyramid of a WPPVitalDynamicsProcess
// (demographics.AgeDistribution): counts per age band [Edges[i],
// Edges[i+1]) in days, and a draw of an age in days.
type AgeTable interface {
	Sample(src *rng.Source) int32
	Edges() []float64
	Counts() []float64
}

// MortalityTable is the age- and period-specific mortality of a
// WPPVitalDynamicsProcess (demographics.MortalityTable): the daily rate at
// an age in days and a calendar year, the check that a year is inside the
// table, and the day of death after an age, walked along the cohort.
type MortalityTable interface {
	Rate(ageDays, year float64) float64
	CheckYear(year float64) error
	DeathAfter(src *rng.Source, ageDays int32, year float64) int32
}

// FertilityTable is the crude birth rate by period of a
// WPPVitalDynamicsProcess (demographics.FertilityTable).
type FertilityTable interface {
	BirthRateAt(year float64) (float64, error)
	YearEdges() []float64
}

// WPPTables are the demographic tables of a WPPVitalDynamicsProcess, read
// only once built (an ensemble's replicates share them). They reach the
// process as an input: package model builds them from package demographics
// (the CSV files the params name, or the UN World Population Prospects of
// their country).
type WPPTables struct {
	Ages      AgeTable
	Mortality MortalityTable
	Fertility FertilityTable
	// PeakGrowth returns the largest expected population over days from
	// startYear relative to the start (demographics.PeakGrowth of the three
	// tables).
	PeakGrowth func(startYear float64, days int) (float64, error)
	// Digest identifies the mortality and fertility tables' values (stored
	// in snapshots: a resumed run refuses other tables).
	Digest string
}

// WPPLoader builds the tables of params p; every problem is joined, each
// naming the key and its value.
type WPPLoader func(p WPPVitalParams) (WPPTables, error)

// sharedWPPTables builds the tables of p with load once per model family
// ([phases.Model.Shared]).
func sharedWPPTables(m phases.Model, p WPPVitalParams, load WPPLoader) (WPPTables, error) {
	key := fmt.Sprintf("%s tables: country_code=%q year=%v pyramid=%q mortality=%q fertility=%q",
		WPPVitalDynamicsName, strings.ToUpper(strings.TrimSpace(p.CountryCode)), p.Year, p.Pyramid, p.Mortality, p.Fertility)
	v, err := m.Shared(key, func() (any, error) { return load(p) })
	if err != nil {
		return WPPTables{}, err
	}
	return v.(WPPTables), nil
}
