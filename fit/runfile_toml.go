package fit

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// runFileTopKeys are a run file's plain top-level keys, in the order
// [runFileWriter.encode] writes them (the tables follow).
var runFileTopKeys = []string{"model", "scenario", "start_date", "compartments"}

// encode writes the document as TOML: the plain keys, [params], the other
// tables, and [[phases]] with each entry's type first.
func (w *runFileWriter) encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Written by `rubeola fit %s`: the fitted model as its particle filter sees it, for\n", filepath.ToSlash(w.f.Path))
	b.WriteString("#   rubeola run --config mle.toml --replicates N\n")
	b.WriteString("# (from its run file, with the fitted parameters and trackers that report as the fit's measurement model).\n")
	for _, k := range runFileTopKeys {
		if v, ok := w.doc[k]; ok {
			fmt.Fprintf(&b, "%s = %s\n", k, tomlValue(v))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(w.doc)) {
		tbl, ok := w.doc[k].(map[string]any)
		if !ok || slices.Contains(runFileTopKeys, k) {
			continue
		}
		fmt.Fprintf(&b, "\n[%s]\n", k)
		writeTOMLKeys(&b, tbl, nil)
	}
	list, _ := w.doc["phases"].([]map[string]any)
	for _, tbl := range list {
		b.WriteString("\n[[phases]]\n")
		writeTOMLKeys(&b, tbl, []string{"type"})
	}
	return b.Bytes()
}

// writeTOMLKeys writes tbl's keys: first, then the others sorted.
func writeTOMLKeys(b *bytes.Buffer, tbl map[string]any, first []string) {
	for _, k := range first {
		if v, ok := tbl[k]; ok {
			fmt.Fprintf(b, "%s = %s\n", tomlKey(k), tomlValue(v))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(tbl)) {
		if !slices.Contains(first, k) {
			fmt.Fprintf(b, "%s = %s\n", tomlKey(k), tomlValue(tbl[k]))
		}
	}
}

// tomlKey writes a bare key, or a quoted one when it needs quotes.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return tomlString(k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// tomlValue writes a decoded TOML value (inline tables for nested
// tables).
func tomlValue(v any) string {
	switch x := v.(type) {
	case string:
		return tomlString(x)
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return tomlFloat(x)
	case time.Time:
		return x.Format(time.RFC3339Nano)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = tomlValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []map[string]any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = tomlValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			parts = append(parts, tomlKey(k)+" = "+tomlValue(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return tomlString(fmt.Sprint(v))
}

// tomlFloat writes a float that reads back exactly (always with a point or
// an exponent, as TOML's floats need).
func tomlFloat(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// tomlString writes a basic string, escaping quotes, backslashes and
// control characters.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
