package params

import "reflect"

// deepCopy returns a copy of v that shares no reachable exported memory with
// it: pointers, slices, maps and interfaces are duplicated recursively (the
// exported fields of structs are walked; unexported fields are copied as they
// are, i.e. shallowly). Pointers seen twice map to the same new pointer, so
// aliasing is kept and cycles through pointers terminate.
//
// DecodeStrict uses it before letting encoding/json write into a field of
// its working copy: encoding/json appends into existing slices, adds to
// existing maps and decodes through existing pointers, which would otherwise
// change the caller's value even when decoding later fails.
func deepCopy(v reflect.Value) reflect.Value {
	return deepCopyIn(v, map[uintptr]reflect.Value{})
}

func deepCopyIn(v reflect.Value, seen map[uintptr]reflect.Value) reflect.Value {
	t := v.Type()
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		if n, ok := seen[v.Pointer()]; ok {
			return n
		}
		n := reflect.New(t.Elem())
		seen[v.Pointer()] = n
		n.Elem().Set(deepCopyIn(v.Elem(), seen))
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(deepCopyIn(v.Index(i), seen))
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeMapWithSize(t, v.Len())
		it := v.MapRange()
		for it.Next() {
			n.SetMapIndex(it.Key(), deepCopyIn(it.Value(), seen))
		}
		return n
	case reflect.Array:
		n := reflect.New(t).Elem()
		for i := range v.Len() {
			n.Index(i).Set(deepCopyIn(v.Index(i), seen))
		}
		return n
	case reflect.Struct:
		n := reflect.New(t).Elem()
		n.Set(v)
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				n.Field(i).Set(deepCopyIn(v.Field(i), seen))
			}
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(t).Elem()
		n.Set(deepCopyIn(v.Elem(), seen))
		return n
	}
	return v
}
