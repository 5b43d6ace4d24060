package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// Rates is a per-patch rate given as one number for every patch, a list with
// one number per patch, or an object mapping patch ids to numbers (patches
// not named get 0). Exactly one form is set; the zero value is the number 0.
type Rates struct {
	value float64
	list  []float64
	byID  map[string]float64
	keys  []string // byID keys in input order
}

// RateAll returns the same rate for every patch.
func RateAll(v float64) Rates { return Rates{value: v} }

// RateList returns one rate per patch, in scenario order.
func RateList(v []float64) Rates { return Rates{list: slices.Clone(v)} }

// RateByID returns rates for named patches; the others get 0.
func RateByID(m map[string]float64) Rates {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return Rates{byID: out, keys: keys}
}

// Validate checks that every rate is a finite number ≥ 0 and returns every
// problem joined, each naming its place: key, key[3] or key["NG:KN"].
func (r Rates) Validate(key string) error {
	var errs []error
	switch {
	case r.list != nil:
		for k, v := range r.list {
			errs = append(errs, paramkit.NonNegative(fmt.Sprintf("%s[%d]", key, k), v))
		}
	case r.byID != nil:
		for _, id := range r.keys {
			errs = append(errs, paramkit.NonNegative(fmt.Sprintf("%s[%q]", key, id), r.byID[id]))
		}
	default:
		errs = append(errs, paramkit.NonNegative(key, r.value))
	}
	return errors.Join(errs...)
}

// Table expands the rates to one value per scenario patch. A list must have
// one value per patch; object keys must be scenario ids.
func (r Rates) Table(key string, scn *scenario.Table) ([]float64, error) {
	n := scn.Len()
	out := make([]float64, n)
	switch {
	case r.list != nil:
		if len(r.list) != n {
			return nil, fmt.Errorf("%s has %d values, which does not match number of patches (%d)", key, len(r.list), n)
		}
		copy(out, r.list)
	case r.byID != nil:
		var unknown []string
		for _, id := range r.keys {
			j, ok := scn.Index(id)
			if !ok {
				unknown = append(unknown, id)
				continue
			}
			out[j] = r.byID[id]
		}
		if unknown != nil {
			b, _ := json.Marshal(unknown)
			return nil, fmt.Errorf("%s: Unknown patch ids: %s", key, b)
		}
	default:
		for j := range out {
			out[j] = r.value
		}
	}
	return out, nil
}

// UnmarshalJSON accepts a number, a list of numbers or an object of numbers
// (object keys kept in input order for messages).
func (r *Rates) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '[':
		var list []float64
		if err := json.Unmarshal(data, &list); err != nil {
			return fmt.Errorf("expected a list of numbers: %w", err)
		}
		*r = Rates{list: list}
	case len(data) > 0 && data[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(data))
		var m map[string]float64
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("expected an object of numbers: %w", err)
		}
		keys, err := objectKeys(dec)
		if err != nil {
			return err
		}
		*r = Rates{byID: m, keys: keys}
	default:
		var v float64
		if err := json.Unmarshal(data, &v); err != nil {
			return fmt.Errorf("expected a number, a list of numbers or an object of numbers, got %s", data)
		}
		*r = Rates{value: v}
	}
	return nil
}

// objectKeys returns the keys of the JSON object in dec, in input order,
// without duplicates.
func objectKeys(dec *json.Decoder) ([]string, error) {
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		if !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// MarshalJSON emits the number, list or object.
func (r Rates) MarshalJSON() ([]byte, error) {
	switch {
	case r.list != nil:
		return json.Marshal(r.list)
	case r.byID != nil:
		return json.Marshal(r.byID)
	default:
		return json.Marshal(r.value)
	}
}
