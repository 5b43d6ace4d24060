package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	// Textbook Levenshtein values.
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"pop", "pop", 0},
		{"pops", "pop", 1},
		{"lng", "lon", 2},   // hence "lng" is a synonym
		{"mvc1", "mcv1", 2}, // a transposition is two edits
		{"kitten", "sitting", 3},
		{"", "mcv1", 4},
		{"é", "e", 1}, // counted in runes, not bytes
	} {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b), "%q vs %q", tc.a, tc.b)
		assert.Equal(t, tc.want, editDistance(tc.b, tc.a), "%q vs %q", tc.b, tc.a)
	}
}

func TestSuggestColumn(t *testing.T) {
	for _, tc := range []struct {
		want   string
		header []string
		hint   string
	}{
		{"pop", []string{"id", "population"}, "population"},
		{"pop", []string{"Population"}, "Population"},
		{"pop", []string{"total_population"}, "total_population"},
		{"id", []string{"DOTNAME"}, "DOTNAME"},
		{"lat", []string{"Latitude", "lat_"}, "lat_"}, // separators dropped beat a synonym
		{"lat", []string{"lon", "lat2"}, "lat2"},      // required names are never suggested
		{"mcv1", []string{"mcv1 coverage"}, "mcv1 coverage"},
		{"mcv1", []string{"zone", "admin"}, ""},
		{"id", []string{"x"}, ""}, // "x" is a synonym of lon, not of id
	} {
		assert.Equal(t, tc.hint, suggestColumn(tc.want, tc.header), "%s in %q", tc.want, tc.header)
	}
}
