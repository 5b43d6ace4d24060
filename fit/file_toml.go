package fit

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/rubeola/rubeola/internal/tomlx"
)

// fileProblems collects a fit file's problems, each naming its key path
// ("data.from", "estimate[2].lower"); [LoadFile] prefixes the file name.
type fileProblems []error

// add records a problem at key path key (empty: the whole file).
func (p *fileProblems) add(key, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if key != "" {
		msg = key + ": " + msg
	}
	*p = append(*p, fmt.Errorf("%s", msg))
}

// tomlTable is one table of a fit file with its key path ("" for the top
// level, "data", "estimate[2]"). Its readers record type errors in probs
// and report whether the key held a usable value.
type tomlTable struct {
	path  string
	m     map[string]any
	probs *fileProblems
}

// key is the path of key k in the table.
func (t tomlTable) key(k string) string {
	if t.path == "" {
		return k
	}
	return t.path + "." + k
}

// errorf records a problem at key k.
func (t tomlTable) errorf(k, format string, args ...any) { t.probs.add(t.key(k), format, args...) }

// has reports whether the table sets k.
func (t tomlTable) has(k string) bool { _, ok := t.m[k]; return ok }

// checkKeys reports every key not in known, with a did-you-mean hint.
func (t tomlTable) checkKeys(known []string) {
	for _, k := range tomlx.SortedKeys(t.m) {
		if !slices.Contains(known, k) {
			t.errorf(k, "%s", tomlx.UnknownKey(k, known))
		}
	}
}

// str reads a string.
func (t tomlTable) str(k string) (string, bool) {
	v, ok := t.m[k]
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		t.errorf(k, "expected a string, got %s", tomlx.Describe(v))
	}
	return s, ok
}

// number converts a TOML integer or float.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// float reads a finite number (an integer or a float).
func (t tomlTable) float(k string) (float64, bool) {
	v, ok := t.m[k]
	if !ok {
		return 0, false
	}
	x, ok := number(v)
	switch {
	case !ok:
		t.errorf(k, "expected a number, got %s", tomlx.Describe(v))
	case math.IsNaN(x) || math.IsInf(x, 0):
		t.errorf(k, "must be a finite number, got %v", x)
		ok = false
	}
	return x, ok
}

// integer reads an integer ≥ min.
func (t tomlTable) integer(k string, min int64) (int64, bool) {
	v, ok := t.m[k]
	if !ok {
		return 0, false
	}
	x, ok := v.(int64)
	switch {
	case !ok:
		t.errorf(k, "expected an integer, got %s", tomlx.Describe(v))
	case x < min:
		t.errorf(k, "must be >= %d, got %d", min, x)
		ok = false
	}
	return x, ok
}

// boolean reads a boolean.
func (t tomlTable) boolean(k string) (bool, bool) {
	v, ok := t.m[k]
	if !ok {
		return false, false
	}
	b, ok := v.(bool)
	if !ok {
		t.errorf(k, "expected true or false, got %s", tomlx.Describe(v))
	}
	return b, ok
}

// date reads a date: a string "YYYY-MM-DD" or a TOML date (1950-01-01),
// as UTC midnight.
func (t tomlTable) date(k string) (time.Time, bool) {
	v, ok := t.m[k]
	if !ok {
		return time.Time{}, false
	}
	switch x := v.(type) {
	case string:
		d, err := time.Parse(time.DateOnly, x)
		if err != nil {
			t.errorf(k, "%q is not a date YYYY-MM-DD", x)
			return time.Time{}, false
		}
		return d, true
	case time.Time:
		if x.Hour() != 0 || x.Minute() != 0 || x.Second() != 0 || x.Nanosecond() != 0 {
			t.errorf(k, "expected a date YYYY-MM-DD without a time of day")
			return time.Time{}, false
		}
		return time.Date(x.Year(), x.Month(), x.Day(), 0, 0, 0, 0, time.UTC), true
	}
	t.errorf(k, "expected a date YYYY-MM-DD, got %s", tomlx.Describe(v))
	return time.Time{}, false
}

// strings reads a non-empty array of non-empty, distinct strings.
func (t tomlTable) strings(k string) ([]string, bool) {
	v, ok := t.m[k]
	if !ok {
		return nil, false
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		t.errorf(k, "expected a non-empty array of strings, got %s", tomlx.Describe(v))
		return nil, false
	}
	out := make([]string, 0, len(list))
	for i, e := range list {
		s, ok := e.(string)
		switch {
		case !ok || s == "":
			t.errorf(fmt.Sprintf("%s[%d]", k, i+1), "expected a non-empty string, got %s", tomlx.Describe(e))
			return nil, false
		case slices.Contains(out, s):
			t.errorf(fmt.Sprintf("%s[%d]", k, i+1), "%q is listed twice", s)
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// floats reads a non-empty array of finite numbers.
func (t tomlTable) floats(k string) ([]float64, bool) {
	v, ok := t.m[k]
	if !ok {
		return nil, false
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		t.errorf(k, "expected a non-empty array of numbers, got %s", tomlx.Describe(v))
		return nil, false
	}
	out := make([]float64, 0, len(list))
	for i, e := range list {
		x, ok := number(e)
		if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
			t.errorf(fmt.Sprintf("%s[%d]", k, i+1), "expected a finite number, got %s", tomlx.Describe(e))
			return nil, false
		}
		out = append(out, x)
	}
	return out, true
}

// table reads a sub-table.
func (t tomlTable) table(k string) (tomlTable, bool) {
	v, ok := t.m[k]
	if !ok {
		return tomlTable{}, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.errorf(k, "expected a table ([%s]), got %s", t.key(k), tomlx.Describe(v))
		return tomlTable{}, false
	}
	return tomlTable{path: t.key(k), m: m, probs: t.probs}, true
}

// tables reads an array of tables ([[k]]), numbered from 1.
func (t tomlTable) tables(k string) ([]tomlTable, bool) {
	v, ok := t.m[k]
	if !ok {
		return nil, false
	}
	list, ok := v.([]map[string]any)
	if arr, isArr := v.([]any); isArr { // an array of inline tables
		ok = true
		for _, e := range arr {
			m, isTable := e.(map[string]any)
			ok = ok && isTable
			list = append(list, m)
		}
	}
	if !ok {
		t.errorf(k, "expected an array of tables ([[%s]] or [{…}, …]), got %s", t.key(k), tomlx.Describe(v))
		return nil, false
	}
	out := make([]tomlTable, len(list))
	for i, m := range list {
		out[i] = tomlTable{path: fmt.Sprintf("%s[%d]", t.key(k), i+1), m: m, probs: t.probs}
	}
	return out, true
}
