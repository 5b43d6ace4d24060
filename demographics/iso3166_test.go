package demographics

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalizeCountryCode(t *testing.T) {
	tests := []struct {
		in, want string // want "" = rejected
	}{
		{"NGA", "NGA"},
		{"civ", "CIV"},
		{" tur ", "TUR"},
		{"\tcub\n", "CUB"},
		{"XKO", "XKO"},
		{"Z05", "Z05"},
		{"ZWE", "ZWE"},
		{"ABW", "ABW"},
		{"ZZZ", ""},
		{"NG", ""},
		{"", ""},
		{"NGAA", ""},
		{"N1A", ""},
		{"Z10", ""},
		{"SSA", ""}, // a WPP region, not a country
		{"ÇIV", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := NormalizeCountryCode(tc.in)
			if tc.want == "" {
				require.ErrorIs(t, err, ErrInvalidCountryCode)
				assert.Contains(t, err.Error(), `Invalid country code: "`+tc.in+`"`)
				assert.Empty(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestCountryCodeLists(t *testing.T) {
	// ISO 3166-1 assigns 249 alpha-3 codes; both lists must be sorted and
	// free of duplicates for the binary search.
	assert.Len(t, iso3Codes, 249)
	for _, list := range [][]string{iso3Codes, gadmCodes} {
		assert.True(t, slices.IsSorted(list))
		assert.Len(t, slices.Compact(slices.Clone(list)), len(list))
		for _, c := range list {
			assert.Len(t, c, 3, c)
		}
	}
}
