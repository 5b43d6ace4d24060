package model

import (
	"errors"
	"slices"
)

// DecodeRunFileDoc decodes a run file that is already parsed into a TOML
// document (the map github.com/BurntSushi/toml decodes a file into), e.g.
// one a sweep derived from its base file by setting some keys. name labels
// the components' construction errors and baseDir resolves relative paths,
// as in [DecodeRunFile]; unlike DecodeRunFile, the errors (joined, one per
// problem, each naming its TOML path) are not prefixed with name, so the
// caller can say which variant of the file they belong to.
func DecodeRunFileDoc(doc map[string]any, name, baseDir string) (*RunFile, error) {
	rf, errs := decodeRunDoc(doc, name, baseDir)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return rf, nil
}

// RunFileKeys returns the keys a run file accepts at its top level
// (scenario, params, phases, …), sorted.
func RunFileKeys() []string { return slices.Clone(runFileKeys) }

// TOMLType names the type of a value of a parsed TOML document for
// messages: "a string", "an integer", "a table", ….
func TOMLType(v any) string { return tomlType(v) }

// TOMLToJSON converts a value of a parsed TOML document for encoding/json:
// a datetime becomes YYYY-MM-DD when it is a bare date, RFC 3339 otherwise;
// tables and arrays are converted recursively (the result is a copy).
func TOMLToJSON(v any) any { return jsonable(v) }
