package snapstate

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Decode decodes a component's saved state strictly (unknown fields are
// errors) into dst; name is the component's, for the error.
func Decode(name string, state json.RawMessage, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(state))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%s: snapshot state: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: snapshot state: trailing data after the JSON object", name)
	}
	return nil
}

// CheckLen reports a saved array whose length does not fit the model.
func CheckLen(name, field string, got, want int) error {
	if got != want {
		return fmt.Errorf("%s: snapshot state: %s has %d values, want %d", name, field, got, want)
	}
	return nil
}

// CheckCounts reports the first negative value of a saved array of counts.
func CheckCounts(name, field string, values []int64) error {
	for k, v := range values {
		if v < 0 {
			return fmt.Errorf("%s: snapshot state: %s[%d] = %d: must be >= 0", name, field, k, v)
		}
	}
	return nil
}

// OrNone returns d (a table digest), or "none" when empty.
func OrNone(d string) string {
	if d == "" {
		return "none"
	}
	return d
}
