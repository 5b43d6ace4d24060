package model

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// Kinds of component ([ComponentType.Kind]).
const (
	// KindPhase is a component that steps every tick (a phases.Stepper).
	KindPhase = "phase"
	// KindInitialiser is a component that only initialises the model.
	KindInitialiser = "initialiser"
	// KindFinaliser is a component that only acts when the run ends.
	KindFinaliser = "finaliser"
)

// ComponentType describes a registered component type: its names, its
// params keys and how to build it from JSON params. Run files (`[[phases]]
// type = …`), snapshots (components rebuilt from stored params), `rubeola
// validate` and `rubeola components` (docs/components.md) all work from the
// one catalogue of registered types (see [Register], [ComponentTypes]).
// Build one with [NewComponentType].
type ComponentType struct {
	// GoName is the Go type name ("Infection").
	GoName string
	// Name is the component's Name(), the reference class name
	// ("InfectionProcess"); trackers use the Go name.
	Name string
	// Snake is the snake_case short form ("infection").
	Snake string
	// Model is the model type the entry is for ([TypeBiweekly] or
	// [TypeCompartmental]); "" means every model type. Each model type's
	// run files, snapshots and docs resolve names in its own scope.
	Model string
	// PatchesOnly, with Model "", limits the entry to the patch models
	// (biweekly and compartmental): a process that moves patch counts,
	// which the agent-based model's agents own.
	PatchesOnly bool
	// Package is the Go package providing it ("systems" or "metrics" for
	// the built-ins).
	Package string
	// Kind says what it is: [KindPhase], [KindInitialiser] or
	// [KindFinaliser].
	Kind string
	// Summary is a one-line description.
	Summary string
	// Keys documents every params key in canonical order (read from the
	// params struct's tags by [params.KeyDocs]).
	Keys []KeyDoc

	goType   reflect.Type // the component's dynamic type
	defaults func() any
	decode   func(data []byte) (phases.Factory, error)
	params   func(c phases.Component) (any, bool)
	omitted  []string // keys whose json tag drops them when empty (omitempty, omitzero)
}

// KeyDoc documents one params key of a component.
type KeyDoc = params.KeyDoc

// ComponentSpec declares a component type for [NewComponentType]: C is the
// component's dynamic type (e.g. *Waning), P its params struct, whose json
// tags are the run-file keys and whose alias, doc and path tags declare the
// aliases, meanings and file paths (see [params.KeyDocs]). Only Name,
// Kind, Defaults and New are required (and Params when C has no Params() P
// method): a user component is declared in a few lines, e.g.
//
//	model.MustRegister(model.NewComponentType(model.ComponentSpec[*Waning, WaningParams]{
//		Name: "WaningProcess", Kind: model.KindPhase, Summary: "…",
//		Defaults: DefaultWaningParams, New: NewWaning,
//	}))
type ComponentSpec[C phases.Component, P params.Validator] struct {
	// Name is what the component's Name() returns (also the name of its
	// random streams).
	Name string
	// GoName is the catalogue name; "" means the name of C's type.
	GoName string
	// Model restricts the entry to one model type ([TypeBiweekly] or
	// [TypeCompartmental]); "" (the default) makes it available to every
	// model type. A type may be registered once per model type with
	// different defaults.
	Model string
	// PatchesOnly, with Model "", makes the entry available to the patch
	// models only (biweekly and compartmental), not to the agent-based
	// model, whose counts only its agents change; the agent-based model
	// may then register its own entry under the same names.
	PatchesOnly bool
	// Kind is [KindPhase], [KindInitialiser] or [KindFinaliser].
	Kind string
	// Summary is a one-line description for the docs.
	Summary string
	// Defaults returns the default params.
	Defaults func() P
	// Decode decodes a JSON object of params keys strictly over the
	// defaults and validates the result. nil means
	// params.DecodeComponent(data, Defaults(), Rules), with Rules'
	// Component defaulting to Name (strict decoding reads the alias tags
	// itself, so every documented alias decodes).
	Decode func(data []byte) (P, error)
	// New returns a factory building the component from params.
	New func(p *P) phases.Factory
	// Params returns an instance's canonical params (stored in snapshots).
	// nil means C's own Params() P method; [Register] refuses a type with
	// neither.
	Params func(c C) P
	// Rules are the params' key rules; their aliases not declared by alias
	// tags are documented too. Optional.
	Rules params.KeyRules
}

// NewComponentType assembles a ComponentType from a component's typed API.
// Register the result with [Register] or [MustRegister].
func NewComponentType[C phases.Component, P params.Validator](s ComponentSpec[C, P]) ComponentType {
	typ := reflect.TypeFor[C]()
	named := typ
	if named.Kind() == reflect.Pointer {
		named = named.Elem()
	}
	goName := s.GoName
	if goName == "" {
		goName = named.Name()
	}
	pkg := named.PkgPath()
	pkg = pkg[strings.LastIndex(pkg, "/")+1:]
	t := ComponentType{
		GoName: goName, Name: s.Name, Snake: snakeCase(goName), Model: s.Model, PatchesOnly: s.PatchesOnly, Package: pkg, Kind: s.Kind, Summary: s.Summary,
		goType: typ,
	}
	if s.Defaults != nil {
		t.Keys = params.KeyDocs(s.Defaults(), s.Rules)
		t.omitted = omittedKeys(reflect.TypeFor[P](), t.Keys)
		t.defaults = func() any { return s.Defaults() }
		if s.Decode == nil {
			s.Decode = defaultDecoder(s)
		}
	}
	if s.Params == nil {
		s.Params = paramsMethod[C, P]()
	}
	if s.Decode != nil && s.New != nil {
		t.decode = func(data []byte) (phases.Factory, error) {
			p, err := s.Decode(data)
			if err != nil {
				return nil, err
			}
			return s.New(&p), nil
		}
	}
	if s.Params != nil {
		t.params = func(c phases.Component) (any, bool) {
			v, ok := c.(C)
			if !ok {
				return nil, false
			}
			return s.Params(v), true
		}
	}
	return t
}

// omittedKeys returns the keys (of params type p) whose json tag has the
// omitempty or omitzero option: stored params would leave such a key out
// when its value is empty, and a snapshot would then resume it at its
// default. A p that encodes itself (json.Marshaler) has none.
func omittedKeys(p reflect.Type, keys []KeyDoc) []string {
	if p.Implements(reflect.TypeFor[json.Marshaler]()) || reflect.PointerTo(p).Implements(reflect.TypeFor[json.Marshaler]()) {
		return nil
	}
	var out []string
	for _, k := range keys {
		if k.Omitted {
			out = append(out, k.Key)
		}
	}
	return out
}

// defaultDecoder is spec s's strict decoder when it declares none: the
// params' keys (and alias tags) over the defaults, with s.Rules (Component
// defaulting to the component's name), then Validate.
func defaultDecoder[C phases.Component, P params.Validator](s ComponentSpec[C, P]) func([]byte) (P, error) {
	rules := s.Rules
	if rules.Component == "" {
		rules.Component = s.Name
	}
	return func(data []byte) (P, error) {
		return params.DecodeComponent(data, s.Defaults(), rules)
	}
}

// paramsMethod returns C's Params() P method as an accessor, or nil when C
// has none.
func paramsMethod[C phases.Component, P params.Validator]() func(C) P {
	var zero C
	if _, ok := any(zero).(interface{ Params() P }); !ok {
		return nil
	}
	return func(c C) P { return any(c).(interface{ Params() P }).Params() }
}

// PathKeys returns the params keys whose string values are file paths (a
// field tagged path:"relative", e.g. SIACalendar's sia_schedule), each
// followed by its aliases: a run file resolves them against its directory,
// and a sweep hashes the files they name.
func (t ComponentType) PathKeys() []string {
	var out []string
	for _, d := range t.Keys {
		if d.Path {
			out = append(out, d.Key)
			out = append(out, d.Aliases...)
		}
	}
	return out
}

// IsPath reports whether value, given for key (a canonical key or an
// alias), names a file: key is one of [ComponentType.PathKeys] and value is
// not one of the key's keywords (such as VitalDynamics' births = "crude").
func (t ComponentType) IsPath(key, value string) bool {
	for _, d := range t.Keys {
		if d.Path && (d.Key == key || slices.Contains(d.Aliases, key)) {
			return !slices.Contains(d.Keywords, value)
		}
	}
	return false
}

// Defaults returns the component's default params (JSON-encodable).
func (t ComponentType) Defaults() any { return t.defaults() }

// Decode builds a factory from a JSON object of params keys, strictly: the
// defaults first, unknown keys rejected, ranges validated. Empty data or
// "null" means the defaults.
func (t ComponentType) Decode(data []byte) (phases.Factory, error) {
	if len(data) == 0 || string(data) == "null" {
		data = []byte("{}")
	}
	return t.decode(data)
}

// ParamsJSON returns the canonical params of an instance of this type as
// JSON (every key, defaults included). ok is false when c is not of this
// type.
func (t ComponentType) ParamsJSON(c phases.Component) (data []byte, ok bool, err error) {
	p, ok := t.params(c)
	if !ok {
		return nil, false, nil
	}
	data, err = json.Marshal(p)
	return data, true, err
}

// snakeCase turns a Go name into its snake_case form: "SIACalendar" →
// "sia_calendar", "FadeOutTracker" → "fade_out_tracker".
func snakeCase(s string) string {
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		upper := c >= 'A' && c <= 'Z'
		if upper && i > 0 {
			prevLower := r[i-1] >= 'a' && r[i-1] <= 'z'
			nextLower := i+1 < len(r) && r[i+1] >= 'a' && r[i+1] <= 'z'
			prevUpper := r[i-1] >= 'A' && r[i-1] <= 'Z'
			if prevLower || (prevUpper && nextLower) {
				b.WriteByte('_')
			}
		}
		if upper {
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}
