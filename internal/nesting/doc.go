// Package nesting bounds how deeply the arrays and tables (objects) of a
// TOML or JSON input may nest: [MaxDepth] levels.
//
// Parsers and the code that walks their results recurse once per level: a
// 64 KB run file holding `beta = [[[…]]]` 32 000 levels deep cost
// `rubeola validate` 2.3 GB (every level built a longer key path), and a few
// megabytes of brackets overflow the TOML parser's stack, which no recover
// catches. So every TOML and JSON input is scanned before it is parsed:
// [ScanTOML] and [ScanJSON] follow the brackets of the raw text (outside
// strings and comments) in one pass with constant memory, and [CheckValue]
// walks a decoded TOML document, where nesting can also come from dotted
// keys and table headers ([a.b.c]). [DecodeTOML] does all three around the
// parser. Errors name the key, the line where it can be found, and the
// bound:
//
//	phases[1].beta (line 4): nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)
//
// It is internal: the run-file, params, sweep and fit-file decoders use it;
// docs/limits.md lists the bound for users.
package nesting
