package systems

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/phases"
)

// wppTables are the three demographic tables of a WPPVitalDynamicsProcess,
// read-only once built (an ensemble's replicates share them).
type wppTables struct {
	ages *demographics.AgeDistribution
	mort *demographics.MortalityTable
	fert *demographics.FertilityTable
}

// sharedWPPTables builds the tables of p once per model family
// ([phases.Model.Shared]).
func sharedWPPTables(m phases.Model, p WPPVitalParams) (wppTables, error) {
	key := fmt.Sprintf("%s tables: country_code=%q year=%v pyramid=%q mortality=%q fertility=%q",
		WPPVitalDynamicsName, strings.ToUpper(strings.TrimSpace(p.CountryCode)), p.Year, p.Pyramid, p.Mortality, p.Fertility)
	v, err := m.Shared(key, func() (any, error) { return loadWPPTables(p) })
	if err != nil {
		return wppTables{}, err
	}
	return v.(wppTables), nil
}

// loadWPPTables reads the CSV files p names and derives the others from
// the UN World Population Prospects of p.CountryCode (downloaded once into
// the cache, demographics.NewPopProspects). Every problem is joined, each
// naming the key and its value.
func loadWPPTables(p WPPVitalParams) (wppTables, error) {
	var pp *demographics.PopProspects
	if p.usesWPP() {
		var err error
		pp, err = demographics.NewPopProspects(p.CountryCode)
		if err != nil {
			return wppTables{}, fmt.Errorf("%s: country_code = %q: %w", WPPVitalDynamicsName, p.CountryCode, err)
		}
	}
	var tab wppTables
	var errs []error
	wrap := func(key, value string, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %s = %s: %w", WPPVitalDynamicsName, key, value, err))
		}
	}
	var err error
	if p.Pyramid != "" {
		tab.ages, err = demographics.LoadAgeDistributionCSV(p.Pyramid)
		wrap("pyramid", fmt.Sprintf("%q", p.Pyramid), err)
	} else {
		tab.ages, err = pp.AgeDistribution(p.Year)
		wrap("year", fmt.Sprint(p.Year), err)
	}
	if p.Mortality != "" {
		tab.mort, err = demographics.LoadMortalityCSV(p.Mortality)
		wrap("mortality", fmt.Sprintf("%q", p.Mortality), err)
	} else {
		tab.mort, err = pp.VitalData.Mortality()
		wrap("country_code", fmt.Sprintf("%q", p.CountryCode), err)
	}
	if p.Fertility != "" {
		tab.fert, err = demographics.LoadFertilityCSV(p.Fertility)
		wrap("fertility", fmt.Sprintf("%q", p.Fertility), err)
	} else {
		tab.fert, err = pp.VitalData.Fertility()
		wrap("country_code", fmt.Sprintf("%q", p.CountryCode), err)
	}
	if err := errors.Join(errs...); err != nil {
		return wppTables{}, err
	}
	return tab, nil
}
