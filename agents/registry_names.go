package agents

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// nameRegistry is a list of names a program extends at run time (dose
// kinds, immunity sources), safe for concurrent use: the built-ins first,
// then the registered ones in registration order.
type nameRegistry struct {
	sync.RWMutex
	what     string   // "dose kind", "immunity source" (errors)
	names    []string // every name, built-ins first
	builtins int      // how many of names are built in
	max      int      // the most names the registry holds
	reserved []string // names no entry may take (other words of the same outputs)
}

// validName is the shape of a registered name: it becomes part of output
// column or state names (doses.csv, immunity_by_age.csv), so a letter
// then letters, digits, '_' or '-'.
var validName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,31}$`)

// add registers name and returns its index.
func (r *nameRegistry) add(name string) (int, error) {
	r.Lock()
	defer r.Unlock()
	taken := func(n string) bool { return strings.EqualFold(n, name) }
	switch {
	case !validName.MatchString(name):
		return 0, fmt.Errorf("agents: %s %q: want a letter, then up to 31 letters, digits, '_' or '-'", r.what, name)
	case slices.ContainsFunc(r.names, taken) || slices.ContainsFunc(r.reserved, taken):
		return 0, fmt.Errorf("agents: %s %q is already a name (taken: %q)", r.what, name, append(slices.Clone(r.names), r.reserved...))
	case len(r.names) >= r.max:
		return 0, fmt.Errorf("agents: %s %q: at most %d %ss can be registered (%q are)", r.what, name, r.max-r.builtins, r.what, r.names[r.builtins:])
	}
	r.names = append(r.names, name)
	return len(r.names) - 1, nil
}

// list returns every name, built-ins first.
func (r *nameRegistry) list() []string {
	r.RLock()
	defer r.RUnlock()
	return slices.Clone(r.names)
}
