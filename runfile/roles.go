package runfile

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
)

// compartmentRoleKeys are the keys of a compartments entry's table, in the
// order error messages list them.
var compartmentRoleKeys = []string{"name", "in_population", "dies", "susceptibility"}

// compartmentEntry decodes one `compartments` entry: a name, or a table
// with a name and role keys. For a table, roles (non-nil) applies its role
// keys over the registered roles; unknown keys and mistyped values are
// errors naming the key.
func compartmentEntry(item any) (string, func(ecs.Roles) (ecs.Roles, error), error) {
	switch v := item.(type) {
	case string:
		return v, nil, nil
	case map[string]any:
		raw, has := v["name"]
		name, ok := raw.(string)
		switch {
		case !has:
			return "", nil, fmt.Errorf("a compartment table needs name = \"…\", the registered compartment's name")
		case !ok:
			return "", nil, fmt.Errorf("name: expected a string, got %s", tomlx.Type(raw))
		}
		for _, key := range tomlx.SortedKeys(v) {
			if !slices.Contains(compartmentRoleKeys, key) {
				return "", nil, fmt.Errorf("%s: unknown key %q (keys: %q)", name, key, compartmentRoleKeys)
			}
		}
		return name, func(r ecs.Roles) (ecs.Roles, error) { return applyRoleKeys(r, v) }, nil
	default:
		return "", nil, fmt.Errorf("expected a compartment name or a table {name = \"M\", in_population = true, dies = true, susceptibility = 0}, got %s", tomlx.Type(item))
	}
}

// applyRoleKeys sets the role keys of table t over r and checks the result.
func applyRoleKeys(r ecs.Roles, t map[string]any) (ecs.Roles, error) {
	for _, b := range []struct {
		key string
		to  *bool
	}{{"in_population", &r.InPopulation}, {"dies", &r.Dies}} {
		if v, ok := t[b.key]; ok {
			x, ok := v.(bool)
			if !ok {
				return r, fmt.Errorf("%s: expected true or false, got %s", b.key, tomlx.Type(v))
			}
			*b.to = x
		}
	}
	if v, ok := t["susceptibility"]; ok {
		switch x := v.(type) {
		case float64:
			r.Susceptibility = x
		case int64:
			r.Susceptibility = float64(x)
		default:
			return r, fmt.Errorf("susceptibility: expected a number ≥ 0, got %s", tomlx.Type(v))
		}
	}
	if err := r.Check(); err != nil {
		return r, fmt.Errorf("susceptibility: %w", err)
	}
	return r, nil
}

// unknownCompartment names an unregistered compartment.
func unknownCompartment(name string) error {
	var known []string
	for _, c := range model.RegisteredCompartments() {
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
