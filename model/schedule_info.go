package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/phases"
)

// ScheduleEntry describes one component instance of a model for people
// (the CLI's --verbose schedule).
type ScheduleEntry struct {
	// Name is the instance's Name().
	Name string
	// Role is what the instance does: "initialiser", "phase", "finaliser",
	// or several joined by "+" ("" for a component with none of them).
	Role string
	// Params are the instance's canonical params in short form
	// ("beta=0.5714 seasonality=0.3 mixer=gravity(a=1 b=1 c=1.5 k=0.01)");
	// "" for a component without params (PopulationTracker) and for a user
	// component whose params the model does not know (one not registered
	// with [Register]).
	Params string
	// User reports whether the instance is a user's component rather than
	// one of rubeola's built-ins.
	User bool
}

// Schedule describes the model's component instances in order.
func (m *Model) Schedule() []ScheduleEntry {
	out := make([]ScheduleEntry, len(m.instances))
	for k, c := range m.instances {
		out[k] = ScheduleEntry{Name: c.Name(), Role: role(c), User: !isBuiltin(c)}
		if t, ok := componentTypeOf(m.Type(), c); ok {
			if data, _, err := t.ParamsJSON(c); err == nil {
				out[k].Params = ShortParams(data)
			}
		}
	}
	return out
}

// role names what a component does in a run.
func role(c phases.Component) string {
	var roles []string
	if _, ok := c.(phases.Initializer); ok {
		roles = append(roles, "initialiser")
	}
	if _, ok := c.(phases.Stepper); ok {
		roles = append(roles, "phase")
	}
	if _, ok := c.(phases.Finalizer); ok {
		roles = append(roles, "finaliser")
	}
	return strings.Join(roles, "+")
}

// shortListMax is the longest list written out in full by [ShortParams];
// longer ones (a 26-value season table, an SIA schedule) are counted.
const shortListMax = 4

// ShortParams renders a JSON object of params keys on one line, in the
// object's key order: key=value pairs, null values left out, numbers in at
// most 4 significant digits, objects with a "type" key as type(k=v …),
// other objects as {k=v …}, lists of more than four items as "[N items]".
// Data that is not a JSON object is returned compacted.
func ShortParams(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		var b bytes.Buffer
		if json.Compact(&b, data) != nil {
			return string(data)
		}
		return b.String()
	}
	obj, ok := v.(orderedObject)
	if !ok {
		return shortValue(v)
	}
	return obj.pairs()
}

// orderedObject is a JSON object with its keys in input order.
type orderedObject struct {
	keys   []string
	values []any
}

// pairs renders the object's non-null members as "k=v k=v".
func (o orderedObject) pairs() string {
	var parts []string
	for i, k := range o.keys {
		if o.values[i] == nil {
			continue
		}
		parts = append(parts, k+"="+shortValue(o.values[i]))
	}
	return strings.Join(parts, " ")
}

// shortValue renders one decoded JSON value in short form.
func shortValue(v any) string {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return x.String()
		}
		return strconv.FormatFloat(f, 'g', 4, 64)
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case []any:
		if len(x) > shortListMax {
			return fmt.Sprintf("[%d items]", len(x))
		}
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = shortValue(e)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case orderedObject:
		for i, k := range x.keys {
			if k == "type" {
				if name, ok := x.values[i].(string); ok {
					rest := orderedObject{keys: append(append([]string{}, x.keys[:i]...), x.keys[i+1:]...),
						values: append(append([]any{}, x.values[:i]...), x.values[i+1:]...)}
					return name + "(" + rest.pairs() + ")"
				}
			}
		}
		return "{" + x.pairs() + "}"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// decodeOrdered decodes the next JSON value, keeping object keys in order.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var o orderedObject
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := kt.(string)
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.keys, o.values = append(o.keys, key), append(o.values, v)
			}
			_, err := dec.Token() // '}'
			return o, err
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token() // ']'
			return list, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return tok, nil
}
