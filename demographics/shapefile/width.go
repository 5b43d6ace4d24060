package shapefile

import "unicode/utf8"

// DOTNAME field widths (SPEC §10.2 step 5): the reference's 50 bytes when
// every name fits, else the longest name up to dBase's 254-byte limit for
// character fields.
const (
	defaultWidth = 50
	maxWidth     = 254
)

// fieldWidth returns the DOTNAME field width for names.
func fieldWidth(names []string) int {
	w := defaultWidth
	for _, n := range names {
		w = max(w, min(len(n), maxWidth))
	}
	return w
}

// cutNames cuts every name longer than maxWidth bytes at the last UTF-8
// boundary at or before maxWidth and reports whether any was cut.
func cutNames(names []string) bool {
	cut := false
	for i, n := range names {
		if len(n) > maxWidth {
			names[i] = cutUTF8(n, maxWidth)
			cut = true
		}
	}
	return cut
}

// cutUTF8 returns the longest prefix of s of at most n bytes that ends on a
// character boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
