package runfile

import (
	"errors"
	"slices"
)

// DecodeDoc decodes a run file that is already parsed into a TOML
// document (the map github.com/BurntSushi/toml decodes a file into), e.g.
// one a sweep derived from its base file by setting some keys. name labels
// the components' construction errors and baseDir resolves relative paths,
// as in [Decode]; unlike Decode, the errors (joined, one per
// problem, each naming its TOML path) are not prefixed with name, so the
// caller can say which variant of the file they belong to.
func DecodeDoc(doc map[string]any, name, baseDir string) (*File, error) {
	rf, errs := decodeRunDoc(doc, name, baseDir)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return rf, nil
}

// Keys returns the keys a run file accepts at its top level
// (scenario, params, phases, …), sorted.
func Keys() []string { return slices.Clone(runFileKeys) }
