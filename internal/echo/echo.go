package echo

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of a user value an error message repeats.
const Max = 80

// Quote is strconv.Quote(s) for s of at most Max bytes; a longer s is
// quoted up to its first Max bytes (fewer when a character straddles the
// cut), followed by "… (N bytes)" with N the length of s.
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:cut(s)]) + more(s)
}

// Clip is s itself when it has at most Max bytes, else its first Max bytes
// (fewer when a character straddles the cut) followed by "… (N bytes)":
// for values already formatted for a message (numbers as written, JSON).
func Clip(s string) string {
	if len(s) <= Max {
		return s
	}
	return s[:cut(s)] + more(s)
}

// cut is the length of the prefix of s (longer than Max) that is echoed:
// Max, moved back to the start of the character that straddles it.
func cut(s string) int {
	n := Max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// more says how long the cut value was.
func more(s string) string { return "… (" + strconv.Itoa(len(s)) + " bytes)" }
