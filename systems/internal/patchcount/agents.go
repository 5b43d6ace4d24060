package patchcount

import (
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// RefuseAgents is the error of a patch-count process (named name) in the
// agent-based model, whose counts only its agents may change; nil in a
// patch model.
func RefuseAgents(m phases.Model, name string) error {
	if t, _ := agents.Of(m.World()); t == nil {
		return nil
	}
	return fmt.Errorf("%s: this process moves patch counts, not agents: the agent-based model (model = \"abm\") needs its own %s", name, name)
}
