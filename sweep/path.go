package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/runfile"
)

// segment is one dot-separated part of an axis path: a key, with an
// optional 1-based entry number ("phases[2]").
type segment struct {
	key   string
	entry int // 0: none
}

// parsePath splits an axis path ("phases.Infection.beta", "phases[2].beta",
// "params.seed") into segments.
func parsePath(path string) ([]segment, error) {
	if path == "" {
		return nil, fmt.Errorf("empty path")
	}
	var segs []segment
	for part := range strings.SplitSeq(path, ".") {
		s := segment{key: part}
		if open := strings.IndexByte(part, '['); open >= 0 {
			n, err := strconv.Atoi(strings.TrimSuffix(part[open+1:], "]"))
			if !strings.HasSuffix(part, "]") || err != nil || n < 1 {
				return nil, fmt.Errorf("%s: an entry number is written [K] with K >= 1 (phases[2].beta)", echo.Quote(part))
			}
			s = segment{key: part[:open], entry: n}
		}
		if s.key == "" {
			return nil, fmt.Errorf("empty key in the path (write keys separated by single dots)")
		}
		segs = append(segs, s)
	}
	return segs, nil
}

// target is an axis path resolved against the base run file: the [[phases]]
// entry it reaches into (0-based; -1 for none) and the keys below it.
type target struct {
	phase int
	keys  []string
	// concrete is the path with the entry numbered as run-file errors
	// number it ("phases[2].beta").
	concrete string
}

// resolve finds where path points in the base document. "phases.TYPE"
// names the first [[phases]] entry of that type (any of its catalogue
// names), "phases[K]" the K-th entry (1-based, as run-file errors count).
func resolve(path string, base map[string]any) (target, error) {
	segs, err := parsePath(path)
	if err != nil {
		return target{}, err
	}
	root := segs[0]
	known := runfile.Keys()
	if !slices.Contains(known, root.key) {
		msg := "unknown key " + echo.Quote(root.key)
		if s := params.Suggest(root.key, known); s != "" {
			return target{}, fmt.Errorf("%s (did you mean %q?)", msg, s)
		}
		return target{}, fmt.Errorf("%s (a run file has %s)", msg, strings.Join(known, ", "))
	}
	for _, s := range segs[1:] {
		if s.entry != 0 {
			return target{}, fmt.Errorf("%s[%d]: only [[phases]] entries are numbered", echo.Clip(s.key), s.entry)
		}
	}
	if root.key != "phases" {
		if root.entry != 0 {
			return target{}, fmt.Errorf("%s[%d]: only [[phases]] entries are numbered", echo.Clip(root.key), root.entry)
		}
		keys := make([]string, len(segs))
		for k, s := range segs {
			keys[k] = s.key
		}
		if err := checkTables(base, keys); err != nil {
			return target{}, err
		}
		return target{phase: -1, keys: keys, concrete: path}, nil
	}
	list, _ := base["phases"].([]map[string]any)
	rest := segs[1:]
	var entry int
	switch {
	case root.entry != 0:
		if root.entry > len(list) {
			return target{}, fmt.Errorf("phases[%d]: the file has %d [[phases]] entries", root.entry, len(list))
		}
		entry = root.entry - 1
	case len(rest) == 0:
		return target{}, fmt.Errorf("name an entry and a key: phases.TYPE.key or phases[K].key")
	default:
		entry, err = findPhase(baseModelType(base), list, rest[0].key)
		if err != nil {
			return target{}, err
		}
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return target{}, fmt.Errorf("name a key of the entry: %s.KEY", echo.Clip(path))
	}
	keys := make([]string, len(rest))
	for k, s := range rest {
		keys[k] = s.key
	}
	if keys[0] == "type" {
		return target{}, fmt.Errorf("a sweep cannot change an entry's type (sweep its keys, or write two sweep files)")
	}
	if err := checkTables(list[entry], keys); err != nil {
		return target{}, err
	}
	return target{phase: entry, keys: keys, concrete: fmt.Sprintf("phases[%d].%s", entry+1, strings.Join(keys, "."))}, nil
}

// findPhase returns the index of the first entry whose type is name's
// component type.
func findPhase(mt string, list []map[string]any, name string) (int, error) {
	want, ok := model.LookupComponentTypeFor(mt, name)
	if !ok {
		var names []string
		for _, t := range model.ComponentTypes() {
			if t.AppliesTo(mt) {
				names = append(names, t.GoName, t.Name, t.Snake)
			}
		}
		if s := params.Suggest(name, names); s != "" {
			return 0, fmt.Errorf("unknown component type %s (did you mean %q?)", echo.Quote(name), s)
		}
		return 0, fmt.Errorf("unknown component type %s (see docs/components.md)", echo.Quote(name))
	}
	var present []string
	for k, tbl := range list {
		typ, _ := tbl["type"].(string)
		if t, ok := model.LookupComponentTypeFor(mt, typ); ok {
			if t.GoName == want.GoName {
				return k, nil
			}
			present = append(present, t.GoName)
		}
	}
	if len(list) == 0 {
		return 0, fmt.Errorf("the file has no [[phases]] (the standard schedule runs): list the components to sweep their keys")
	}
	return 0, fmt.Errorf("no [[phases]] entry has type %s (the entries are %s)", want.GoName, strings.Join(present, ", "))
}

// checkTables checks that every key but the last names a table (or nothing:
// the table is then created) below m.
func checkTables(m map[string]any, keys []string) error {
	for k, key := range keys[:len(keys)-1] {
		v, ok := m[key]
		if !ok {
			return nil
		}
		sub, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s is %s, not a table", echo.Clip(strings.Join(keys[:k+1], ".")), tomlx.Type(v))
		}
		m = sub
	}
	return nil
}

// set stores v at t in doc (a copy of the base document), creating the
// tables on the way that the base lacks.
func (t target) set(doc map[string]any, v any) {
	m := doc
	if t.phase >= 0 {
		m = doc["phases"].([]map[string]any)[t.phase]
	}
	for _, key := range t.keys[:len(t.keys)-1] {
		sub, ok := m[key].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[key] = sub
		}
		m = sub
	}
	m[t.keys[len(t.keys)-1]] = v
}

// baseModelType returns the model type of a base run file: its `model`
// key, biweekly when it has none (a bad value is the run-file loader's
// error).
func baseModelType(base map[string]any) string {
	if mt, ok := base["model"].(string); ok {
		return mt
	}
	return model.TypeBiweekly
}
