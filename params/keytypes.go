package params

import "reflect"

// KeyTypes returns the Go type of every key of def, a params struct (or a
// pointer to one), by key: the keys [KeyDocs] documents, found by the same
// field rules as [DecodeStrict]. The component reference (`rubeola
// components`) shows them as each key's type. def without keys gives an
// empty map.
func KeyTypes(def any) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	t := structType(def)
	if t == nil {
		return out
	}
	for _, f := range structFields(t) {
		out[f.name] = f.typ
	}
	return out
}
