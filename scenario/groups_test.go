package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGroupKey checks the SPEC §8.1 table: −1 → "all_patches", −2 → the id,
// k ≥ 0 → the first k+1 parts.
func TestGroupKey(t *testing.T) {
	cases := []struct {
		id    string
		level int
		want  string
	}{
		{"ng:kano:dala", AllPatches, "all_patches"},
		{"ng:kano:dala", PerPatch, "ng:kano:dala"},
		{"ng:kano:dala", 0, "ng"},
		{"ng:kano:dala", 1, "ng:kano"},
		{"ng:kano:dala", 2, "ng:kano:dala"},
		{"ng:kano:dala", 5, "ng:kano:dala"},
		{"plain", 0, "plain"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, GroupKey(tc.id, tc.level), "%s at %d", tc.id, tc.level)
	}
}

// TestGroupsInsertionOrder follows SPEC AT-20: groups in first-appearance
// order, not sorted.
func TestGroupsInsertionOrder(t *testing.T) {
	ids, members, err := Groups([]string{"banana", "apple", "cherry"}, PerPatch, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"banana", "apple", "cherry"}, ids)
	assert.Equal(t, [][]int{{0}, {1}, {2}}, members)

	ids, members, err = Groups([]string{"b:z", "a:x", "b:y", "a:w"}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "a"}, ids)
	assert.Equal(t, [][]int{{0, 2}, {1, 3}}, members)

	ids, members, err = Groups([]string{"a:x", "b:z", "a:y"}, AllPatches, func(id string) bool { return id != "b:z" })
	require.NoError(t, err)
	assert.Equal(t, []string{"all_patches"}, ids)
	assert.Equal(t, [][]int{{0, 2}}, members)

	_, _, err = Groups([]string{"a"}, -3, nil)
	require.EqualError(t, err, "aggregation_level must be >= -2, got -3")
	_, _, err = Groups([]string{"a"}, AllPatches, func(string) bool { return false })
	require.ErrorContains(t, err, "keeps no patch")
}
