// Package tomlx holds the helpers the run file (package runfile) and the fit
// file (package fit) share for reading a parsed TOML document, the map
// github.com/BurntSushi/toml decodes a file into: [Type] and [Describe]
// name a value's type for messages, [UnknownKey] words an unknown key's
// problem with a did-you-mean hint, [SortedKeys] lists a table's keys in
// order and [ToJSON] converts a value for encoding/json. It is internal:
// not part of the API.
package tomlx
