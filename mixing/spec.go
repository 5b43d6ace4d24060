package mixing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/rubeola/rubeola/params"
)

// A mixer spec is the JSON form of a mixer: an object with a "type" key
// naming a registered mixer type ([Register]) and the mixer's own keys; the
// built-in ones:
//
//	{"type": "gravity", "a": 1, "b": 1, "c": 1.5, "k": 0.01}
//	{"type": "radiation", "include_home": true, "k": 0.01}
//	{"type": "stouffer", "include_home": true, "k": 0.01, "a": 1, "b": 1}
//	{"type": "competing_destinations", "a": 1, "b": 1, "c": 1.5, "k": 0.01, "delta": -1}
//	{"type": "truncated", "mixer": {"type": "gravity"}, "top_k": 50, "renorm": "off_diagonal"}
//	{"type": "migration_matrix", "matrix": [[0, 0.01], [0.02, 0]]}
//	{"type": "mixing_matrix", "matrix": [[0.9, 0.1], [0, 1]]}
//
// Omitted parameters take their defaults. The user-matrix types require
// "matrix"; "truncated" requires "mixer" and min_weight > 0 or top_k > 0.

// DecodeMixer parses a mixer spec strictly: data must be one JSON object with
// a string "type" naming a registered mixer ([Register]; built in:
// "gravity", "radiation", "stouffer", "competing_destinations", "truncated",
// "migration_matrix", "mixing_matrix"), whose decoder reads the rest:
// parameters not given take their defaults; an unknown type
// or key, a key given twice, a value of the wrong JSON type and a parameter
// out of range (the mixer's Validate) are errors naming the type or key, e.g.
//
//	mixing: unknown mixer type "gravty" (did you mean "gravity"?)
//	mixing: gravity: unknown key "alpha" (known keys: type, a, b, c, k, row_sums)
//	mixing: gravity: a = 0.5 must be >= 1
//
// User matrices are checked for shape (square) and values here, and against
// the scenario's size when used.
func DecodeMixer(data []byte) (Mixer, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("mixing: a mixer spec must be a JSON object such as {\"type\": \"gravity\"}: %s",
			specSnippet(data))
	}
	rawType, ok := obj["type"]
	if !ok {
		return nil, fmt.Errorf("mixing: mixer spec has no \"type\" key (known types: %s)", strings.Join(knownTypes(), ", "))
	}
	var typ string
	if err := json.Unmarshal(rawType, &typ); err != nil {
		return nil, fmt.Errorf("mixing: mixer \"type\" must be a string, got %s", bytes.TrimSpace(rawType))
	}
	mt, ok := lookupType(typ)
	if !ok {
		known := knownTypes()
		if s := params.Suggest(typ, known); s != "" {
			return nil, fmt.Errorf("mixing: unknown mixer type %q (did you mean %q?)", typ, s)
		}
		return nil, fmt.Errorf("mixing: unknown mixer type %q (known types: %s)", typ, strings.Join(known, ", "))
	}
	return mt.Decode(data)
}

// MarshalMixer returns the canonical JSON of a mixer, which the mixer writes
// itself (json.Marshaler): "type" first, then every parameter (defaults
// included) in declaration order, e.g.
// {"type":"gravity","a":1,"b":1,"c":1.5,"k":0.01}; a truncated mixer holds
// its inner mixer's canonical JSON under "mixer". A [Spec] is unwrapped.
// DecodeMixer of the result gives an equal mixer. An invalid mixer (one
// DecodeMixer would reject), a nil Mixer and a mixer without MarshalJSON
// (one that is not built in and was not written for specs, see
// [MixerType]) are errors.
func MarshalMixer(m Mixer) ([]byte, error) {
	m = unwrapSpec(m)
	if m == nil || isNilPointer(m) {
		return nil, fmt.Errorf("mixing: cannot encode a nil mixer")
	}
	j, ok := m.(json.Marshaler)
	if !ok {
		return nil, fmt.Errorf("mixing: cannot encode mixer %q (%T): not a built-in mixer, and it does not marshal itself (implement json.Marshaler and register its type with mixing.Register)", m.Name(), m)
	}
	return j.MarshalJSON()
}

// isNilPointer reports whether m holds a nil pointer.
func isNilPointer(m Mixer) bool {
	v := reflect.ValueOf(m)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Spec holds a Mixer where JSON is decoded or encoded, for example as a field
// of a component's parameters: it decodes with [DecodeMixer] and encodes with
// [MarshalMixer]. It embeds the Mixer, so a Spec is itself a Mixer. JSON
// null decodes to no change and a Spec with a nil Mixer encodes as null.
type Spec struct {
	Mixer
}

// UnmarshalJSON decodes a mixer spec with [DecodeMixer].
func (s *Spec) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	m, err := DecodeMixer(data)
	if err != nil {
		return err
	}
	s.Mixer = m
	return nil
}

// marshalKernel encodes a mixer whose params are its struct fields in
// canonical form, {"type": m.Name(), then the keys of fields}: fields is m
// converted to a type without methods, so the encoding does not recurse
// into m's MarshalJSON. An invalid m is an error.
func marshalKernel(m interface {
	Name() string
	Validate() error
}, fields any) ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	head, err := json.Marshal(struct {
		Type string `json:"type"`
	}{m.Name()})
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	if string(body) == "{}" {
		return head, nil
	}
	return append(append(head[:len(head)-1], ','), body[1:]...), nil
}

// MarshalJSON encodes the held mixer with [MarshalMixer] (null if nil).
func (s Spec) MarshalJSON() ([]byte, error) {
	if s.Mixer == nil {
		return []byte("null"), nil
	}
	return MarshalMixer(s.Mixer)
}

// decodeUserMatrix decodes the keys of a user-matrix spec strictly and
// returns its non-empty "matrix".
func decodeUserMatrix(data []byte, typ string) ([][]float64, error) {
	var v userMatrixJSON
	component := "mixing: " + typ
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: component}); err != nil {
		return nil, err
	}
	if len(v.Matrix) == 0 {
		return nil, fmt.Errorf("%s: key \"matrix\" is missing or empty (want an N×N list of lists)", component)
	}
	return v.Matrix, nil
}

// specSnippet returns the start of data for error messages.
func specSnippet(data []byte) string {
	s := strings.TrimSpace(string(data))
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	if s == "" {
		return "got nothing"
	}
	return "got " + s
}
