package metrics

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBoundedSums(t *testing.T) {
	const top = int64(maxTotal) // 2^53, the largest count of a patch
	tests := []struct {
		name     string
		col      []int64
		want     int64 // the sum returned
		over     bool
		partial  bool
		exactSum bool // want is the true sum
	}{
		{"small, several chunks", slices.Repeat([]int64{1}, 5000), 5000, false, false, true},
		{"exactly 2^53", []int64{top / 2, top / 2}, top, false, false, true},
		{"just past 2^53", []int64{top / 2, top/2 + 1}, top + 1, true, false, true},
		// 2047 patches at 2^53: the true sum passes 2^63, the sum stops
		// after the first chunk that leaves no room for another.
		{"would wrap int64", slices.Repeat([]int64{top}, 2047), 0, true, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			idx := make([]int, len(tc.col))
			for j := range idx {
				idx[j] = j
			}
			var a, b boundedSums
			gotAll, gotAt := a.all(tc.col), b.at(tc.col, idx)
			assert.Equal(t, gotAll, gotAt, "all and at agree")
			assert.Equal(t, boundedSums{over: tc.over, partial: tc.partial}, a)
			assert.Equal(t, a, b)
			if tc.exactSum {
				assert.Equal(t, tc.want, gotAll)
			} else {
				assert.Positive(t, gotAll, "no wrap")
				assert.Greater(t, gotAll, int64(wrapGuard))
			}
		})
	}
}
