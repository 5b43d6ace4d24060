package model

import (
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// registerABMWPP registers the agent-based model's vital dynamics from
// population prospects (docs/abm.md "Vital dynamics from population
// prospects").
func registerABMWPP() {
	MustRegister(NewComponentType(ComponentSpec[*abm.WPPVitalDynamics, abm.WPPVitalParams]{
		Name: abm.WPPVitalDynamicsName, Kind: KindPhase, Model: TypeABM,
		Summary:  "Demography from UN World Population Prospects (or CSV tables): initial ages from the pyramid of year; each agent's death drawn from the age- and period-specific mortality along its cohort; b_j ~ Poisson(N_j·f(date)) births per patch per day from the fertility table into free rows (S, listed as the table's newborns).",
		Defaults: abm.DefaultWPPVitalParams,
		New:      func(p *abm.WPPVitalParams) phases.Factory { return abm.NewWPPVitalDynamics(p, LoadWPPTables) },
	}))
}
