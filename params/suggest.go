package params

import (
	"strings"
	"unicode"
)

// Suggest returns the known key closest to key (for did-you-mean hints), or ""
// when none is close.
//
// Keys are compared after lower-casing and removing '_', '-', '.' and spaces,
// so "NumTicks", "num-ticks" and "numticks" all suggest "num_ticks". A known
// key is close when one of these holds, tried in this order of preference:
//
//  1. the normalised forms are equal;
//  2. their edit distance (Levenshtein with adjacent transpositions, i.e.
//     optimal string alignment) is at most 1 for keys of 3–5 characters, 2 for
//     6–9 and 3 for longer ones ("betta" → "beta", "nticks" → "num_ticks");
//     A key of one or two characters may differ by one edit from a known key
//     with the same first character ("R" → "R0");
//  3. one contains the other (at least 3 characters: "progress" →
//     "show_progress"), key is an abbreviation of the known key, i.e. a
//     subsequence of at least half its length ("tick" → "num_ticks"), or
//     they share a prefix of at least 4 characters and two thirds of the
//     shorter one ("verbosity" → "verbose").
//
// Within a class the smallest edit distance wins; ties go to the key listed
// first in known.
func Suggest(key string, known []string) string {
	nk := normalizeKey(key)
	best, bestClass, bestDist := "", 4, 0
	for _, k := range known {
		if k == key {
			return k
		}
		nc := normalizeKey(k)
		if nk == "" || nc == "" {
			continue
		}
		d := editDistance(nk, nc)
		class := 4
		switch {
		case nk == nc:
			class = 1
		case d <= maxEdits(nk):
			class = 2
		case d == 1 && len(nc) >= 2 && nk[0] == nc[0]:
			class = 2 // very short keys: "R" → "R0", "Ro" → "R0"
		case related(nk, nc):
			class = 3
		}
		if class < bestClass || (class == bestClass && d < bestDist) {
			best, bestClass, bestDist = k, class, d
		}
	}
	return best
}

// normalizeKey lower-cases s and drops separators.
func normalizeKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '_', '-', '.', ' ':
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// maxEdits is the largest edit distance still considered a typo of a key with
// the normalised form s.
func maxEdits(s string) int {
	n := len([]rune(s))
	switch {
	case n < 3:
		return 0
	case n < 6:
		return 1
	case n < 10:
		return 2
	default:
		return 3
	}
}

// related reports whether one normalised key contains the other, or a is an
// abbreviation (long enough subsequence) of b.
func related(a, b string) bool {
	la, lb := len([]rune(a)), len([]rune(b))
	if la >= 3 && strings.Contains(b, a) {
		return true
	}
	if lb >= 3 && strings.Contains(a, b) {
		return true
	}
	if la >= 3 && 2*la >= lb && isSubsequence(a, b) {
		return true
	}
	p := commonPrefix(a, b)
	return p >= 4 && 3*p >= 2*min(la, lb)
}

// commonPrefix returns the number of leading runes a and b share.
func commonPrefix(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	return n
}

// isSubsequence reports whether the runes of a appear in b in order.
func isSubsequence(a, b string) bool {
	ra := []rune(a)
	i := 0
	for _, r := range b {
		if i < len(ra) && ra[i] == r {
			i++
		}
	}
	return i == len(ra)
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent runes
// each cost 1 (Damerau 1964; the restricted variant, no substring edited
// twice).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	n, m := len(ra), len(rb)
	// Three rolling rows: prev2 (i-2), prev (i-1), cur (i).
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}
