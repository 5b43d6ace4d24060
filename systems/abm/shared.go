package abm

import (
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// NewInitializeEquilibriumStates returns a factory of the shared
// equilibrium split whose agent variant is [InitializeEquilibrium] (the
// registry wires the same); nil params mean R0 = 8.
func NewInitializeEquilibriumStates(p *systems.EquilibriumParams) phases.Factory {
	return systems.NewInitializeEquilibriumStatesFor(p, InitializeEquilibrium)
}

// NewInfectionSeeding returns a factory of the shared seeding whose agents
// are exposed by the model's ABMInfection ([Exposure]); nil params mean the
// defaults.
func NewInfectionSeeding(p *systems.SeedingParams) phases.Factory {
	return systems.NewInfectionSeedingFor(p, Exposure)
}

// NewImportationPressure returns a factory of the shared importation whose
// agents are exposed by the model's ABMInfection ([Exposure]); nil params
// mean the defaults of the model's tick.
func NewImportationPressure(p *systems.ImportationParams) phases.Factory {
	return systems.NewImportationPressureFor(p, Exposure)
}
