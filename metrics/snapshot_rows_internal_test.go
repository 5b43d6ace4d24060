package metrics

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCountRowsMarshal: the bytes are encoding/json's for the same
// [][]int64, so snapshots keep their bytes.
func TestCountRowsMarshal(t *testing.T) {
	for _, rows := range [][][]int64{
		nil,
		{},
		{nil},
		{{}},
		{{0, -1, 42}, nil, {math.MaxInt64, math.MinInt64}},
		{{1, 2, 3}, {4, 5, 6}},
	} {
		want, err := json.Marshal(rows)
		require.NoError(t, err)
		got, err := json.Marshal(countRows(rows))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
}

// TestCountRowsUnmarshal: whatever the scan accepts it reads as
// encoding/json does; what it does not (floats, strings, integers past
// int64, leading zeros, objects) gets encoding/json's verdict and error.
func TestCountRowsUnmarshal(t *testing.T) {
	for _, text := range []string{
		`null`, `[]`, ` [ ] `, `[null]`, `[[]]`,
		`[[0,-1,42],null,[9223372036854775807,-9223372036854775808]]`,
		"[ [1 ,\n2\t], [ -0 ] ]",
		`[[1.5]]`, `[["x"]]`, `[[9223372036854775808]]`, `[[-9223372036854775809]]`, `[[1e3]]`,
		`[[01]]`, `[{"a":1}]`, `[[1],]`, `[[1]`, `[[-]]`, `[[1]] x`,
	} {
		var want [][]int64
		wantErr := json.Unmarshal([]byte(text), &want)
		var got countRows
		gotErr := json.Unmarshal([]byte(text), &got)
		if wantErr != nil {
			require.Error(t, gotErr, text)
			assert.Equal(t, wantErr.Error(), gotErr.Error(), text)
			continue
		}
		require.NoError(t, gotErr, text)
		assert.Equal(t, want, [][]int64(got), text)
	}
}
