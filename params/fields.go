package params

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// field is one key of a struct for strict decoding.
type field struct {
	name   string       // the key: json tag name, or the Go field name when untagged
	index  []int        // reflect index path (through embedded structs)
	typ    reflect.Type // the field's type
	quoted bool         // the json ",string" option: scalar written as a JSON string
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// structFields lists the keys of struct type t in the way encoding/json sees
// them: exported fields, json tag names (untagged fields use their Go name),
// fields tagged "-" skipped, untagged embedded structs flattened (a shallower
// field hides a deeper one with the same name). Fields of kinds encoding/json
// cannot decode (func, chan, complex, unsafe pointer) are not keys.
func structFields(t reflect.Type) []field {
	var out []field
	seen := map[string]bool{}
	type level struct {
		typ   reflect.Type
		index []int
	}
	current := []level{{typ: t}}
	visited := map[reflect.Type]bool{}
	for len(current) > 0 {
		var next []level
		for _, lv := range current {
			if visited[lv.typ] {
				continue
			}
			visited[lv.typ] = true
			for i := 0; i < lv.typ.NumField(); i++ {
				sf := lv.typ.Field(i)
				tag, hasTag := sf.Tag.Lookup("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(append([]int(nil), lv.index...), i)
				ft := sf.Type
				if sf.Anonymous && name == "" {
					et := ft
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if et.Kind() == reflect.Struct && !implementsUnmarshaler(et) {
						if sf.IsExported() || ft.Kind() != reflect.Pointer {
							next = append(next, level{typ: et, index: index})
						}
						continue
					}
				}
				if !sf.IsExported() {
					continue
				}
				if !decodableKind(ft) {
					continue
				}
				if !hasTag || name == "" {
					name = sf.Name
				}
				if seen[name] {
					continue // hidden by a shallower field, or a duplicate at this depth
				}
				out = append(out, field{
					name:   name,
					index:  index,
					typ:    ft,
					quoted: hasOption(opts, "string"),
				})
				seen[name] = true
			}
		}
		current = next
	}
	return out
}

// keyIndex returns the fields of struct type t by key, and the keys in
// field order.
func keyIndex(t reflect.Type) (byName map[string]field, names []string) {
	fields := structFields(t)
	byName = make(map[string]field, len(fields))
	names = make([]string, len(fields))
	for i, f := range fields {
		byName[f.name] = f
		names[i] = f.name
	}
	return byName, names
}

// hasOption reports whether the comma-separated tag options contain opt.
func hasOption(opts, opt string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == opt {
			return true
		}
	}
	return false
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

// fieldForWrite returns the addressable field at index inside root (an
// addressable struct value), allocating nil embedded pointers on the way and
// replacing non-nil ones by shallow copies (recorded in copied) so that
// writing the field never touches memory shared with the original value.
func fieldForWrite(root reflect.Value, index []int, copied map[uintptr]bool) reflect.Value {
	v := root
	for k, i := range index {
		v = v.Field(i)
		if k == len(index)-1 {
			break
		}
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
				copied[v.UnsafeAddr()] = true
			} else if !copied[v.UnsafeAddr()] {
				n := reflect.New(v.Type().Elem())
				n.Elem().Set(v.Elem())
				v.Set(n)
				copied[v.UnsafeAddr()] = true
			}
			v = v.Elem()
		}
	}
	return v
}
