package params

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// KeyRules describes a params struct's key rules for strict decoding.
type KeyRules struct {
	Component string            // name used in error messages, e.g. "InfectionProcess" or "phases[2]"
	Aliases   map[string]string // accepted input alias -> canonical key, e.g. "seasonal_amplitude": "seasonality"
	Rejected  map[string]string // keys rejected with a specific hint, e.g. "distance_exponent": "configure the mixer", "cbr": `did you mean "crude_birth_rate"?`
}

// entry is one top-level key of the input object with its value in generic
// form (see check.go) and, for JSON input, its raw text.
type entry struct {
	key string
	val any
	raw json.RawMessage // nil for DecodeStrictMap input
}

// DecodeStrict overlays the JSON object in data onto dst, a non-nil pointer
// to a struct that already holds the defaults.
//
// Known keys are the struct's json tag names (an untagged exported field is
// known by its Go name, as in encoding/json; fields tagged "-", unexported
// fields and func or chan fields are not keys; untagged embedded structs
// contribute their fields). Key matching is exact (case-sensitive).
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
// with encoding/json into a copy of *dst (so encoding/json semantics apply:
// a nested struct or map given as an object is merged into its current
// value; slices are replaced). DecodeStrict never calls json.Unmarshal on the
// whole struct, so a params type may implement UnmarshalJSON with
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
	for _, k := range sortedKeys(m) {
		v, err := genericValue(reflect.ValueOf(m[k]))
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

// parseObject reads data as exactly one JSON object and returns its members
// in input order.
func parseObject(data []byte) ([]entry, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty input, expected a JSON object")
	}
	// A first full parse gives syntax errors with consistent offsets
	// (including trailing data) and the kind of a non-object document.
	var probe json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			if se.Offset >= int64(len(data)) && strings.Contains(se.Error(), "unexpected end") {
				return nil, errors.New("invalid JSON: unexpected end of input")
			}
			line, col := lineCol(data, se.Offset-1) // Offset counts the offending byte
			return nil, fmt.Errorf("invalid JSON at line %d, column %d: %w", line, col, err)
		}
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if kind := documentKind(probe); kind != "object" {
		return nil, fmt.Errorf("expected a JSON object, got %s", kind)
	}
	// The second, streaming pass keeps key order, duplicates and raw values.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // the opening '{'
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	var entries []entry
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		key := tok.(string) // object keys are always strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		vdec := json.NewDecoder(bytes.NewReader(raw))
		vdec.UseNumber()
		var val any
		if err := vdec.Decode(&val); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		entries = append(entries, entry{key: key, val: val, raw: raw})
	}
	return entries, nil
}

// lineCol converts a 0-based byte offset in data to a 1-based line and
// column (in bytes).
func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// documentKind names the kind of a valid JSON document from its first byte.
func documentKind(doc []byte) string {
	doc = bytes.TrimSpace(doc)
	switch doc[0] {
	case '{':
		return "object"
	case '[':
		return "list"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// assignment is one field to decode after all checks passed.
type assignment struct {
	f   field
	key string
	val any
	raw json.RawMessage
}

// decodeEntries is the common core of DecodeStrict and DecodeStrictMap.
func decodeEntries(entries []entry, dst any, rules KeyRules) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("params.DecodeStrict: dst must be a non-nil pointer to a struct, got %T", dst)
	}
	t := rv.Elem().Type()
	byName, fieldNames := keyIndex(t)
	if err := checkRules(rules, byName); err != nil {
		return err
	}
	known := append(slices.Clone(fieldNames), slices.Sorted(maps.Keys(rules.Aliases))...)

	c := &checker{component: rules.Component}
	var assigns []assignment
	given := map[string]bool{}          // keys seen, to catch duplicates
	setBy := map[string]string{}        // canonical key -> first key that set it
	conflicts := map[string]*KeyError{} // canonical key -> its conflict error
	for _, e := range entries {
		if given[e.key] {
			c.errs = append(c.errs, &KeyError{Component: rules.Component, Kind: BadValue, Key: e.key,
				Detail: "given more than once"})
			continue
		}
		given[e.key] = true
		if hint, ok := rules.Rejected[e.key]; ok {
			c.errs = append(c.errs, &KeyError{Component: rules.Component, Kind: RejectedKey, Key: e.key, Detail: hint})
			continue
		}
		canon := e.key
		if a, ok := rules.Aliases[e.key]; ok {
			canon = a
		}
		f, ok := byName[canon]
		if !ok {
			c.errs = append(c.errs, &KeyError{Component: rules.Component, Kind: UnknownKey, Key: e.key,
				Suggestion: Suggest(e.key, known), Known: fieldNames})
			continue
		}
		if first, dup := setBy[canon]; dup {
			ke := conflicts[canon]
			if ke == nil {
				ke = &KeyError{Component: rules.Component, Kind: ConflictingKeys, Key: first}
				conflicts[canon] = ke
				c.errs = append(c.errs, ke)
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
	if len(c.errs) > 0 {
		return errors.Join(c.errs...)
	}

	work := reflect.New(t).Elem()
	work.Set(rv.Elem())
	copied := map[uintptr]bool{}
	var errs []error
	for _, a := range assigns {
		fv := fieldForWrite(work, a.f.index, copied)
		fv.Set(deepCopy(fv))
		if err := decodeField(fv, a); err != nil {
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

// checkRules reports mistakes in the rules themselves (programming errors).
func checkRules(rules KeyRules, byName map[string]field) error {
	var errs []error
	for _, a := range slices.Sorted(maps.Keys(rules.Aliases)) {
		canon := rules.Aliases[a]
		if _, ok := byName[a]; ok {
			errs = append(errs, fmt.Errorf("params.DecodeStrict: %s: alias %q is itself a key", rules.Component, a))
		}
		if _, ok := byName[canon]; !ok {
			errs = append(errs, fmt.Errorf("params.DecodeStrict: %s: alias %q maps to unknown key %q", rules.Component, a, canon))
		}
	}
	return errors.Join(errs...)
}

// decodeField decodes one checked value into the addressable field fv.
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
		if b, err = json.Marshal(jsonValue(a.val)); err != nil {
			return err
		}
	}
	return json.Unmarshal(b, fv.Addr().Interface())
}

// jsonValue prepares a generic value for json.Marshal: TOML datetimes become
// RFC 3339 strings (local ones read as UTC wall clock).
func jsonValue(v any) any {
	switch x := v.(type) {
	case time.Time:
		switch x.Location().String() {
		case "date-local", "datetime-local", "time-local":
			x = time.Date(x.Year(), x.Month(), x.Day(), x.Hour(), x.Minute(), x.Second(), x.Nanosecond(), time.UTC)
		}
		return x.Format(time.RFC3339Nano)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	}
	return v
}

// genericValue converts an already-parsed Go value (as produced by a TOML
// decoder, or written by hand) to the generic JSON form of check.go.
func genericValue(v reflect.Value) (any, error) {
	if !v.IsValid() {
		return nil, nil
	}
	if tm, ok := v.Interface().(time.Time); ok {
		return tm, nil
	}
	if n, ok := v.Interface().(json.Number); ok {
		return n, nil
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return nil, nil
		}
		if _, ok := v.Interface().(json.Marshaler); !ok {
			return genericValue(v.Elem())
		}
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.String:
		return v.String(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(v.Int(), 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return json.Number(strconv.FormatUint(v.Uint(), 10)), nil
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nonFinite(f), nil
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, v.Type().Bits())), nil
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil, nil
		}
		if v.Type().Elem().Kind() != reflect.Uint8 {
			out := make([]any, v.Len())
			for i := range v.Len() {
				e, err := genericValue(v.Index(i))
				if err != nil {
					return nil, err
				}
				out[i] = e
			}
			return out, nil
		}
	case reflect.Map:
		if v.IsNil() {
			return nil, nil
		}
		if v.Type().Key().Kind() == reflect.String {
			out := make(map[string]any, v.Len())
			it := v.MapRange()
			for it.Next() {
				e, err := genericValue(it.Value())
				if err != nil {
					return nil, err
				}
				out[it.Key().String()] = e
			}
			return out, nil
		}
	}
	// Anything else: through encoding/json.
	b, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
