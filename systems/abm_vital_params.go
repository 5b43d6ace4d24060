package systems

import (
	"errors"

	"github.com/rubeola/rubeola/params"
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
}

// DefaultABMVitalParams returns CBR 20 and CDR 8 per 1000 per year.
func DefaultABMVitalParams() ABMVitalParams {
	return ABMVitalParams{CrudeBirthRate: 20, CrudeDeathRate: 8}
}

// Validate checks that both rates are finite numbers ≥ 0.
func (p ABMVitalParams) Validate() error {
	return errors.Join(checkNonNegative(VitalDynamicsName+": crude_birth_rate", p.CrudeBirthRate),
		checkNonNegative(VitalDynamicsName+": crude_death_rate", p.CrudeDeathRate))
}

var abmVitalKeys = params.KeyRules{
	Component: VitalDynamicsName,
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
