package model

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/ecs"
)

// WithCompartments declares the model's compartments after S, I and R, in
// order (default none: the biweekly S, I, R model). Each is made with
// [ecs.NewCompartment] over a component type of the caller's own and
// starts at 0 in every patch; the world stores it as one more column, and
// every state list follows: [ecs.World.StateNames], [Patches], the
// StateTracker and its tidy export, snapshots and the results summary.
// Names and types are checked as by [ecs.CheckCompartments]. A later call
// replaces the list.
//
// The built-in phases see an extra compartment by its roles
// ([ecs.Compartment.WithRoles], [ecs.Roles]): counted in the population N
// (the force, importation, crude births, deaths from data), dying with the
// others (VitalDynamics, ConstantPop), susceptible with a relative
// susceptibility σ (the infection phases). Without roles it is invisible to
// them, as before roles existed. VitalDynamics' births_to sends births to
// one. The phases that move people in and out of an extra compartment
// otherwise own it (see examples/sirs and examples/maternal).
// [LoadSnapshot] and [LoadEnsembleSnapshot] need the same declaration as
// the saved model (a snapshot stores the roles and gives them back to the
// registered compartments it declares by itself).
func WithCompartments(extra ...ecs.Compartment) Option {
	return func(c *config) error {
		if err := ecs.CheckCompartments(extra); err != nil {
			return fmt.Errorf("model: WithCompartments: %w", err)
		}
		c.compartments, c.compartmentsSet = slices.Clone(extra), true
		return nil
	}
}

// compartmentRoles returns the roles of w's extra compartments that have
// any, by name; nil when none has.
func compartmentRoles(w *ecs.World) map[string]ecs.Roles {
	var roles map[string]ecs.Roles
	for _, c := range w.Compartments()[w.Builtin():] {
		if r := c.Roles(); !r.IsZero() {
			if roles == nil {
				roles = map[string]ecs.Roles{}
			}
			roles[c.Name()] = r
		}
	}
	return roles
}
