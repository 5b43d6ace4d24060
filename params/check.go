package params

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/echo"
)

// Values handed to the checker are JSON values in generic form: nil, bool,
// string, json.Number, []any, map[string]any, plus two forms that only come
// from already-parsed input (DecodeStrictMap): datetime (a TOML datetime)
// and nonFinite (a NaN or infinite float).

// nonFinite is a NaN or infinite float found in a map given to
// DecodeStrictMap; JSON cannot carry it, so it is always a type error.
type nonFinite float64

// checker validates generic JSON values against Go types and collects the
// problems found.
type checker struct {
	component string
	errs      []error
}

// add records a problem, naming the checker's component.
func (c *checker) add(ke *KeyError) {
	ke.Component = c.component
	c.errs = append(c.errs, ke)
}

// wrongType records a WrongType problem at path.
func (c *checker) wrongType(path, detail string) {
	c.add(&KeyError{Kind: WrongType, Key: path, Detail: detail})
}

// expect records "expected want, got <kind of v>" at path unless ok.
func (c *checker) expect(ok bool, path, want string, v any) bool {
	if !ok {
		c.wrongType(path, "expected "+want+", got "+jsonKind(v))
	}
	return ok
}

// check validates v against type t at path and returns v in the form to
// re-encode for encoding/json (integral numbers such as 5.0 rewritten as 5).
// quoted is the json ",string" option of the field holding the value.
func (c *checker) check(path string, v any, t reflect.Type, quoted bool) any {
	_, isString := v.(string)
	nf, isNonFinite := v.(nonFinite)
	switch {
	case isNonFinite:
		c.wrongType(path, fmt.Sprintf("expected %s, got non-finite number %v", friendlyType(t), float64(nf)))
	case implementsUnmarshaler(t): // the type decodes itself
	case v == nil:
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		default:
			c.wrongType(path, fmt.Sprintf("expected %s, got null", friendlyType(t)))
		}
	case t.Kind() == reflect.Pointer:
		return c.check(path, v, t.Elem(), quoted)
	case implementsTextUnmarshaler(t):
		c.expect(isString, path, "string", v)
	case quoted && isScalarKind(t.Kind()): // json ",string": the scalar is written inside a JSON string
		c.expect(isString, path, friendlyType(t)+" written as a string", v)
	default:
		return c.checkKind(path, v, t)
	}
	return v
}

// checkKind is check for a value that is not null against a type that does
// not decode itself, by the kind of t.
func (c *checker) checkKind(path string, v any, t reflect.Type) any {
	n, isNumber := v.(json.Number)
	switch t.Kind() {
	case reflect.Bool:
		_, ok := v.(bool)
		c.expect(ok, path, "boolean", v)
	case reflect.String:
		if d, ok := v.(datetime); ok {
			c.wrongType(path, fmt.Sprintf("expected string, got datetime (quote it: %q)", d))
		} else {
			_, ok := v.(string)
			c.expect(ok, path, "string", v)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if !c.expect(isNumber, path, "integer", v) {
			return v
		}
		canon, detail := checkInteger(string(n), t)
		if detail != "" {
			c.wrongType(path, detail)
			return v
		}
		return json.Number(canon)
	case reflect.Float32, reflect.Float64:
		if c.expect(isNumber, path, "number", v) {
			if f, err := strconv.ParseFloat(string(n), t.Bits()); err != nil && math.IsInf(f, 0) {
				c.wrongType(path, fmt.Sprintf("expected number, got %s (out of range)", echo.Clip(string(n))))
			}
		}
	case reflect.Slice, reflect.Array:
		return c.checkList(path, v, t)
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !c.expect(ok, path, "object", v) {
			return v
		}
		out := make(map[string]any, len(obj))
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			out[k] = c.check(path+"."+k, obj[k], t.Elem(), false)
		}
		return out
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !c.expect(ok, path, "object", v) {
			return v
		}
		return c.checkStruct(path, obj, t)
	}
	// Interfaces take any value; other kinds are left to encoding/json.
	return v
}

// checkList validates a list value against slice or array type t. A []byte
// also takes a string (base64 text; encoding/json checks it).
func (c *checker) checkList(path string, v any, t reflect.Type) any {
	list, ok := v.([]any)
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !implementsUnmarshaler(t.Elem()) &&
		!implementsTextUnmarshaler(t.Elem()) && !ok {
		if _, isString := v.(string); !isString {
			c.wrongType(path, "expected string, got "+jsonKind(v))
		}
		return v
	}
	if !c.expect(ok, path, "list", v) {
		return v
	}
	if t.Kind() == reflect.Array && len(list) != t.Len() {
		c.wrongType(path, fmt.Sprintf("expected list of %d values, got %d", t.Len(), len(list)))
		return v
	}
	out := make([]any, len(list))
	for i, e := range list {
		out[i] = c.check(fmt.Sprintf("%s[%d]", path, i), e, t.Elem(), false)
	}
	return out
}

// checkStruct validates a nested object against struct type t: keys must be
// field keys (no aliases at this level) and values must fit.
func (c *checker) checkStruct(path string, obj map[string]any, t reflect.Type) any {
	fs := fieldsOf(t)
	out := make(map[string]any, len(obj))
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		f, ok := fs.byName[k]
		if !ok {
			ke := &KeyError{Kind: UnknownKey, Key: path + "." + k, Known: slices.Clone(fs.names)}
			if s := Suggest(k, fs.names); s != "" {
				ke.Suggestion = path + "." + s
			}
			c.add(ke)
			continue
		}
		out[k] = c.check(path+"."+k, obj[k], f.typ, f.quoted)
	}
	return out
}

// checkInteger validates the JSON number literal lit for integer type t. It
// returns the literal rewritten as a plain integer, or a "expected …, got …"
// detail. Exact integral values are accepted whatever their spelling (5.0,
// 5e0, 0.5e1); fractional values (5.5) and values out of the type's range are
// not. The check is exact (math/big, not a float); an exponent too large to
// matter decides without computing the value.
func checkInteger(lit string, t reflect.Type) (canon, detail string) {
	mant, exp, _ := strings.Cut(strings.ToLower(lit), "e")
	e, _ := strconv.Atoi(cmp.Or(exp, "0")) // an exponent out of range is clamped
	switch zero := strings.Trim(mant, "-0.") == ""; {
	case zero:
		lit = "0"
	case e > len(mant)+20: // |value| ≥ 10^21
		return "", fmt.Sprintf("expected integer, got %s (out of range)", echo.Clip(lit))
	case e < -len(mant): // 0 < |value| < 1
		return "", fmt.Sprintf("expected integer, got %s", echo.Clip(lit))
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok || !r.IsInt() {
		return "", fmt.Sprintf("expected integer, got %s", echo.Clip(lit))
	}
	text := r.Num().String()
	if len(strings.TrimPrefix(text, "-")) > 20 { // beyond any integer type, whatever its sign
		return "", fmt.Sprintf("expected integer, got %s (out of range)", echo.Clip(lit))
	}
	var err error
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if r.Sign() < 0 {
			return "", fmt.Sprintf("expected non-negative integer, got %s", echo.Clip(lit))
		}
		_, err = strconv.ParseUint(text, 10, t.Bits())
	default:
		_, err = strconv.ParseInt(text, 10, t.Bits())
	}
	if err != nil {
		return "", fmt.Sprintf("expected integer, got %s (out of range)", echo.Clip(lit))
	}
	return text, ""
}

func isScalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// friendlyType names the JSON value type t expects: number, integer,
// boolean, string, list, object (or "value" when anything goes).
func friendlyType(t reflect.Type) string {
	t = derefType(t)
	if implementsUnmarshaler(t) {
		return "value"
	}
	if implementsTextUnmarshaler(t) {
		return "string"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Map, reflect.Struct:
		return "object"
	}
	return "value"
}

// jsonKind names the type of a generic JSON value for messages.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number, nonFinite:
		return "number"
	case []any:
		return "list"
	case map[string]any:
		return "object"
	case datetime:
		return "datetime"
	}
	return fmt.Sprintf("%T", v)
}

// datetime is a TOML datetime found in a map given to DecodeStrictMap. Only
// a field that decodes itself (e.g. time.Time) takes it, as RFC 3339 text;
// for any other field it is a type error.
type datetime time.Time

// String writes the datetime back the way it was most likely written: a
// local date as 2006-01-02, a local time as 15:04:05, a local datetime
// without offset, any other with its offset.
func (d datetime) String() string {
	t := time.Time(d)
	switch t.Location().String() {
	case "date-local":
		return t.Format(time.DateOnly)
	case "time-local":
		return t.Format(time.TimeOnly)
	case "datetime-local":
		return t.Format("2006-01-02T15:04:05")
	}
	return t.Format(time.RFC3339)
}

// MarshalJSON writes the datetime as an RFC 3339 string, a local one (no
// offset in TOML) as UTC wall clock.
func (d datetime) MarshalJSON() ([]byte, error) {
	t := time.Time(d)
	switch t.Location().String() {
	case "date-local", "datetime-local", "time-local":
		t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	}
	return json.Marshal(t.Format(time.RFC3339Nano))
}
