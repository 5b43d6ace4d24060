package model

import (
	"math"
	"time"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// agentMargin is the share of rows the agent table reserves beyond the
// initial population and the planners' births (agents.CapacityPlanner),
// for the Poisson scatter of births around their expectation (1 %; at
// least agentMarginMin rows).
const (
	agentMargin    = 0.01
	agentMarginMin = 1024
)

// AgentCapacity returns the number of rows the agent table of an
// agent-based model reserves for a run of num_ticks ticks: the initial
// population, the births its components plan (agents.CapacityPlanner) and
// a margin of 1 % (at least 1024 rows); 0 for a patch model.
func (m *Model) AgentCapacity() int64 {
	if !m.cfg.mtype.agents {
		return 0
	}
	var n float64
	for _, p := range m.scn.Pop {
		n += float64(p)
	}
	for _, c := range m.instances {
		if pl, ok := c.(agents.CapacityPlanner); ok {
			n += float64(pl.ExtraAgents(m, m.p.NumTicks))
		}
	}
	n += max(n*agentMargin, agentMarginMin)
	return int64(min(n, math.MaxInt64/2))
}

// agentsItem is the memory estimate's name of the agent table.
const agentsItem = "agents"

// agentStorage is the memory estimate's item of the agent table, or false
// for a patch model.
func (m *Model) agentStorage() (MemoryItem, bool) {
	if !m.cfg.mtype.agents {
		return MemoryItem{}, false
	}
	n := m.AgentCapacity()
	return MemoryItem{Component: agentsItem, Storage: phases.Storage{ElemBytes: agents.BytesPerAgent,
		Dims: []phases.Dim{{N: int(min(n, math.MaxInt)), Unit: "agents"}}}}, true
}

// initAgents creates the agent table of an agent-based model on its first
// initialisation: one susceptible agent per person of each patch's pop,
// patch 0's first, with capacity [Model.AgentCapacity]; then the instances
// that draw ages (agents.AgeInitializer) draw them, in schedule order (their
// time counted in their init time).
func (m *Model) initAgents() error {
	if !m.cfg.mtype.agents || ecsHasAgents(m) {
		return nil
	}
	counts, err := agents.WorldCounts(m.world)
	if err != nil {
		return err
	}
	t, err := agents.New(counts, int(m.AgentCapacity()))
	if err != nil {
		return err
	}
	if err := t.Populate(m.scn.Pop); err != nil {
		return err
	}
	agents.Attach(m.world, t)
	for _, c := range m.instances {
		if a, ok := c.(agents.AgeInitializer); ok {
			start := time.Now()
			err := a.InitializeAges(m, t)
			m.timing.Init[c.Name()] += time.Since(start).Microseconds()
			if err != nil {
				return initError(c, err)
			}
		}
	}
	return nil
}

// ecsHasAgents reports whether the model's world has its agent table.
func ecsHasAgents(m *Model) bool {
	_, err := agents.Of(m.world)
	return err == nil
}
