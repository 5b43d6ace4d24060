package idlist

import "unsafe"

// Equal reports whether a and b hold the same strings in the same order.
// Trackers yield the very same strings block after block, so each pair is
// first compared by length and data pointer, inline; only strings at
// different addresses are compared byte by byte.
func Equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, s := range a {
		t := b[k]
		if len(s) != len(t) {
			return false
		}
		if unsafe.StringData(s) != unsafe.StringData(t) && s != t {
			return false
		}
	}
	return true
}
