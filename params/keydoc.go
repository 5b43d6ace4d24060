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
	// Keywords are the string values of a Path key that are words, not file
	// paths (the tag keywords:"crude,scenario"): a run file leaves them as
	// they are and a sweep hashes no file for them.
	Keywords []string
	// Omitted reports a key whose json tag has the omitempty or omitzero
	// option: encoding leaves it out when its value is empty.
	Omitted bool
}

// KeyDocs documents the keys of def, a params struct (or a pointer to one),
// from the tags next to each field, so that a key, its aliases and its
// meaning are declared once:
//
//	R0 float64 `json:"R0" alias:"r0,R_0" doc:"basic reproduction number, ≥ 0"`
//	Schedule string `json:"schedule" path:"relative" doc:"CSV file of campaigns"`
//
// The keys are those [DecodeStrict] knows (its field rules: exported fields
// with their json tag name, the Go name when untagged, "-" and func or chan
// fields skipped, untagged embedded structs flattened, a shallower field
// hiding a deeper one), in the order of their fields in def. [DecodeStrict]
// accepts the alias tags too. Aliases are the field's alias tag in its
// order, then any other aliases of the key in rules.Aliases, sorted. A field
// tagged path:"relative" has Path set, and its keywords tag ("crude,scenario")
// lists the values that are not paths. def without keys gives nil.
func KeyDocs(def any, rules KeyRules) []KeyDoc {
	t := structType(def)
	if t == nil {
		return nil
	}
	fs := slices.Clone(structFields(t))
	slices.SortFunc(fs, func(a, b field) int { return slices.Compare(a.index, b.index) })
	var out []KeyDoc
	for _, f := range fs {
		sf := t.FieldByIndex(f.index)
		d := KeyDoc{Key: f.name, Doc: sf.Tag.Get("doc"), Aliases: tagAliases(sf), Path: sf.Tag.Get("path") == "relative",
			Omitted: f.omit, Keywords: tagList(sf, "keywords")}
		for _, a := range slices.Sorted(maps.Keys(rules.Aliases)) {
			if rules.Aliases[a] == d.Key && !slices.Contains(d.Aliases, a) {
				d.Aliases = append(d.Aliases, a)
			}
		}
		out = append(out, d)
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

// tagAliases splits a field's alias tag ("a,b") into its aliases.
func tagAliases(sf reflect.StructField) []string { return tagList(sf, "alias") }

// tagList splits a field's comma-separated tag name ("a,b"); nil when the
// tag is absent.
func tagList(sf reflect.StructField, name string) []string {
	tag := sf.Tag.Get(name)
	if tag == "" {
		return nil
	}
	return strings.Split(tag, ",")
}
