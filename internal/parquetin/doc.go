// Package parquetin reads Parquet files that users give rubeola (a
// scenario, the tidy tables `rubeola plot` reads) with parquet-go, guarded
// against corrupt files: [Open] refuses a footer that claims more bytes than
// the file holds before parquet-go allocates them, skips the page index and
// bloom filters (column scans do not use them; parquet-go panics on some
// corrupt page indexes), and turns a panic of the decoder into an error
// ([Recover]). A [Cursor] reads one column chunk a value at a time,
// decoding a page at a time, so memory is bounded by a page, not by the
// file.
//
// It is internal: docs/limits.md lists the bounds and messages for users.
package parquetin
