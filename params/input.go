package params

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/nesting"
)

// entry is one top-level key of the input object with its value in generic
// form (see check.go) and, for JSON input, its raw text.
type entry struct {
	key string
	val any
	raw json.RawMessage // nil for DecodeStrictMap input
}

// parseObject reads data as exactly one JSON object and returns its members
// in input order. Nesting deeper than [nesting.MaxDepth] is refused before
// parsing (a *nesting.Error naming the top-level key and line).
func parseObject(data []byte) ([]entry, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty input, expected a JSON object")
	}
	if err := nesting.ScanJSON(data); err != nil {
		return nil, err
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
	// The second, streaming pass keeps key order, duplicates and raw values
	// (the document is valid, so it cannot fail).
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	_, _ = dec.Token() // the opening '{'
	var entries []entry
	for dec.More() {
		tok, _ := dec.Token()
		var raw json.RawMessage
		_ = dec.Decode(&raw)
		val, _ := decodeGeneric(raw)
		entries = append(entries, entry{key: tok.(string), val: val, raw: raw})
	}
	return entries, nil
}

// decodeGeneric decodes JSON text to the generic form, numbers as json.Number.
func decodeGeneric(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
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
	switch bytes.TrimSpace(doc)[0] {
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

// genericValue converts a value of an already-parsed table to the generic
// form: the types of a TOML table directly (datetimes and non-finite floats
// marked for the checker), any other value through encoding/json.
func genericValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string, json.Number:
		return x, nil
	case time.Time:
		return datetime(x), nil
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nonFinite(x), nil
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), nil
	case []any:
		return genericList(x)
	case []map[string]any:
		return genericList(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			g, err := genericValue(e)
			if err != nil {
				return nil, err
			}
			out[k] = g
		}
		return out, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return decodeGeneric(b)
}

// genericList converts the elements of a list with genericValue.
func genericList[E any](list []E) (any, error) {
	out := make([]any, len(list))
	for i, e := range list {
		g, err := genericValue(e)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}
