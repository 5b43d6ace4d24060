package nesting

import (
	"fmt"

	"github.com/BurntSushi/toml"
)

// DecodeTOML parses a TOML document into a map, with its nesting bounded:
// [ScanTOML] before the parser, [CheckValue] after it. A nesting error is an
// [*Error]; a parse error reads "not a valid TOML file: " and wraps the
// parser's toml.ParseError, its long literals cut as package echo cuts
// user values.
func DecodeTOML(data []byte) (map[string]any, toml.MetaData, error) {
	if err := ScanTOML(data); err != nil {
		return nil, toml.MetaData{}, err
	}
	var doc map[string]any
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		return nil, md, fmt.Errorf("not a valid TOML file: %w", syntaxError(err))
	}
	if err := CheckValue(doc); err != nil {
		return nil, md, err
	}
	return doc, md, nil
}
