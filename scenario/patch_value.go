package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// PatchValue is a numeric component parameter that is either one number for
// every patch (`r0 = 56.8`) or read per patch from a scenario column
// (`amplitude = { column = "amplitude" }`: He et al. 2010 fit the season
// amplitude, reporting and overdispersion per town). The zero value is the
// number 0.
type PatchValue struct {
	value  float64
	column string
}

// PatchNumber returns a PatchValue of v for every patch.
func PatchNumber(v float64) PatchValue { return PatchValue{value: v} }

// PatchColumn returns a PatchValue read from the scenario column name.
func PatchColumn(name string) PatchValue { return PatchValue{column: name} }

// Number returns the value and true for the one-number form, 0 and false
// for a column.
func (v PatchValue) Number() (float64, bool) { return v.value, v.column == "" }

// ColumnName returns the scenario column of the column form ("" for a
// number).
func (v PatchValue) ColumnName() string { return v.column }

// String returns the number, or "column NAME".
func (v PatchValue) String() string {
	if v.column != "" {
		return "column " + strconv.Quote(v.column)
	}
	return strconv.FormatFloat(v.value, 'g', -1, 64)
}

// Check returns an error naming key unless ok(x) holds for the number (a
// column is checked per row by [PatchValue.Resolve]). want describes the
// valid range, as in "a finite number > 0".
func (v PatchValue) Check(key string, ok func(float64) bool, want string) error {
	if v.column != "" || ok(v.value) {
		return nil
	}
	return fmt.Errorf("%s must be %s, got %v", key, want, v.value)
}

// Resolve expands v to one value per patch of scn. A column's text must
// parse as a number satisfying ok in every row; every problem names key,
// the column, the 1-based row and the value (the first 20 are reported).
func (v PatchValue) Resolve(key string, scn *Table, ok func(float64) bool, want string) ([]float64, error) {
	out := make([]float64, scn.Len())
	if v.column == "" {
		if !ok(v.value) {
			return nil, fmt.Errorf("%s must be %s, got %v", key, want, v.value)
		}
		for j := range out {
			out[j] = v.value
		}
		return out, nil
	}
	col, found := scn.Extra(v.column)
	if !found {
		names := scn.ExtraNames()
		if len(names) == 0 {
			return nil, fmt.Errorf("%s: the scenario has no column %q (it has no extra columns)", key, v.column)
		}
		return nil, fmt.Errorf("%s: the scenario has no column %q (its extra columns: %s)", key, v.column, strings.Join(names, ", "))
	}
	var errs []error
	for j, text := range col {
		x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: scenario column %q, row %d: %q is not a number", key, v.column, j+1, text))
		case !ok(x):
			errs = append(errs, fmt.Errorf("%s: scenario column %q, row %d: %v: must be %s", key, v.column, j+1, x, want))
		}
		if len(errs) == 20 {
			errs = append(errs, fmt.Errorf("%s: … (further rows not checked)", key))
			break
		}
		out[j] = x
	}
	if errs != nil {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// UnmarshalJSON accepts a number or an object {"column": "NAME"}.
func (v *PatchValue) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil {
			return fmt.Errorf("expected a number or {column = \"NAME\"}: %w", err)
		}
		raw, ok := obj["column"]
		if !ok || len(obj) != 1 {
			return fmt.Errorf("expected a number or {column = \"NAME\"}, got %s", data)
		}
		var name string
		if err := json.Unmarshal(raw, &name); err != nil || name == "" {
			return fmt.Errorf("column: expected a non-empty scenario column name, got %s", raw)
		}
		*v = PatchValue{column: name}
		return nil
	}
	var x float64
	if err := json.Unmarshal(data, &x); err != nil {
		return fmt.Errorf("expected a number or {column = \"NAME\"}, got %s", data)
	}
	*v = PatchValue{value: x}
	return nil
}

// MarshalJSON writes the number or {"column": "NAME"}.
func (v PatchValue) MarshalJSON() ([]byte, error) {
	if v.column != "" {
		return json.Marshal(map[string]string{"column": v.column})
	}
	if math.IsNaN(v.value) || math.IsInf(v.value, 0) {
		return nil, fmt.Errorf("scenario: PatchValue %v is not a finite number", v.value)
	}
	return json.Marshal(v.value)
}

// Range predicates for [PatchValue.Check] and [PatchValue.Resolve].
var (
	// Positive holds for finite x > 0.
	Positive = func(x float64) bool { return x > 0 && !math.IsInf(x, 1) }
	// NonNegative holds for finite x ≥ 0.
	NonNegative = func(x float64) bool { return x >= 0 && !math.IsInf(x, 1) }
	// UnitInterval holds for x in [0, 1].
	UnitInterval = func(x float64) bool { return x >= 0 && x <= 1 }
)
