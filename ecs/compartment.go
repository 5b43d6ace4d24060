package ecs

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	ark "github.com/mlange-42/ark/ecs"

	"github.com/rubeola/rubeola/components"
)

// Compartment is a declared patch compartment: a state name and the
// int64-based component type that stores its counts, one value per patch.
// Make one with [NewCompartment]; the zero Compartment is invalid.
//
// Every world has the built-in compartments S, I and R ([SIR]); a model
// variant declares more, stored after them in declaration order:
//
//	type Waning int64
//	w, err := ecs.NewWorld(data, ecs.NewCompartment[Waning]("W"))
//	col, _ := w.State("W")            // []int64, starts at 0 in every patch
//	typed, _ := ecs.Column[Waning](w) // the same storage, typed
type Compartment struct {
	name string
	typ  reflect.Type
	id   func(*ark.World) ark.ID
	col  func(*World) ([]int64, error)

	roles Roles // [Compartment.WithRoles]; zero for the built-in ones
}

// NewCompartment declares the compartment name stored as component type T.
// T is the declaring package's own type (e.g. `type Waning int64`), so the
// world keeps the compartment as a column of its own; the name is the state
// name in [World.StateNames], trackers, exports and snapshots. Names and
// types are checked by [NewWorld].
func NewCompartment[T ~int64](name string) Compartment {
	return Compartment{
		name: name,
		typ:  reflect.TypeFor[T](),
		id:   ark.ComponentID[T],
		col:  int64Column[T],
	}
}

// Name returns the compartment's state name.
func (c Compartment) Name() string { return c.name }

// Type returns the compartment's component type (e.g. main.Waning); nil for
// the zero Compartment.
func (c Compartment) Type() reflect.Type { return c.typ }

// String returns the name and the component type, e.g. `W (main.Waning)`
// (roles are not shown).
func (c Compartment) String() string { return fmt.Sprintf("%s (%v)", c.name, c.typ) }

// sir are the built-in compartments, in state order.
var sir = []Compartment{
	NewCompartment[components.Susceptible]("S"),
	NewCompartment[components.Infectious]("I"),
	NewCompartment[components.Recovered]("R"),
}

// latent is the latent compartment E of an SEIR world.
var latent = NewCompartment[components.Exposed]("E")

// SIR returns the built-in compartments S, I and R, which every world
// stores first. The slice is new on every call.
func SIR() []Compartment { return append([]Compartment(nil), sir...) }

// SEIR returns the built-in compartments of an SEIR world ([NewSEIRWorld]):
// S, E, I and R, in state order. The slice is new on every call.
func SEIR() []Compartment { return []Compartment{sir[0], latent, sir[1], sir[2]} }

// CheckCompartments checks a list of extra compartments (those after S, I
// and R): each made by [NewCompartment], named by a letter followed by
// letters, digits or underscores, no name used twice or reused from S, I
// and R, and no component type used twice or already stored on the patches.
// The error names the compartment's position in extra.
func CheckCompartments(extra []Compartment) error {
	_, err := compartmentList(ark.NewWorld(1), SIR(), extra)
	return err
}

// compartmentList checks extra (see [CheckCompartments]) and returns the
// world's full compartment list: the built-in ones (base: [SIR] or
// [SEIR]), then extra.
func compartmentList(world *ark.World, base, extra []Compartment) ([]Compartment, error) {
	all := append(slices.Clone(base), extra...)
	names := make(map[string]bool, len(all))
	types := make(map[ark.ID]string, len(all)+len(patchTypes))
	for _, p := range patchTypes {
		types[p.id(world)] = p.what
	}
	for k, c := range all {
		pos := k - len(base)
		if c.id == nil {
			return nil, fmt.Errorf("ecs: compartment %d: not made with ecs.NewCompartment", pos)
		}
		if err := checkCompartmentName(c.name); err != nil {
			return nil, fmt.Errorf("ecs: compartment %d: %w", pos, err)
		}
		if names[c.name] {
			what := "declared twice"
			if pos < 0 || slices.ContainsFunc(base, func(b Compartment) bool { return b.name == c.name }) {
				what = fmt.Sprintf("built in (%s are the model's first compartments)", baseNames(base))
			}
			return nil, fmt.Errorf("ecs: compartment %d: state %q is %s", pos, c.name, what)
		}
		names[c.name] = true
		id := c.id(world)
		if other, ok := types[id]; ok {
			return nil, fmt.Errorf("ecs: compartment %d (%s): component type %v is already stored as %s; declare a type of your own (type X int64)",
				pos, c.name, c.typ, other)
		}
		types[id] = fmt.Sprintf("compartment %s", c.name)
		if err := c.roles.Check(); err != nil {
			return nil, fmt.Errorf("ecs: compartment %d (%s): %w", pos, c.name, err)
		}
	}
	return all, nil
}

// baseNames lists the built-in compartments' names: "S, I and R".
func baseNames(base []Compartment) string {
	names := make([]string, len(base))
	for k, c := range base {
		names[k] = c.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// checkCompartmentName checks a state name: a letter, then letters, digits
// or underscores (it is a CSV value, a JSON key and a column name).
func checkCompartmentName(name string) error {
	if name == "" {
		return fmt.Errorf("state name is empty")
	}
	for k, r := range name {
		letter := r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z'
		if !letter && (k == 0 || r != '_' && (r < '0' || r > '9')) {
			return fmt.Errorf("state name %q: must be a letter followed by letters, digits or underscores", name)
		}
	}
	return nil
}

// patchType is a component type every patch stores besides its
// compartments.
type patchType struct {
	what string
	id   func(*ark.World) ark.ID
}

// patchTypes are the non-compartment components of every patch.
var patchTypes = []patchType{
	{"the patch population", ark.ComponentID[components.Population]},
	{"the patch coverage", ark.ComponentID[components.Coverage]},
	{"the patch location", ark.ComponentID[components.Location]},
	{"the patch index", ark.ComponentID[components.Index]},
}
