package systems_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/systems"
)

// TestPermuteFloat64 checks PermuteFloat64 against the permutation written
// out, bit for bit, on slices it skips (all values with the same bits, or
// every ancestor's value the same as its descendant's) and slices it
// permutes: values that differ late, −0 beside +0 (equal but not
// the same bits), NaNs, and ancestors covering a prefix only.
func TestPermuteFloat64(t *testing.T) {
	nan := math.NaN()
	rows := []struct {
		name string
		x    []float64
		anc  []int32
	}{
		{"empty", nil, nil},
		{"one value", []float64{3}, []int32{0}},
		{"all equal", []float64{56.8, 56.8, 56.8, 56.8}, []int32{3, 3, 0, 1}},
		{"all NaN", []float64{nan, nan, nan}, []int32{2, 0, 0}},
		{"differs last", []float64{1, 1, 1, 2}, []int32{3, 3, 0, 1}},
		{"differs first", []float64{2, 1, 1, 1}, []int32{0, 0, 0, 0}},
		{"signed zeros", []float64{0, math.Copysign(0, -1), 0}, []int32{1, 1, 0}},
		{"NaN among numbers", []float64{1, nan, 1}, []int32{1, 0, 1}},
		{"prefix of ancestors", []float64{5, 6, 7, 8}, []int32{3, 2}},
		{"a value per town, ancestors in their towns", []float64{4, 4, 4, 9, 9, 9}, []int32{2, 2, 0, 5, 3, 3}},
		{"a value per town, an ancestor in another town", []float64{4, 4, 4, 9, 9, 9}, []int32{2, 2, 0, 5, 3, 0}},
		{"fixed points only", []float64{1, 2, 3}, []int32{0, 1, 2}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			want := append([]float64(nil), row.x...)
			for j, a := range row.anc {
				want[j] = row.x[a]
			}
			got := append([]float64(nil), row.x...)
			scratch := make([]float64, len(got))
			for j := range scratch {
				scratch[j] = -7 // a value no row holds
			}
			systems.PermuteFloat64(got, scratch, row.anc)
			assert.Equal(t, bits(want), bits(got))
			if slices.Equal(bits(want), bits(row.x)) {
				for _, v := range scratch {
					assert.Equal(t, -7.0, v, "a slice the permutation leaves as it is is not copied")
				}
			}
		})
	}
}

// bits returns the bit patterns of x.
func bits(x []float64) []uint64 {
	b := make([]uint64, len(x))
	for j, v := range x {
		b[j] = math.Float64bits(v)
	}
	return b
}
