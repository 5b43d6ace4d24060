package sweep

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/params"
)

// MaxPoints is the most points a sweep may have: a bound that catches a
// mistyped range (to = 1e9) before anything is built.
const MaxPoints = 1_000_000

// Axis is one swept key: the TOML path it was given under in [sweep] and
// its values in order (TOML values: int64, float64, string, bool, tables).
type Axis struct {
	// Path is the key's TOML path as written ("phases.Infection.beta").
	Path string
	// Values are the axis values in order.
	Values []any

	target target
}

// rangeKeys are the keys of an integer range axis.
var rangeKeys = []string{"from", "step", "to"}

// axisValues reads an axis: an array of values, or an integer range table
// { from = 1, to = 100, step = 1 } (inclusive, step >= 1).
func axisValues(v any) ([]any, error) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return nil, fmt.Errorf("no values (give at least one)")
		}
		return x, nil
	case []map[string]any:
		if len(x) == 0 {
			return nil, fmt.Errorf("no values (give at least one)")
		}
		out := make([]any, len(x))
		for k, t := range x {
			out[k] = t
		}
		return out, nil
	case map[string]any:
		return rangeValues(x)
	}
	return nil, fmt.Errorf("expected an array of values or an integer range { from = 1, to = 10 }, got %s", tomlx.Type(v))
}

// rangeValues expands an inclusive integer range.
func rangeValues(tbl map[string]any) ([]any, error) {
	for k := range tbl {
		if !slices.Contains(rangeKeys, k) {
			if s := params.Suggest(k, rangeKeys); s != "" {
				return nil, fmt.Errorf("range: unknown key %s (did you mean %q?)", echo.Quote(k), s)
			}
			return nil, fmt.Errorf("range: unknown key %s (a range has from, to and an optional step)", echo.Quote(k))
		}
	}
	get := func(key string, def int64, required bool) (int64, error) {
		v, ok := tbl[key]
		if !ok {
			if required {
				return 0, fmt.Errorf("range: missing key %q (a range is { from = 1, to = 10 })", key)
			}
			return def, nil
		}
		n, ok := v.(int64)
		if !ok {
			return 0, fmt.Errorf("range.%s: expected an integer, got %s", key, tomlx.Type(v))
		}
		return n, nil
	}
	from, err := get("from", 0, true)
	if err != nil {
		return nil, err
	}
	to, err := get("to", 0, true)
	if err != nil {
		return nil, err
	}
	step, err := get("step", 1, false)
	if err != nil {
		return nil, err
	}
	switch {
	case step < 1:
		return nil, fmt.Errorf("range.step: must be >= 1, got %d", step)
	case from > to:
		return nil, fmt.Errorf("range: from (%d) is greater than to (%d)", from, to)
	case (to-from)/step >= MaxPoints:
		return nil, fmt.Errorf("range: %d to %d by %d has more than %d values", from, to, step, MaxPoints)
	}
	var out []any
	for v := from; ; v += step {
		out = append(out, v)
		if to-v < step {
			break
		}
	}
	return out, nil
}

// valueEcho formats an axis value for an error message: as ValueText
// quotes it, with a long string or table cut by package echo (the file
// holds it whole).
func valueEcho(v any) string {
	if s, ok := v.(string); ok {
		return echo.Quote(s)
	}
	return echo.Clip(ValueText(v, true))
}

// ValueText formats an axis value for messages and tables: integers and
// floats in their shortest exact form as JSON writes them (0.4,
// 100000000, 1e-7), strings as they are
// (quoted when quote is set), booleans, dates as YYYY-MM-DD, tables and
// arrays as compact JSON.
func ValueText(v any, quote bool) string {
	switch x := v.(type) {
	case string:
		if quote {
			return strconv.Quote(x)
		}
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if data, err := json.Marshal(x); err == nil { // as the manifest writes it
			return string(data)
		}
		return strconv.FormatFloat(x, 'g', -1, 64) // nan, inf
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			return x.Format(time.DateOnly)
		}
		return x.Format(time.RFC3339Nano)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
