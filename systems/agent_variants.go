package systems

import (
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// The processes every model type shares (the equilibrium split, the
// seeding and the importation) move agents in the agent-based model. Their
// agent variants live in package abm and reach them as functions, which
// package model's registry wires in (abm's NewInitializeEquilibriumStates,
// NewInfectionSeeding and NewImportationPressure do the same): without
// one, the process refuses an agent world.

// AgentEquilibrium splits the susceptible agents of the model's agent
// table at r0 (the agent-based model's InitializeEquilibriumStates),
// drawing from owner's streams.
type AgentEquilibrium func(m phases.Model, owner phases.Component, t *agents.Table, r0 float64) error

// ExposeAgents exposes n distinct random susceptible agents of patch j on
// day today (S → E with a latent timer), drawn from src.
type ExposeAgents func(j int, n int64, today int32, src *rng.Source)

// AgentExposure returns the exposure of the model's agent-based
// transmission (which draws the latent periods); component names the
// process asking, for the error of a model without that transmission.
type AgentExposure func(m phases.Model, component string) (ExposeAgents, error)

// needAgentVariant is the error of a shared process without its agent
// variant in an agent world; nil in a patch model.
func needAgentVariant(m phases.Model, name string, missing bool) error {
	if t, _ := agents.Of(m.World()); t == nil || !missing {
		return nil
	}
	return fmt.Errorf("%s: the agent-based model (model = \"abm\") needs the agent variant of %s (package abm's factory)", name, name)
}
