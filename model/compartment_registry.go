package model

import (
	"fmt"
	"slices"
	"sync"

	"github.com/rubeola/rubeola/ecs"
)

// compartmentRegistry holds the compartments a program registered with
// [RegisterCompartment], by name, in registration order.
var compartmentRegistry struct {
	sync.RWMutex
	list []ecs.Compartment
}

// RegisterCompartment makes compartment c known by its name, so that run
// files can declare it (`compartments = ["W"]`, see package runfile) and
// [LoadSnapshot] and [LoadEnsembleSnapshot] declare it by themselves when
// a snapshot holds it: a user's own binary registers its compartments (and
// the components that move people through them, [Register]) before
// cli.Main, and `rubeola run --config` and `rubeola resume` then work for
// the variant. Names and types are checked together with those registered
// before, as by [ecs.CheckCompartments]: a name or component type
// registered twice is an error. Registering does not add c to any model;
// [WithCompartments] (or a run file) does.
func RegisterCompartment(c ecs.Compartment) error {
	compartmentRegistry.Lock()
	defer compartmentRegistry.Unlock()
	all := append(slices.Clone(compartmentRegistry.list), c)
	if err := ecs.CheckCompartments(all); err != nil {
		return fmt.Errorf("model: RegisterCompartment: %w", err)
	}
	compartmentRegistry.list = all
	return nil
}

// MustRegisterCompartment is [RegisterCompartment] that panics on error,
// for package-level registration of a program's own compartments.
func MustRegisterCompartment(c ecs.Compartment) {
	if err := RegisterCompartment(c); err != nil {
		panic(err)
	}
}

// RegisteredCompartments returns the registered compartments in
// registration order.
func RegisteredCompartments() []ecs.Compartment {
	compartmentRegistry.RLock()
	defer compartmentRegistry.RUnlock()
	return slices.Clone(compartmentRegistry.list)
}

// LookupCompartment returns the registered compartment named name; ok is
// false when none is.
func LookupCompartment(name string) (c ecs.Compartment, ok bool) {
	compartmentRegistry.RLock()
	defer compartmentRegistry.RUnlock()
	for _, c := range compartmentRegistry.list {
		if c.Name() == name {
			return c, true
		}
	}
	return ecs.Compartment{}, false
}
