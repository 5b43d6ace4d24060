package abm

import (
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// WPPVitalDynamics is the agent-based model's WPPVitalDynamicsProcess:
// demography from population prospects (the reference's WPP vital
// dynamics; docs/abm.md, docs/demography.md). Initial ages are drawn from
// the age pyramid of year ([agents.AgeInitializer]); each agent's death is
// drawn from the mortality table along its cohort
// (demographics.MortalityTable.DeathAfter at its age and the date), at the
// start and at birth, and fired from the death calendar; per patch per day
// b_j ~ Poisson(N_j·f(date)) births into free rows (state S, listed in
// agents.Table.Newborns), f the fertility table's births per person per
// day. The table's capacity is planned from the expected population
// ([agents.CapacityPlanner], demographics.PeakGrowth). It publishes
// ecs.Flows Births and Deaths.
type WPPVitalDynamics struct {
	p      WPPVitalParams
	life   *wppLife
	digest string // the tables' WPPTables.Digest
	abmVital
}

// NewWPPVitalDynamics returns a factory; nil params mean the defaults.
// The factory builds the tables of the params with load (once per model
// family; package model's loader reads the CSV files, or the WPP data of
// country_code) and refuses a run whose dates lie outside them.
func NewWPPVitalDynamics(p *WPPVitalParams, load WPPLoader) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultWPPVitalParams())
		if err != nil {
			return nil, err
		}
		tab, err := sharedWPPTables(m, q, load)
		if err != nil {
			return nil, err
		}
		life := newWPPLife(tab, m.StartDate())
		if err := life.checkRun(m.Params().NumTicks); err != nil {
			return nil, fmt.Errorf("%s: %w", WPPVitalDynamicsName, err)
		}
		return &WPPVitalDynamics{p: q, life: life, digest: tab.Digest,
			abmVital: abmVital{name: WPPVitalDynamicsName, life: life}}, nil
	}
}

// Name returns "WPPVitalDynamicsProcess".
func (c *WPPVitalDynamics) Name() string { return WPPVitalDynamicsName }

// Params returns the instance's params.
func (c *WPPVitalDynamics) Params() WPPVitalParams { return c.p }

// InitializeAges draws the initial ages from the pyramid and each agent's
// death from the mortality table ([agents.AgeInitializer]).
func (c *WPPVitalDynamics) InitializeAges(m phases.Model, t *agents.Table) error {
	return c.initializeAges(m, c, t)
}

// ExtraAgents returns the rows the births may need
// ([agents.CapacityPlanner]).
func (c *WPPVitalDynamics) ExtraAgents(m phases.Model, ticks int) int64 {
	return c.life.extraAgents(m.Scenario().TotalPop(), ticks)
}

// Initialize attaches to the table, publishes the flows and refuses a run
// whose dates lie outside the tables.
func (c *WPPVitalDynamics) Initialize(m phases.Model) error {
	if err := c.life.checkRun(m.Params().NumTicks); err != nil {
		return fmt.Errorf("%s: %w", WPPVitalDynamicsName, err)
	}
	return c.initialize(m, c)
}

// Step runs one day of births and deaths.
func (c *WPPVitalDynamics) Step(m phases.Model, tick int) error { return c.step(m, tick) }
