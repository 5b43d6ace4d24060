package model

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/systems/abm"
)

// LoadWPPTables is the WPPVitalDynamicsProcess's table loader
// ([abm.WPPLoader]) the registry wires in: it reads the CSV files p
// names and derives the others from the UN World Population Prospects of
// p.CountryCode (downloaded once into the cache,
// demographics.NewPopProspects). Every problem is joined, each naming the
// key and its value.
func LoadWPPTables(p abm.WPPVitalParams) (abm.WPPTables, error) {
	var pp *demographics.PopProspects
	if p.UsesWPP() {
		var err error
		pp, err = demographics.NewPopProspects(p.CountryCode)
		if err != nil {
			return abm.WPPTables{}, fmt.Errorf("%s: country_code = %q: %w", abm.WPPVitalDynamicsName, p.CountryCode, err)
		}
	}
	var (
		ages *demographics.AgeDistribution
		mort *demographics.MortalityTable
		fert *demographics.FertilityTable
		errs []error
		err  error
	)
	wrap := func(key, value string, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %s = %s: %w", abm.WPPVitalDynamicsName, key, value, err))
		}
	}
	if p.Pyramid != "" {
		ages, err = demographics.LoadAgeDistributionCSV(p.Pyramid)
		wrap("pyramid", fmt.Sprintf("%q", p.Pyramid), err)
	} else {
		ages, err = pp.AgeDistribution(p.Year)
		wrap("year", fmt.Sprint(p.Year), err)
	}
	if p.Mortality != "" {
		mort, err = demographics.LoadMortalityCSV(p.Mortality)
		wrap("mortality", fmt.Sprintf("%q", p.Mortality), err)
	} else {
		mort, err = pp.VitalData.Mortality()
		wrap("country_code", fmt.Sprintf("%q", p.CountryCode), err)
	}
	if p.Fertility != "" {
		fert, err = demographics.LoadFertilityCSV(p.Fertility)
		wrap("fertility", fmt.Sprintf("%q", p.Fertility), err)
	} else {
		fert, err = pp.VitalData.Fertility()
		wrap("country_code", fmt.Sprintf("%q", p.CountryCode), err)
	}
	if err := errors.Join(errs...); err != nil {
		return abm.WPPTables{}, err
	}
	return abm.WPPTables{
		Ages: ages, Mortality: mort, Fertility: fert,
		PeakGrowth: func(startYear float64, days int) (float64, error) {
			return demographics.PeakGrowth(ages, mort, fert, startYear, days)
		},
		Digest: wppDigest(mort, fert),
	}, nil
}

// wppDigest is "sha256:" and the SHA-256 of the mortality and fertility
// tables' values (the files' or the WPP data's, as read: a file rewritten
// with the same values continues the run, other WPP data do not).
func wppDigest(mort *demographics.MortalityTable, fert *demographics.FertilityTable) string {
	h := sha256.New()
	fmt.Fprint(h, *mort, *fert)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
