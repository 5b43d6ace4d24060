package params

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// KeyRules describes a params struct's key rules for strict decoding.
type KeyRules struct {
	Component string            // name used in error messages, e.g. "InfectionProcess" or "phases[2]"
	Aliases   map[string]string // accepted input alias -> canonical key besides the fields' alias tags, e.g. "seasonal_amplitude": "seasonality"
	Rejected  map[string]string // keys rejected with a specific hint, e.g. "distance_exponent": "configure the mixer", "cbr": `did you mean "crude_birth_rate"?`
}

// DecodeStrict overlays the JSON object in data onto dst, a non-nil pointer
// to a struct that already holds the defaults.
//
// Known keys are the struct's json tag names (an untagged exported field is
// known by its Go name, as in encoding/json; fields tagged "-", unexported
// fields and func or chan fields are not keys; untagged embedded structs
// contribute their fields). Key matching is exact (case-sensitive). A
// field's alias tag (`alias:"a,b"`) declares other spellings of its key;
// rules.Aliases may add more.
//
// Problems are reported as [*KeyError] values, all together with
// errors.Join, in the order of the keys in data:
//
//   - an unknown key names component and key, with a did-you-mean hint when a
//     known key or alias is close (see [Suggest]), else the list of known keys:
//     `InfectionProcess: unknown key "betta" (did you mean "beta"?)`;
//   - a rejected key gives its hint:
//     `VitalDynamicsProcess: key "cbr" is not accepted: did you mean "crude_birth_rate"?`;
//   - an alias is rewritten to its canonical key; an alias and its canonical
//     key given together, or two aliases of one key, are an error (keys
//     sorted): `InfectionProcess: keys "seasonal_amplitude" and "seasonality" both set the same parameter`;
//   - a value of the wrong JSON type names key and expected type:
//     `InfectionProcess: key "beta": expected number, got string`. Expected
//     types are number (floats), integer (ints and uints), boolean, string,
//     list (slices, arrays) and object (maps, structs). Integer fields accept
//     exact integral numbers in any spelling (5, 5.0, 5e0) and reject
//     fractional (5.5), out-of-range and, for unsigned fields, negative
//     values. null is accepted only for pointer, slice, map and interface
//     fields (it sets them to nil). List elements and object members are
//     checked too (paths "season_table[3]", "inner.key"), and nested plain
//     structs are strict about their keys as well;
//   - a key given twice in the object is an error.
//
// Fields whose type (or pointer to it) implements json.Unmarshaler receive
// their raw value and check it themselves; their errors are reported as
// `Component: key "mixer": …`. After the checks each given field is decoded
// by encoding/json into a copy of its current value (so encoding/json
// semantics apply: a nested struct or map given as an object is merged into
// its current value; slices are replaced), and the copies are stored in *dst
// only when every field decoded. DecodeStrict never calls json.Unmarshal on
// the whole struct, so a params type may implement UnmarshalJSON with
// DecodeStrict.
//
// data that is not a single JSON object is an error. On any error *dst is
// unchanged.
func DecodeStrict(data []byte, dst any, rules KeyRules) error {
	entries, err := parseObject(data)
	if err != nil {
		return fmt.Errorf("%s: %w", rules.Component, err)
	}
	return decodeEntries(entries, dst, rules)
}

// DecodeStrictMap is [DecodeStrict] for an already-parsed object (e.g. a TOML
// table decoded to map[string]any). Keys are processed in sorted order.
// Values may be any JSON-encodable Go values; the types produced by
// github.com/BurntSushi/toml are understood directly: int64 and float64 (an
// integral float such as 5.0 is accepted for an integer field), []any,
// []map[string]any, map[string]any, and time.Time for TOML datetimes. A
// datetime is a type error for any field except one that decodes itself
// (json.Unmarshaler, e.g. time.Time), which receives it as an RFC 3339 string
// (local TOML dates and datetimes are taken as UTC). A nil map changes
// nothing.
func DecodeStrictMap(m map[string]any, dst any, rules KeyRules) error {
	entries := make([]entry, 0, len(m))
	var errs []error
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v, err := genericValue(m[k])
		if err != nil {
			errs = append(errs, &KeyError{Component: rules.Component, Kind: BadValue, Key: k, Detail: err.Error(), Err: err})
			continue
		}
		entries = append(entries, entry{key: k, val: v})
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	return decodeEntries(entries, dst, rules)
}

// assignment is one field to decode after all checks passed.
type assignment struct {
	f   field
	key string
	val any
	raw json.RawMessage
}

// decodeEntries is the common core of DecodeStrict and DecodeStrictMap: it
// applies the key rules and checks the values, then lets encoding/json
// decode each given field.
func decodeEntries(entries []entry, dst any, rules KeyRules) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("params.DecodeStrict: dst must be a non-nil pointer to a struct, got %T", dst)
	}
	fs := fieldsOf(rv.Elem().Type())
	if err := checkRules(rules, fs); err != nil {
		return err
	}
	c := &checker{component: rules.Component}
	assigns := c.keys(entries, fs, rules)
	if len(c.errs) > 0 {
		return errors.Join(c.errs...)
	}
	work := reflect.New(rv.Elem().Type()).Elem()
	work.Set(rv.Elem())
	copied := map[uintptr]bool{}
	var errs []error
	for _, a := range assigns {
		if err := decodeField(fieldForWrite(work, a.f.index, copied), a); err != nil {
			errs = append(errs, &KeyError{Component: rules.Component, Kind: BadValue, Key: a.key,
				Detail: err.Error(), Err: err})
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	rv.Elem().Set(work)
	return nil
}

// keys applies the key rules to entries: duplicates, rejected keys, aliases
// (rewritten to their canonical key), unknown keys and several keys setting
// one field are recorded as problems; the values of the other keys are
// checked against their fields. It returns the fields to decode.
func (c *checker) keys(entries []entry, fs *fieldSet, rules KeyRules) []assignment {
	var known []string // keys and aliases, for did-you-mean hints; built at the first unknown key
	var assigns []assignment
	given := map[string]bool{}          // keys seen, to catch duplicates
	setBy := map[string]string{}        // canonical key -> first key that set it
	conflicts := map[string]*KeyError{} // canonical key -> its conflict error
	for _, e := range entries {
		if given[e.key] {
			c.add(&KeyError{Kind: BadValue, Key: e.key, Detail: "given more than once"})
			continue
		}
		given[e.key] = true
		if hint, ok := rules.Rejected[e.key]; ok {
			c.add(&KeyError{Kind: RejectedKey, Key: e.key, Detail: hint})
			continue
		}
		canon := e.key
		if a, ok := rules.Aliases[e.key]; ok {
			canon = a
		} else if a, ok := fs.aliases[e.key]; ok {
			canon = a
		}
		f, ok := fs.byName[canon]
		if !ok {
			if known == nil {
				known = append(slices.Clone(fs.names), slices.Sorted(maps.Keys(rules.Aliases))...)
				known = append(known, slices.Sorted(maps.Keys(fs.aliases))...)
			}
			c.add(&KeyError{Kind: UnknownKey, Key: e.key, Suggestion: Suggest(e.key, known), Known: slices.Clone(fs.names)})
			continue
		}
		if first, dup := setBy[canon]; dup {
			ke := conflicts[canon]
			if ke == nil {
				ke = &KeyError{Kind: ConflictingKeys, Key: first}
				conflicts[canon] = ke
				c.add(ke)
			}
			all := append([]string{ke.Key, e.key}, ke.Others...)
			slices.Sort(all)
			ke.Key, ke.Others = all[0], all[1:]
			continue
		}
		setBy[canon] = e.key
		val := c.check(e.key, e.val, f.typ, f.quoted)
		assigns = append(assigns, assignment{f: f, key: e.key, val: val, raw: e.raw})
	}
	return assigns
}

// checkRules reports mistakes in the rules and alias tags themselves
// (programming errors).
func checkRules(rules KeyRules, fs *fieldSet) error {
	var errs []error
	for _, a := range slices.Sorted(maps.Keys(fs.aliases)) {
		if _, ok := fs.byName[a]; ok {
			errs = append(errs, fmt.Errorf("params.DecodeStrict: %s: alias tag %q is itself a key", rules.Component, a))
		}
	}
	for _, a := range slices.Sorted(maps.Keys(rules.Aliases)) {
		canon := rules.Aliases[a]
		if _, ok := fs.byName[a]; ok {
			errs = append(errs, fmt.Errorf("params.DecodeStrict: %s: alias %q is itself a key", rules.Component, a))
		}
		if _, ok := fs.byName[canon]; !ok {
			errs = append(errs, fmt.Errorf("params.DecodeStrict: %s: alias %q maps to unknown key %q", rules.Component, a, canon))
		}
	}
	return errors.Join(errs...)
}

// decodeField lets encoding/json decode one checked value into a copy of the
// addressable field fv (see [copyForDecode]), then stores the copy in fv.
func decodeField(fv reflect.Value, a assignment) error {
	var b []byte
	switch {
	case a.raw != nil && implementsUnmarshaler(a.f.typ):
		b = a.raw // a self-decoding type sees the input exactly as written
	case a.f.quoted && isScalarKind(derefType(a.f.typ).Kind()):
		s, _ := a.val.(string) // checked: the json ",string" option
		b = []byte(s)
	default:
		var err error
		if b, err = json.Marshal(a.val); err != nil {
			return err
		}
	}
	dst := copyForDecode(fv)
	if err := json.Unmarshal(b, dst.Interface()); err != nil {
		return err
	}
	fv.Set(dst.Elem())
	return nil
}

// copyForDecode returns a pointer to a copy of v that encoding/json may
// decode into without touching memory reachable from v: encoding/json adds
// to existing maps, decodes into existing slice elements and through
// existing pointers. Maps, slices, arrays, structs, pointers and interfaces
// are copied deeply ([deepCopy]: every value kept, those JSON cannot carry
// such as NaN, ±Inf and fields tagged "-" included); scalars and
// self-decoding types are copied as they are, a pointer to one onto a new
// pointee.
func copyForDecode(v reflect.Value) reflect.Value {
	n := reflect.New(v.Type())
	switch k := v.Kind(); {
	case implementsUnmarshaler(v.Type()) || isScalarKind(k):
		if k == reflect.Pointer && !v.IsNil() {
			p := reflect.New(v.Type().Elem())
			p.Elem().Set(v.Elem())
			n.Elem().Set(p)
		} else {
			n.Elem().Set(v)
		}
	default:
		n.Elem().Set(deepCopy(v, map[uintptr]reflect.Value{}))
	}
	return n
}

// deepCopy returns a copy of v that shares no reachable exported memory
// with it: pointers, slices, maps and interfaces are duplicated recursively
// through the exported fields of structs (unexported fields are copied as
// they are). A pointer seen twice maps to one new pointer (seen), so
// aliasing is kept and cycles through pointers end.
func deepCopy(v reflect.Value, seen map[uintptr]reflect.Value) reflect.Value {
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
		n.Elem().Set(deepCopy(v.Elem(), seen))
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(deepCopy(v.Index(i), seen))
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeMapWithSize(t, v.Len())
		for it := v.MapRange(); it.Next(); {
			n.SetMapIndex(it.Key(), deepCopy(it.Value(), seen))
		}
		return n
	case reflect.Array:
		n := reflect.New(t).Elem()
		for i := range v.Len() {
			n.Index(i).Set(deepCopy(v.Index(i), seen))
		}
		return n
	case reflect.Struct:
		n := reflect.New(t).Elem()
		n.Set(v)
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				n.Field(i).Set(deepCopy(v.Field(i), seen))
			}
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(t).Elem()
		n.Set(deepCopy(v.Elem(), seen))
		return n
	}
	return v
}
