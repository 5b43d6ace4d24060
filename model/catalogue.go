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
	byName map[string][]int       // Go, reference and snake_case names → indices (one per model scope)
	byType map[reflect.Type][]int // dynamic type → indices (one per model scope)
}

// Register adds a component type to the catalogue, after which run files
// (`[[phases]] type = "…"`, by any of its three names), `rubeola validate`,
// `rubeola components`, ensembles, sweeps and snapshots (saved with its
// params, rebuilt by [LoadSnapshot] without a factory) know it like a
// built-in. Build t with [NewComponentType]. A type without names, with an
// unknown kind or without its functions is an error, and so are params keys
// tagged omitempty or omitzero (stored params must hold every key), a Go name,
// reference name or snake_case form already used by a registered type of an
// overlapping model scope (the names of each model type share one
// namespace), or a dynamic type already registered for an overlapping scope.
// The scope is [ComponentType.Model]: "" (every model type) or one model
// type, so that one name can mean each model's own version (the
// compartmental model's Infection is its SEIR transmission).
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
	names := slices.Compact([]string{t.GoName, t.Name, t.Snake})
	for _, n := range names {
		if k, dup := overlapping(catalogue.byName[n], t.Model); dup {
			return fmt.Errorf("model: component name %q used by %s and %s", n, catalogue.types[k].GoName, t.GoName)
		}
	}
	if k, dup := overlapping(catalogue.byType[t.goType], t.Model); dup {
		return fmt.Errorf("model: component type %v is already registered as %s", t.goType, catalogue.types[k].GoName)
	}
	if catalogue.byName == nil {
		catalogue.byName, catalogue.byType = map[string][]int{}, map[reflect.Type][]int{}
	}
	k := len(catalogue.types)
	catalogue.types = append(catalogue.types, t)
	for _, n := range names {
		catalogue.byName[n] = append(catalogue.byName[n], k)
	}
	catalogue.byType[t.goType] = append(catalogue.byType[t.goType], k)
	return nil
}

// overlapping returns the first of the catalogue entries ks whose model
// scope overlaps scope ("" overlaps every scope).
func overlapping(ks []int, scope string) (int, bool) {
	for _, k := range ks {
		t := catalogue.types[k]
		if t.PatchesOnly && isAgentModel(scope) {
			continue
		}
		if m := t.Model; m == "" || scope == "" || m == scope {
			return k, true
		}
	}
	return 0, false
}

// isAgentModel reports whether model type mt is the agent-based model.
func isAgentModel(mt string) bool { return mt == TypeABM }

// AppliesTo reports whether the entry t is available to model type
// mt: its own model type's, or every model type's (the patch models' only
// when PatchesOnly).
func (t ComponentType) AppliesTo(mt string) bool {
	switch {
	case t.Model == mt:
		return true
	case t.Model != "":
		return false
	}
	return !t.PatchesOnly || !isAgentModel(mt)
}

// inScope returns the entry of ks that applies to model type mt: the one
// registered for mt, else one registered for every model type.
func inScope(ks []int, mt string) (int, bool) {
	found, ok := 0, false
	for _, k := range ks {
		t := catalogue.types[k]
		switch {
		case t.Model == mt:
			return k, true
		case t.AppliesTo(mt):
			found, ok = k, true
		}
	}
	return found, ok
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
	if t.Model != "" {
		if _, err := lookupModelType(t.Model); err != nil {
			errs = append(errs, fmt.Errorf("model: component type %s: %w", t.GoName, err))
		}
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

// LookupComponentType finds a registered component of the biweekly model
// by its Go name ("Infection"), reference name ("InfectionProcess") or
// snake_case form ("infection"): [LookupComponentTypeFor] with
// [TypeBiweekly].
func LookupComponentType(name string) (ComponentType, bool) {
	return LookupComponentTypeFor(TypeBiweekly, name)
}

// LookupComponentTypeFor finds the registered component named name (any of
// its three spellings) for model type mt: the type registered for mt, else
// the one registered for every model type. Matching is exact; ok is false
// when none matches.
func LookupComponentTypeFor(mt, name string) (ComponentType, bool) {
	catalogue.RLock()
	defer catalogue.RUnlock()
	k, ok := inScope(catalogue.byName[name], mt)
	if !ok {
		return ComponentType{}, false
	}
	return catalogue.types[k], true
}

// componentTypeOf returns the catalogue entry for model type mt whose type
// c is.
func componentTypeOf(mt string, c phases.Component) (ComponentType, bool) {
	catalogue.RLock()
	defer catalogue.RUnlock()
	k, ok := inScope(catalogue.byType[reflect.TypeOf(c)], mt)
	if !ok {
		return ComponentType{}, false
	}
	return catalogue.types[k], true
}

// componentTypeNames lists every spelling accepted for model type mt, for
// suggestions.
func componentTypeNames(mt string) []string {
	var out []string
	for _, t := range ComponentTypes() {
		if t.AppliesTo(mt) {
			out = append(out, t.GoName, t.Name, t.Snake)
		}
	}
	return out
}

// otherScope returns the model type for which name is registered when it
// is not registered for mt ("" when it is, or nowhere; patchModels when it
// is the patch models' only).
func otherScope(mt, name string) string {
	catalogue.RLock()
	defer catalogue.RUnlock()
	ks := catalogue.byName[name]
	if _, ok := inScope(ks, mt); ok || len(ks) == 0 {
		return ""
	}
	if t := catalogue.types[ks[0]]; t.Model == "" && t.PatchesOnly {
		return patchModels
	}
	return catalogue.types[ks[0]].Model
}

// patchModels is otherScope's answer for a name registered for the patch
// models only (PatchesOnly).
const patchModels = "patch models"
