package metrics

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// TestGroupingAliases checks that the metrics names forward to package
// scenario, where the §8.1 grouping is tested in full.
func TestGroupingAliases(t *testing.T) {
	assert.Equal(t, scenario.AllPatches, AllPatches)
	assert.Equal(t, scenario.PerPatch, PerPatch)
	assert.Equal(t, scenario.AllPatchesID, AllPatchesID)
	assert.Equal(t, "ng:kano", GroupKey("ng:kano:dala", 1))
	ids, members, err := Groups([]string{"b:z", "a:x", "b:y"}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "a"}, ids)
	assert.Equal(t, [][]int{{0, 2}, {1}}, members)
}
