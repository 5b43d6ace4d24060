package model

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/ecs"
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
			return "", nil, fmt.Errorf("name: expected a string, got %s", tomlType(raw))
		}
		for _, key := range sortedKeys(v) {
			if !slices.Contains(compartmentRoleKeys, key) {
				return "", nil, fmt.Errorf("%s: unknown key %q (keys: %q)", name, key, compartmentRoleKeys)
			}
		}
		return name, func(r ecs.Roles) (ecs.Roles, error) { return applyRoleKeys(r, v) }, nil
	default:
		return "", nil, fmt.Errorf("expected a compartment name or a table {name = \"M\", in_population = true, dies = true, susceptibility = 0}, got %s", tomlType(item))
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
				return r, fmt.Errorf("%s: expected true or false, got %s", b.key, tomlType(v))
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
			return r, fmt.Errorf("susceptibility: expected a number ≥ 0, got %s", tomlType(v))
		}
	}
	if err := r.Check(); err != nil {
		return r, fmt.Errorf("susceptibility: %w", err)
	}
	return r, nil
}
