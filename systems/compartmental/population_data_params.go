package compartmental

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// PopulationDataName is the name of [PopulationData].
const PopulationDataName = "PopulationDataProcess"

// Values of [PopulationDataParams.Interpolation].
const (
	// InterpolationSpline is R's smooth.spline with a GCV-chosen penalty,
	// as pomp's He et al. (2010) code.
	InterpolationSpline = "smoothing_spline"
	// InterpolationNatural is the natural cubic spline through the
	// yearly figures (a smoothing spline with no smoothing).
	InterpolationNatural = "natural_spline"
	// InterpolationLinear joins the yearly figures by straight lines.
	InterpolationLinear = "linear"
)

// PopulationDataParams configures [PopulationData].
type PopulationDataParams struct {
	// Table is the CSV file id,year,pop,births (relative to the run file).
	Table string `json:"table" path:"relative" doc:"required: CSV file with columns id (or id_column), year, pop, births: each place's census population and live births per calendar year (relative to the run file)"`
	// IDColumn names the table's id column.
	IDColumn string `json:"id_column" doc:"the table's id column (He et al.'s files call it \"town\")"`
	// Delay is the lag in years between births and their entry into S.
	Delay float64 `json:"delay" doc:"years between a birth and its entry into S, ≥ 0 (He et al.: 4, children enter the pool at school age)"`
	// Cohort is the share of a year's entries that enter on CohortDay.
	Cohort systems.PatchValue `json:"cohort" doc:"share of each year's entries into S on the cohort day, in [0, 1]; the rest enter evenly (number or {column = \"NAME\"})"`
	// CohortDay is the day of the decimal year of the cohort's entry.
	CohortDay float64 `json:"cohort_day" doc:"day of the decimal year (0 ≤ day < 365) of the school-entry cohort: entry when |day − cohort_day·365.25/365| < ½ (He et al.: 251)"`
	// Interpolation is "smoothing_spline" or "linear".
	Interpolation string `json:"interpolation" doc:"between census years: \"smoothing_spline\" (R's smooth.spline with GCV, sampled monthly and joined linearly, as pomp's code), \"natural_spline\" (through every yearly figure) or \"linear\""`
	// ResidualR sets R = P(t) − S − E − I after every step.
	ResidualR bool `json:"residual_r" doc:"after each day set R = round(P(t)) − S − E − I (at least 0): the population follows the data"`
}

// DefaultPopulationDataParams returns He et al.'s choices: a 4-year delay,
// no cohort, the cohort day 251, smoothing splines and R from the data.
func DefaultPopulationDataParams() PopulationDataParams {
	return PopulationDataParams{IDColumn: "id", Delay: 4, CohortDay: 251, Interpolation: InterpolationSpline, ResidualR: true}
}

// Validate checks the keys.
func (p PopulationDataParams) Validate() error {
	var errs []error
	if p.Table == "" {
		errs = append(errs, fmt.Errorf("%s: table is required (a CSV file id,year,pop,births)", PopulationDataName))
	}
	if p.IDColumn == "" {
		errs = append(errs, fmt.Errorf("%s: id_column must not be empty", PopulationDataName))
	}
	if !(p.Delay >= 0 && p.Delay <= 100) {
		errs = append(errs, fmt.Errorf("%s: delay must be in [0, 100] years, got %v", PopulationDataName, p.Delay))
	}
	errs = append(errs, p.Cohort.Check(PopulationDataName+": cohort", systems.UnitInterval, "in [0, 1]"))
	if !(p.CohortDay >= 0 && p.CohortDay < 365) || math.IsNaN(p.CohortDay) {
		errs = append(errs, fmt.Errorf("%s: cohort_day must be in [0, 365), got %v", PopulationDataName, p.CohortDay))
	}
	errs = append(errs, paramkit.Choice(PopulationDataName+": interpolation", p.Interpolation, InterpolationSpline, InterpolationNatural, InterpolationLinear))
	return errors.Join(errs...)
}

// DecodePopulationDataParams decodes a JSON object strictly over the
// defaults and validates it.
func DecodePopulationDataParams(data []byte) (PopulationDataParams, error) {
	return params.DecodeComponent(data, DefaultPopulationDataParams(), params.KeyRules{Component: PopulationDataName})
}
