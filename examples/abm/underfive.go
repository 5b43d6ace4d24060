package main

import (
	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// underFiveDays is the age, in days, below which an infected agent counts
// as a child under five (5 × 365).
const underFiveDays = 5 * 365

// UnderFive is a phase of the program's own that reads the agent table:
// each day it counts the infections (S → E by transmission, importation or
// seeding) of children under five, per patch. It changes no agent and
// draws nothing, so the run's other outputs are those of run.toml, which
// does not have it. A phase with state that must survive a resume would
// also implement phases.Snapshotter.
type UnderFive struct {
	t        *agents.Table
	PerPatch []int64 // infections of children under five per patch, since the start
}

// Name returns the phase's name.
func (c *UnderFive) Name() string { return "UnderFiveInfections" }

// Initialize fetches the agent table once.
func (c *UnderFive) Initialize(m phases.Model) error {
	t, err := agents.Of(m.World()) // the agent table: an error in a patch model
	if err != nil {
		return err
	}
	c.t, c.PerPatch = t, make([]int64, t.Patches())
	return nil
}

// Step counts the day's infections by the infected agents' ages: the
// day's list is complete once the infection phases of the day have run.
func (c *UnderFive) Step(_ phases.Model, tick int) error {
	day := int32(tick)
	for _, id := range c.t.Infected(day) {
		if day-c.t.DOB[id] < underFiveDays {
			c.PerPatch[c.t.Patch[id]]++
		}
	}
	return nil
}
