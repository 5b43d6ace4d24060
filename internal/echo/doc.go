// Package echo shortens the user values that error messages repeat: a
// message names the value it refuses, but a 10 KB value (a mistyped paste,
// a generated file, a hostile input) must not become a 10 KB line. [Quote]
// and [Clip] keep the first [Max] bytes of a longer value, cut at a UTF-8
// boundary, and say how long it was: `"aaaa…"… (10000 bytes)`. Values of at
// most Max bytes are echoed whole, exactly as strconv.Quote or as given.
// It imports nothing of the module, so every package can use it.
package echo
