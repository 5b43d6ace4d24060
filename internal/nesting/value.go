package nesting

import (
	"maps"
	"slices"
	"strconv"
)

// maxPathKeys is how many keys an error's key path shows; a path built from
// a long dotted key is cut there, with "…".
const maxPathKeys = 8

// CheckValue reports a decoded TOML document (the map[string]any of
// BurntSushi/toml: tables map[string]any, arrays []any, arrays of tables
// []map[string]any) holding a value inside more than [MaxDepth] arrays and
// tables, as an [*Error] naming its key (Line 0). Nesting here also counts
// dotted keys and table headers. Keys are visited in sorted order, so the
// key named is the same on every run; the walk stops at MaxDepth+1 levels.
func CheckValue(doc map[string]any) error {
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		if err := check(doc[k], []string{k}, 0); err != nil {
			return err
		}
	}
	return nil
}

// check walks v, a value inside depth arrays and tables, at key path.
func check(v any, path []string, depth int) error {
	if depth > MaxDepth {
		return &Error{Key: joinPath(path)}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if err := check(x[k], append(path, "."+k), depth+1); err != nil {
				return err
			}
		}
	case []map[string]any:
		for i, t := range x {
			if err := check(t, append(path, "["+strconv.Itoa(i+1)+"]"), depth+1); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := check(e, path, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// joinPath joins a key path's parts ("phases", "[1]", ".beta"), cut after
// maxPathKeys parts.
func joinPath(path []string) string {
	var s string
	for i, p := range path {
		if i == maxPathKeys {
			return s + "…"
		}
		s += p
	}
	return s
}
