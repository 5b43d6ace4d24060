package params

import (
	"maps"
	"reflect"
	"slices"
	"strings"
)

// KeyDoc documents one key of a component's params, read from the params
// struct by [KeyDocs].
type KeyDoc struct {
	Key     string   // canonical JSON/TOML key (the json tag)
	Aliases []string // accepted alternative spellings
	Doc     string   // meaning, unit and range (the doc tag)
	// Path reports a key whose string value is a file path: a run file
	// resolves it relative to its own directory (the tag path:"relative").
	Path bool
}

// KeyDocs documents the keys of def, a params struct (or a pointer to one),
// from the tags next to each field, so that a key, its aliases and its
// meaning are declared once:
//
//	R0 float64 `json:"R0" alias:"r0,R_0" doc:"basic reproduction number, ≥ 0"`
//	Schedule string `json:"schedule" path:"relative" doc:"CSV file of campaigns"`
//
// Keys come in encoding order: exported fields with their json tag name (the
// Go name when untagged), "-" and func or chan fields skipped, untagged
// embedded structs flattened. Aliases are the field's alias tag in its
// order, then any other aliases of the key in rules.Aliases, sorted. A field
// tagged path:"relative" has Path set. def without keys gives nil.
func KeyDocs(def any, rules KeyRules) []KeyDoc {
	t := structType(def)
	if t == nil {
		return nil
	}
	var out []KeyDoc
	for _, sf := range keyFields(t) {
		d := KeyDoc{Key: keyName(sf), Doc: sf.Tag.Get("doc"), Aliases: tagAliases(sf), Path: sf.Tag.Get("path") == "relative"}
		for _, a := range slices.Sorted(maps.Keys(rules.Aliases)) {
			if rules.Aliases[a] == d.Key && !slices.Contains(d.Aliases, a) {
				d.Aliases = append(d.Aliases, a)
			}
		}
		out = append(out, d)
	}
	return out
}

// TagAliases returns the aliases declared by the alias tags of def's fields
// (see [KeyDocs]) as [KeyRules.Aliases] wants them, alias → canonical key;
// nil when there are none. A component declares its aliases once, next to
// its params, and builds its rules from them:
//
//	var equilibriumKeys = params.KeyRules{Component: EquilibriumName, Aliases: params.TagAliases(EquilibriumParams{})}
func TagAliases(def any) map[string]string {
	t := structType(def)
	if t == nil {
		return nil
	}
	var out map[string]string
	for _, sf := range keyFields(t) {
		for _, a := range tagAliases(sf) {
			if out == nil {
				out = map[string]string{}
			}
			out[a] = keyName(sf)
		}
	}
	return out
}

// structType returns the struct type of v or *v; nil for anything else.
func structType(v any) reflect.Type {
	t := reflect.TypeOf(v)
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	return t
}

// keyFields lists the fields of struct type t that are keys, in encoding
// order: the keys [DecodeStrict] knows (its field rules, a shallower field
// hiding a deeper one of the same key), sorted by their position in t
// (embedded untagged structs flattened in place).
func keyFields(t reflect.Type) []reflect.StructField {
	fs := slices.Clone(structFields(t))
	slices.SortFunc(fs, func(a, b field) int { return slices.Compare(a.index, b.index) })
	out := make([]reflect.StructField, len(fs))
	for k, f := range fs {
		out[k] = t.FieldByIndex(f.index)
	}
	return out
}

// keyName is a key field's key: its json tag name, else its Go name.
func keyName(sf reflect.StructField) string {
	if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); name != "" {
		return name
	}
	return sf.Name
}

// tagAliases splits a field's alias tag ("a,b") into its aliases.
func tagAliases(sf reflect.StructField) []string {
	tag := sf.Tag.Get("alias")
	if tag == "" {
		return nil
	}
	return strings.Split(tag, ",")
}
