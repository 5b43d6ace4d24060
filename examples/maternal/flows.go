package main

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/phases"
)

// flowTotals sums the flows the built-in processes publish (ecs.Flows),
// read every tick from their views without a copy: a phase placed after
// VitalDynamics and compartmental.Infection.
type flowTotals struct {
	flows                             *ecs.Flows
	births, vaccinated, cohort, death int64
	infections                        int64
}

// Name returns "FlowTotals".
func (c *flowTotals) Name() string { return "FlowTotals" }

// Initialize keeps the world's Flows (the publishers set their views in
// their own Initialize, which runs first: they are earlier in the list).
func (c *flowTotals) Initialize(m phases.Model) error {
	c.flows = ecs.FlowsOf(m.World())
	return nil
}

// Step adds the tick's flows.
func (c *flowTotals) Step(phases.Model, int) error {
	c.births += sum(c.flows.Births)
	c.vaccinated += sum(c.flows.VaccinatedBirths)
	c.cohort += sum(c.flows.Cohort)
	c.death += sum(c.flows.Deaths)
	c.infections += sum(c.flows.Infections)
	return nil
}

// sum returns Σ v.
func sum(v []int64) int64 {
	var s int64
	for _, x := range v {
		s += x
	}
	return s
}
