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
// The built-in phases act on S, I and R only: people in an extra
// compartment are not part of Infection's N_j, and vital dynamics,
// importation, SIA and the constant-population step neither count nor move
// them. The phases that move people in and out of an extra compartment own
// it (see examples/sirs). [LoadSnapshot] and [LoadEnsembleSnapshot] need
// the same declaration as the saved model.
func WithCompartments(extra ...ecs.Compartment) Option {
	return func(c *config) error {
		if err := ecs.CheckCompartments(extra); err != nil {
			return fmt.Errorf("model: WithCompartments: %w", err)
		}
		c.compartments, c.compartmentsSet = slices.Clone(extra), true
		return nil
	}
}
