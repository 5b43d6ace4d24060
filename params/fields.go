package params

import (
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// field is one key of a struct for strict decoding.
type field struct {
	name   string       // the key: json tag name, or the Go field name when untagged
	index  []int        // reflect index path (through embedded structs)
	typ    reflect.Type // the field's type
	quoted bool         // the json ",string" option: scalar written as a JSON string
	omit   bool         // the json "omitempty" or "omitzero" option: left out when encoded empty
}

// fieldSet is the key index of one struct type: its fields by key and the
// keys in field order.
type fieldSet struct {
	byName  map[string]field
	names   []string
	aliases map[string]string // alias → key, from the fields' alias tags ("a,b")
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

	// fieldSets caches fieldsOf per struct type (reflect.Type → *fieldSet):
	// a sweep decodes the same params types once per point.
	fieldSets sync.Map
)

// fieldsOf returns the key index of struct type t, built once per type.
func fieldsOf(t reflect.Type) *fieldSet {
	if fs, ok := fieldSets.Load(t); ok {
		return fs.(*fieldSet)
	}
	fs := &fieldSet{byName: map[string]field{}, aliases: map[string]string{}}
	for _, f := range structFields(t) {
		fs.byName[f.name] = f
		fs.names = append(fs.names, f.name)
		for _, a := range tagAliases(t.FieldByIndex(f.index)) {
			fs.aliases[a] = f.name
		}
	}
	actual, _ := fieldSets.LoadOrStore(t, fs)
	return actual.(*fieldSet)
}

// structFields lists the keys of struct type t by the field rules of
// encoding/json: exported fields, json tag names (untagged fields use their
// Go name), fields tagged "-" skipped, untagged embedded structs flattened (a
// shallower field hides a deeper one with the same name). Fields of kinds
// encoding/json cannot decode (func, chan, complex, unsafe pointer) are not
// keys. encoding/json does not export its field list, and its own matching
// is case-insensitive where strict decoding is exact, hence this walk.
func structFields(t reflect.Type) []field {
	var out []field
	seen := map[string]bool{}
	type level struct {
		typ   reflect.Type
		index []int
	}
	visited := map[reflect.Type]bool{}
	for current := []level{{typ: t}}; len(current) > 0; {
		var next []level
		for _, lv := range current {
			if visited[lv.typ] {
				continue
			}
			visited[lv.typ] = true
			for i := range lv.typ.NumField() {
				sf := lv.typ.Field(i)
				tag, _ := sf.Tag.Lookup("json")
				name, opts, _ := strings.Cut(tag, ",")
				index := append(slices.Clone(lv.index), i)
				switch et := derefType(sf.Type); {
				case tag == "-":
					continue
				case sf.Anonymous && name == "" && et.Kind() == reflect.Struct && !implementsUnmarshaler(et):
					if sf.IsExported() || sf.Type.Kind() != reflect.Pointer {
						next = append(next, level{typ: et, index: index})
					}
					continue
				case !sf.IsExported() || !decodableKind(sf.Type):
					continue
				}
				if name == "" {
					name = sf.Name
				}
				if !seen[name] { // else hidden by a shallower field, or a duplicate at this depth
					seen[name] = true
					options := strings.Split(opts, ",")
					out = append(out, field{name: name, index: index, typ: sf.Type,
						quoted: slices.Contains(options, "string"),
						omit:   slices.Contains(options, "omitempty") || slices.Contains(options, "omitzero")})
				}
			}
		}
		current = next
	}
	return out
}

// decodableKind reports whether encoding/json can decode into type t at all.
func decodableKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Func, reflect.Chan, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return implementsUnmarshaler(t)
	}
	return true
}

// implementsUnmarshaler reports whether t or *t implements json.Unmarshaler.
func implementsUnmarshaler(t reflect.Type) bool {
	return t.Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(jsonUnmarshalerType)
}

// implementsTextUnmarshaler reports whether t or *t implements
// encoding.TextUnmarshaler.
func implementsTextUnmarshaler(t reflect.Type) bool {
	return t.Implements(textUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType)
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// fieldForWrite returns the addressable field at index inside root (an
// addressable struct value), allocating nil embedded pointers on the way and
// replacing non-nil ones by shallow copies (recorded in copied) so that
// writing the field never touches memory shared with the original value.
func fieldForWrite(root reflect.Value, index []int, copied map[uintptr]bool) reflect.Value {
	v := root
	for _, i := range index[:len(index)-1] {
		v = v.Field(i)
		if v.Kind() != reflect.Pointer {
			continue
		}
		if !copied[v.UnsafeAddr()] {
			n := reflect.New(v.Type().Elem())
			if !v.IsNil() {
				n.Elem().Set(v.Elem())
			}
			v.Set(n)
			copied[v.UnsafeAddr()] = true
		}
		v = v.Elem()
	}
	return v.Field(index[len(index)-1])
}
