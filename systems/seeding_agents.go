package systems

import (
	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// agentSeeder returns, in the agent-based model, the function that seeds n
// infections in patch j: n distinct random susceptibles exposed (S → E
// with a latent timer of the model's InfectionProcess, the seeding's
// [AgentExposure]), drawn from the seeding's own stream of the patch; nil
// in a patch model.
func (c *InfectionSeeding) agentSeeder(m phases.Model) (func(j int, n int64), error) {
	if t, _ := agents.Of(m.World()); t == nil {
		return nil, nil
	}
	if err := needAgentVariant(m, SeedingName, c.expose == nil); err != nil {
		return nil, err
	}
	expose, err := c.expose(m, SeedingName)
	if err != nil {
		return nil, err
	}
	streams, err := m.Streams(c)
	if err != nil {
		return nil, err
	}
	today := int32(m.Tick())
	return func(j int, n int64) { expose(j, n, today, streams.ForPatch(j)) }, nil
}
