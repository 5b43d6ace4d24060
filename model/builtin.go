package model

import (
	"reflect"
	"slices"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// The built-in components register like a user's, when the package is
// initialised.
func init() {
	registerSystems()
	registerTrackers()
}

// builtinPackages are the import paths of the built-in components.
var builtinPackages = []string{
	reflect.TypeFor[systems.InfectionParams]().PkgPath(),
	reflect.TypeFor[compartmental.InfectionParams]().PkgPath(),
	reflect.TypeFor[abm.ABMInfectionParams]().PkgPath(),
	reflect.TypeFor[metrics.StateTrackerParams]().PkgPath(),
}

// builtin reports whether t is a component of rubeola's own packages (whose
// code the model trusts: not to make counts negative, to step replicates in
// parallel), rather than a user's registered type.
func (t ComponentType) builtin() bool {
	named := t.goType
	if named.Kind() == reflect.Pointer {
		named = named.Elem()
	}
	return slices.Contains(builtinPackages, named.PkgPath())
}

// isBuiltin reports whether c is an instance of a built-in component type.
func isBuiltin(c phases.Component) bool {
	return ComponentType{goType: reflect.TypeOf(c)}.builtin()
}
