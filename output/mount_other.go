//go:build !unix

package output

// sameDevice cannot tell devices apart here: ok is false.
func sameDevice(a, b string) (same, ok bool) { return false, false }
