package model

import (
	"fmt"
	"slices"
	"sync"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/params"
)

// compartmentRegistry holds the compartments a program registered with
// [RegisterCompartment], by name, in registration order.
var compartmentRegistry struct {
	sync.RWMutex
	list []ecs.Compartment
}

// RegisterCompartment makes compartment c known by its name, so that run
// files can declare it (`compartments = ["W"]`, see [RunFile]) and
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

// unknownCompartmentError names an unregistered compartment.
func unknownCompartmentError(name string) error {
	var known []string
	for _, c := range RegisteredCompartments() {
		known = append(known, c.Name())
	}
	switch s := params.Suggest(name, known); {
	case s != "":
		return fmt.Errorf("unknown compartment %s (did you mean %q?)", echo.Quote(name), s)
	case len(known) == 0:
		return fmt.Errorf("unknown compartment %s: no compartment is registered (a program registers its own with model.RegisterCompartment before it runs)", echo.Quote(name))
	default:
		return fmt.Errorf("unknown compartment %s (registered: %q)", echo.Quote(name), known)
	}
}
