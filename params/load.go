package params

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/internal/nesting"
)

// rules are the key rules of BiweeklyParams: component "params", no aliases,
// no rejected keys (misspellings get did-you-mean hints from Suggest).
var rules = KeyRules{Component: "params"}

// DecodeJSON reads a JSON object of run parameters from r: it starts from
// [Default], overlays the given keys strictly (see [DecodeStrict]; unknown
// key → `params: unknown key "nticks" (did you mean "num_ticks"?)`, wrong
// type → `params: key "num_ticks": expected integer, got string`), stores
// start_time as "YYYY-MM", then validates. An integer key accepts exact
// integral numbers in any spelling (5, 5.0, 5e0) and rejects fractional ones
// (5.5); seed rejects negative values.
func DecodeJSON(r io.Reader) (BiweeklyParams, error) {
	data, err := nesting.ReadAll(r)
	if err != nil {
		return BiweeklyParams{}, fmt.Errorf("params: %w", err)
	}
	return decodeJSONBytes(data)
}

// DecodeTOML reads a TOML document of run parameters from r, with the same
// rules as [DecodeJSON]. A TOML datetime is a type error for start_time
// (write it as a string: start_time = "2000-01").
//
// Arrays and tables nested deeper than [nesting.MaxDepth] (64) are refused
// before the TOML parser sees them: `params: beta (line 1): nested deeper
// than 64 levels …`.
func DecodeTOML(r io.Reader) (BiweeklyParams, error) {
	data, err := nesting.ReadAll(r)
	if err != nil {
		return BiweeklyParams{}, fmt.Errorf("params: %w", err)
	}
	m, _, err := nesting.DecodeTOML(data)
	if err != nil {
		return BiweeklyParams{}, fmt.Errorf("params: %w", err)
	}
	return DecodeMap(m)
}

// DecodeMap is [DecodeJSON] for an already-parsed table, e.g. the [params]
// table of a run file decoded to map[string]any (see [DecodeStrictMap] for
// the value types understood). A nil map gives the defaults.
func DecodeMap(m map[string]any) (BiweeklyParams, error) {
	p := Default()
	if err := DecodeStrictMap(m, &p, rules); err != nil {
		return BiweeklyParams{}, err
	}
	return finish(p)
}

// LoadFile reads run parameters from the file at path, as JSON when its
// extension is .json and as TOML when it is .toml (case-insensitive); any
// other extension is an error. Every error message starts with the path,
// e.g. `run.json: params: unknown key "nticks" (did you mean "num_ticks"?)`.
func LoadFile(path string) (BiweeklyParams, error) {
	ext := strings.ToLower(filepath.Ext(path))
	var decode func(io.Reader) (BiweeklyParams, error)
	switch ext {
	case ".json":
		decode = DecodeJSON
	case ".toml":
		decode = DecodeTOML
	default:
		return BiweeklyParams{}, fmt.Errorf("%s: params: unsupported file extension %q (want .json or .toml)", path, ext)
	}
	f, err := os.Open(path)
	if err != nil {
		return BiweeklyParams{}, err // *PathError already names the path
	}
	defer f.Close()
	p, err := decode(f)
	if err != nil {
		return BiweeklyParams{}, PrefixErrors(path, err)
	}
	return p, nil
}

// UnmarshalJSON implements json.Unmarshaler with the rules of [DecodeJSON],
// so BiweeklyParams embedded in a larger JSON document (a snapshot, a run
// description) is decoded strictly too. Keys absent from data take their
// default values, not the receiver's current ones. On error *p is unchanged.
func (p *BiweeklyParams) UnmarshalJSON(data []byte) error {
	q, err := decodeJSONBytes(data)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// UnmarshalTOML implements the toml.Unmarshaler interface of
// github.com/BurntSushi/toml with the rules of [DecodeTOML], for a [params]
// table inside a larger TOML document. On error *p is unchanged.
func (p *BiweeklyParams) UnmarshalTOML(v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("params: expected a table, got %s", tomlKind(v))
	}
	q, err := DecodeMap(m)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// decodeJSONBytes decodes, normalises and validates a JSON object.
func decodeJSONBytes(data []byte) (BiweeklyParams, error) {
	p := Default()
	if err := DecodeStrict(data, &p, rules); err != nil {
		return BiweeklyParams{}, err
	}
	return finish(p)
}

// finish stores start_time as "YYYY-MM" and validates p.
func finish(p BiweeklyParams) (BiweeklyParams, error) {
	if s, err := NormalizeStartTime(p.StartTime); err == nil {
		p.StartTime = s
	}
	if err := p.Validate(); err != nil {
		return BiweeklyParams{}, err
	}
	return p, nil
}

// tomlKind names the type of a decoded TOML value.
func tomlKind(v any) string {
	switch v.(type) {
	case []any, []map[string]any:
		return "array"
	case int64:
		return "integer"
	case float64:
		return "float"
	}
	return jsonKind(v)
}
