package tomlx

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/params"
)

// SortedKeys returns a table's keys in order.
func SortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

// UnknownKey words the problem of key, not one of known, with the closest
// known key as a hint: `unknown key (did you mean "beta"?)`, else
// "unknown key (known keys: a, b, c)". The caller prefixes the key's path.
func UnknownKey(key string, known []string) string {
	if s := params.Suggest(key, known); s != "" {
		return fmt.Sprintf("unknown key (did you mean %q?)", s)
	}
	return "unknown key (known keys: " + strings.Join(known, ", ") + ")"
}
