package mixing

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// MixerType declares a mixer JSON type once, for built-in and user mixers
// alike: its name, its strict decoder and its documentation. Registered with
// [Register], the type can be written in run files (mixer = { type = "…" }),
// is decoded by [DecodeMixer] (and so by [Spec] and the Infection params),
// is listed in "did you mean" hints and in [MixerTypes], and a snapshot
// holding it is resumed without factories.
//
// The mixers Decode returns marshal themselves: they implement
// json.Marshaler and emit their canonical spec, "type" first, such that
// Decode of it gives an equal mixer ([MarshalMixer] calls it).
type MixerType struct {
	// Name is the JSON "type", e.g. "gravity"; also the mixer's Name().
	Name string
	// Decode decodes a whole spec object ("type" included) strictly: start
	// from the defaults, reject unknown keys and validate. Decode key
	// problems with params.DecodeStrict and a KeyRules.Component of
	// "mixing: <name>", so run files name them as phases[k].mixer.<key>.
	Decode func(data []byte) (Mixer, error)
	// Doc is a one-line description with the keys and their defaults.
	Doc string
}

// registry holds the registered mixer types by name.
var registry = struct {
	sync.RWMutex
	types map[string]MixerType
}{types: map[string]MixerType{}}

// Register adds a mixer type. Built-in mixers register in this package's
// init functions; a user registers theirs before decoding run files or
// loading snapshots (typically in an init function or at the start of
// main). A type without a name or a decoder, or a name already registered,
// is an error and registers nothing (as model.Register).
func Register(t MixerType) error {
	if t.Name == "" || t.Decode == nil {
		return fmt.Errorf("mixing.Register: mixer type %q needs a name and a decoder", t.Name)
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.types[t.Name]; dup {
		return fmt.Errorf("mixing.Register: mixer type %q is already registered", t.Name)
	}
	registry.types[t.Name] = t
	return nil
}

// MustRegister is [Register] that panics on error, for package-level
// registration (an init function or the start of main).
func MustRegister(t MixerType) {
	if err := Register(t); err != nil {
		panic(err)
	}
}

// MixerTypes returns the registered mixer types, sorted by name.
func MixerTypes() []MixerType {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]MixerType, 0, len(registry.types))
	for _, name := range slices.Sorted(maps.Keys(registry.types)) {
		out = append(out, registry.types[name])
	}
	return out
}

// lookupType returns the registered type named name.
func lookupType(name string) (MixerType, bool) {
	registry.RLock()
	defer registry.RUnlock()
	t, ok := registry.types[name]
	return t, ok
}

// knownTypes returns the registered type names, sorted.
func knownTypes() []string {
	registry.RLock()
	defer registry.RUnlock()
	return slices.Sorted(maps.Keys(registry.types))
}
