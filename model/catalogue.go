package model

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/rubeola/rubeola/phases"
)

// catalogue holds every registered component type in registration order:
// the built-ins first (systems in SPEC §5 order, then the trackers and the
// results writer), then the user's. Registration may run while other
// goroutines look types up.
var catalogue struct {
	sync.RWMutex
	types  []ComponentType
	byName map[string]int       // Go, reference and snake_case names → index
	byType map[reflect.Type]int // dynamic type → index
}

// Register adds a component type to the catalogue, after which run files
// (`[[phases]] type = "…"`, by any of its three names), `rubeola validate`,
// `rubeola components`, ensembles, sweeps and snapshots (saved with its
// params, rebuilt by [LoadSnapshot] without a factory) know it like a
// built-in. Build t with [NewComponentType]. A type without names, with an
// unknown kind or without its functions is an error, and so are params keys
// tagged omitempty or omitzero (stored params must hold every key), a Go name,
// reference name or snake_case form already used by a registered type (the
// names share one namespace), or a dynamic type already registered.
//
// Register is safe for concurrent use with lookups; register before
// building models from run files or snapshots (e.g. in main or an init
// function).
func Register(t ComponentType) error {
	if err := checkComponentType(t); err != nil {
		return err
	}
	catalogue.Lock()
	defer catalogue.Unlock()
	names := []string{t.GoName, t.Name, t.Snake}
	for _, n := range names {
		if k, dup := catalogue.byName[n]; dup {
			return fmt.Errorf("model: component name %q used by %s and %s", n, catalogue.types[k].GoName, t.GoName)
		}
	}
	if k, dup := catalogue.byType[t.goType]; dup {
		return fmt.Errorf("model: component type %v is already registered as %s", t.goType, catalogue.types[k].GoName)
	}
	if catalogue.byName == nil {
		catalogue.byName, catalogue.byType = map[string]int{}, map[reflect.Type]int{}
	}
	k := len(catalogue.types)
	catalogue.types = append(catalogue.types, t)
	for _, n := range names {
		catalogue.byName[n] = k
	}
	catalogue.byType[t.goType] = k
	return nil
}

// MustRegister is [Register] that panics on error, for package
// initialisation.
func MustRegister(t ComponentType) {
	if err := Register(t); err != nil {
		panic(err)
	}
}

// checkComponentType reports what makes t unfit for the catalogue.
func checkComponentType(t ComponentType) error {
	var errs []error
	if t.GoName == "" {
		errs = append(errs, errors.New("model: a component type needs a Go name (C is not a named type; set ComponentSpec.GoName)"))
	}
	if t.Name == "" {
		errs = append(errs, fmt.Errorf("model: component type %s: the reference name (what its Name() returns) is required", t.GoName))
	}
	if !slices.Contains([]string{KindPhase, KindInitialiser, KindFinaliser}, t.Kind) {
		errs = append(errs, fmt.Errorf("model: component type %s: kind %q is not %q, %q or %q", t.GoName, t.Kind, KindPhase, KindInitialiser, KindFinaliser))
	}
	if t.goType == nil || t.defaults == nil || t.decode == nil || t.params == nil {
		errs = append(errs, fmt.Errorf("model: component type %s: build it with NewComponentType, with Defaults, Decode, New and Params set", t.GoName))
	} else if t.goType.Kind() == reflect.Interface {
		errs = append(errs, fmt.Errorf("model: component type %s: %v is an interface; register a concrete type", t.GoName, t.goType))
	}
	if len(t.omitted) > 0 {
		errs = append(errs, fmt.Errorf("model: component type %s: params keys %q are tagged omitempty or omitzero: stored params (snapshots) would leave them out when empty and resume them at their defaults; drop the option",
			t.GoName, t.omitted))
	}
	return errors.Join(errs...)
}

// ComponentTypes returns the catalogue of registered components in
// registration order: the built-ins first (systems in SPEC §5 order, then
// the trackers and the results writer), then the user's.
func ComponentTypes() []ComponentType {
	catalogue.RLock()
	defer catalogue.RUnlock()
	return slices.Clone(catalogue.types)
}

// LookupComponentType finds a registered component by its Go name
// ("Infection"), reference name ("InfectionProcess") or snake_case form
// ("infection"). Matching is exact; ok is false when none matches.
func LookupComponentType(name string) (ComponentType, bool) {
	catalogue.RLock()
	defer catalogue.RUnlock()
	k, ok := catalogue.byName[name]
	if !ok {
		return ComponentType{}, false
	}
	return catalogue.types[k], true
}

// componentTypeOf returns the catalogue entry whose type c is.
func componentTypeOf(c phases.Component) (ComponentType, bool) {
	catalogue.RLock()
	defer catalogue.RUnlock()
	k, ok := catalogue.byType[reflect.TypeOf(c)]
	if !ok {
		return ComponentType{}, false
	}
	return catalogue.types[k], true
}

// componentTypeNames lists every accepted spelling, for suggestions.
func componentTypeNames() []string {
	var out []string
	for _, t := range ComponentTypes() {
		out = append(out, t.GoName, t.Name, t.Snake)
	}
	return out
}
