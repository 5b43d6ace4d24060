package model

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// keyTypeDoc names the run-file type of a key whose Go type is t, for the
// component reference: bool, integer, number, string (a file path when
// path), list of …, table of … or table; a type that decodes itself
// (json.Unmarshaler, encoding.TextUnmarshaler) is named by its Go type,
// whose documentation and the key's meaning say what it accepts.
func keyTypeDoc(t reflect.Type, path bool) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if decodesItself(t) {
		return "`" + t.String() + "`"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		if path {
			return "string (file path)"
		}
		return "string"
	case reflect.Slice, reflect.Array:
		return "list of " + plural(keyTypeDoc(t.Elem(), false))
	case reflect.Map:
		return "table of " + plural(keyTypeDoc(t.Elem(), false))
	}
	return "table" // structs, and interfaces such as Infection's mixer
}

// decodesItself reports whether t or *t decodes its own JSON or text.
func decodesItself(t reflect.Type) bool {
	for _, u := range []reflect.Type{t, reflect.PointerTo(t)} {
		if u.Implements(reflect.TypeFor[json.Unmarshaler]()) || u.Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
			return true
		}
	}
	return false
}

// plural is the plural of a type name from keyTypeDoc: "numbers",
// "tables"; a Go type name in backquotes stays as it is.
func plural(name string) string {
	if strings.HasPrefix(name, "`") {
		return name
	}
	return name + "s"
}
