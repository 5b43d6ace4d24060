package abm

import (
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/internal/wppages"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// ABMVitalParams configures [ABMVitalDynamics], the agent-based model's
// VitalDynamicsProcess with crude rates (the reference's ABM
// VitalDynamicsParams' crude_birth_rate and crude_death_rate; routine
// immunisation is the immunity phases', which act on
// agents.Table.Newborns).
type ABMVitalParams struct {
	// CrudeBirthRate is births per 1000 per year.
	CrudeBirthRate float64 `json:"crude_birth_rate" doc:"births per 1000 per year, ≥ 0: b_j ~ Poisson(N_j·crude_birth_rate/1000/365) per patch per day"`
	// CrudeDeathRate is deaths per 1000 per year.
	CrudeDeathRate float64 `json:"crude_death_rate" doc:"deaths per 1000 per year, ≥ 0: each agent's remaining life ~ Exponential(crude_death_rate/1000/365 per day), its death scheduled on the day"`
	// MaxAge is the age in years at which every agent dies (0: none).
	MaxAge float64 `json:"max_age" doc:"age in years at which every agent dies, 0 < max_age ≤ 150, or 0 for none (unbounded exponential ages): initial ages from the stable distribution truncated there, deaths at the latest on that birthday"`
}

// DefaultMaxAgeYears is the default maximum age of the agent-based
// model's crude VitalDynamicsProcess: 100 years.
const DefaultMaxAgeYears = 100

// DefaultABMVitalParams returns CBR 20 and CDR 8 per 1000 per year and a
// maximum age of 100 years.
func DefaultABMVitalParams() ABMVitalParams {
	return ABMVitalParams{CrudeBirthRate: 20, CrudeDeathRate: 8, MaxAge: DefaultMaxAgeYears}
}

// Validate checks that both rates are finite numbers ≥ 0 and max_age is 0
// or in (0, 150] years (wppages.MaxAgeDays, the ages of int32 days).
func (p ABMVitalParams) Validate() error {
	var age error
	if !(p.MaxAge >= 0 && p.MaxAge <= wppages.MaxAgeDays/wppages.DaysPerYear) {
		age = fmt.Errorf("%s: max_age must be 0 (no maximum) or an age in years in (0, %d], got %v",
			systems.VitalDynamicsName, wppages.MaxAgeDays/wppages.DaysPerYear, p.MaxAge)
	}
	return errors.Join(paramkit.NonNegative(systems.VitalDynamicsName+": crude_birth_rate", p.CrudeBirthRate),
		paramkit.NonNegative(systems.VitalDynamicsName+": crude_death_rate", p.CrudeDeathRate), age)
}

var abmVitalKeys = params.KeyRules{
	Component: systems.VitalDynamicsName,
	Rejected: map[string]string{
		"mcv1_efficacy": "the agent-based model's routine immunisation is its own phase, RoutineImmunizationProcess (keys efficacy, efficacy_under_12m, mcv1_age)",
		"births":        "the agent-based model's VitalDynamicsProcess takes crude rates",
		"deaths":        "the agent-based model's VitalDynamicsProcess takes crude rates",
		"cohort":        "the agent-based model has ages: no cohort flow",
	},
}

// DecodeABMVitalParams decodes a JSON object strictly over the defaults.
func DecodeABMVitalParams(data []byte) (ABMVitalParams, error) {
	return params.DecodeComponent(data, DefaultABMVitalParams(), abmVitalKeys)
}
