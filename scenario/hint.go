package scenario

import (
	"slices"
	"strings"
)

// columnSynonyms lists common names of the required columns in other tools and
// data sets, in normalised form (see normaliseName). They only drive the
// did-you-mean hint of a missing column; they are never accepted as the column.
var columnSynonyms = map[string][]string{
	ColID: {
		"name", "names", "patch", "patchid", "patchname", "node", "nodeid", "nodename",
		"dotname", "location", "locationid", "loc", "region", "district", "admin", "code",
		"key", "identifier", "uid", "geoid",
	},
	ColPop: {
		"population", "popsize", "populationsize", "totalpopulation", "totalpop", "size",
		"n", "people", "inhabitants", "count", "pop2020", "popcount",
	},
	ColLat: {"latitude", "y", "latdeg", "centroidlat", "lati"},
	ColLon: {"longitude", "long", "lng", "x", "londeg", "centroidlon", "longi"},
	ColMCV1: {
		"mcv1coverage", "mcv1cov", "mcv", "coverage", "mcvcoverage", "vaccinationcoverage",
		"vaccinecoverage", "vaxcoverage", "routinecoverage", "mcv1rate",
	},
}

// normaliseName lower-cases name and drops separators ('_', '-', ' ', '.').
func normaliseName(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '_', '-', ' ', '.':
			return -1
		}
		return r
	}, strings.ToLower(name))
}

// suggestColumn returns the header name most likely meant as the missing
// required column want, or "" if none is close. Candidates are header names
// that are not themselves required columns. In order of preference: a
// case-insensitive match, a match after dropping separators ("MCV_1"), a
// common synonym ("population", "latitude", "mcv1_coverage"), then an edit
// distance of at most 1 after normalising ("pops", "mcv").
func suggestColumn(want string, header []string) string {
	best, bestScore := "", 4
	for _, h := range header {
		if isRequired(h) {
			continue
		}
		score := 4
		norm := normaliseName(h)
		switch {
		case strings.EqualFold(h, want):
			score = 0
		case norm == want:
			score = 1
		case slices.Contains(columnSynonyms[want], norm):
			score = 2
		case editDistance(norm, want) <= 1:
			score = 3
		}
		if score < bestScore {
			best, bestScore = h, score
		}
	}
	return best
}

// editDistance returns the Levenshtein distance between a and b, counted in
// runes (Levenshtein 1966; two-row dynamic programme).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
