package mixing

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTruncatedInnerProblemsNameTheirPlace: every problem of the inner mixer
// is reported, each line naming the truncated mixer's "mixer" key.
func TestTruncatedInnerProblemsNameTheirPlace(t *testing.T) {
	_, err := DecodeMixer([]byte(`{"type": "truncated", "top_k": 1, "mixer": {"type": "gravity", "a": 0.5, "k": 2}}`))
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2, err.Error())
	for _, line := range lines {
		assert.True(t, strings.HasPrefix(line, `mixing: truncated: key "mixer": mixing: gravity: `), line)
	}
}
