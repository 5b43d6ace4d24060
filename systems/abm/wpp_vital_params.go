package abm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/internal/wppages"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// WPPVitalDynamicsName is the reference's name of the agent-based model's
// vital dynamics from population prospects.
const WPPVitalDynamicsName = "WPPVitalDynamicsProcess"

// WPPVitalParams configures [WPPVitalDynamics] (the reference's
// WPPVitalDynamicsParams: country_code, year), with optional CSV files
// that replace the tables derived from the UN World Population Prospects
// (docs/demography.md).
type WPPVitalParams struct {
	// CountryCode is the ISO 3166-1 alpha-3 code of the country, or "SSA".
	CountryCode string `json:"country_code" doc:"ISO 3166-1 alpha-3 code (any case) or \"SSA\": the UN World Population Prospects data of the tables not given as files (downloaded once into the cache, docs/demography.md)"`
	// Year is the year of the initial age pyramid.
	Year float64 `json:"year" doc:"the year of the WPP age pyramid the initial ages are drawn from, 1950–2100 (fractions interpolate); unused with pyramid"`
	// Pyramid is a CSV age pyramid replacing WPP's.
	Pyramid string `json:"pyramid" path:"relative" doc:"optional CSV file age_min,age_max,count (years) replacing the WPP pyramid of year (relative to the run file)"`
	// Mortality is a CSV mortality table replacing WPP's.
	Mortality string `json:"mortality" path:"relative" doc:"optional CSV file year_min,year_max,age_min,age_max,mx (deaths per person per year) replacing the WPP mortality (relative to the run file)"`
	// Fertility is a CSV table of crude birth rates replacing WPP's.
	Fertility string `json:"fertility" path:"relative" doc:"optional CSV file year_min,year_max,cbr (births per 1000 per year) replacing the WPP birth rates (relative to the run file)"`
}

// DefaultWPPVitalParams returns the reference's defaults: Nigeria, 2000,
// every table from WPP.
func DefaultWPPVitalParams() WPPVitalParams {
	return WPPVitalParams{CountryCode: "nga", Year: 2000}
}

// Validate checks the country code's form (three letters) and the year:
// finite, and within the tables' 1950–2100 when the initial pyramid comes
// from them (no pyramid file), so that a year out of range is refused
// before anything is downloaded. The tables themselves are checked when
// they are read.
func (p WPPVitalParams) Validate() error {
	var errs []error
	if code := strings.TrimSpace(p.CountryCode); len(code) != 3 || strings.Trim(strings.ToUpper(code), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		errs = append(errs, fmt.Errorf("%s: country_code %q is not an ISO 3166-1 alpha-3 code (three letters, e.g. \"nga\") or \"SSA\"", WPPVitalDynamicsName, p.CountryCode))
	}
	if err := paramkit.NonNegative(WPPVitalDynamicsName+": year", p.Year); err != nil {
		errs = append(errs, err)
	} else if p.Pyramid == "" && (p.Year < wppages.FirstYear || p.Year > wppages.LastYear) {
		errs = append(errs, fmt.Errorf("%s: year = %g is outside the population prospects' years %d–%d (the initial age pyramid is drawn from that year's table; or give pyramid = FILE)",
			WPPVitalDynamicsName, p.Year, wppages.FirstYear, wppages.LastYear))
	}
	return errors.Join(errs...)
}

// UsesWPP reports whether any table comes from the population prospects.
func (p WPPVitalParams) UsesWPP() bool {
	return p.Pyramid == "" || p.Mortality == "" || p.Fertility == ""
}
