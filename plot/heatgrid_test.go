package plot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seriesOfSize is a groupSeries of groups × ticks whose value of group g at
// tick t is g·ticks + t, so a cell's mean says which values it covers.
func seriesOfSize(groups, ticks int) *groupSeries {
	s := &groupSeries{values: make([][]float64, groups), dates: make([]time.Time, ticks), pops: make([]float64, groups)}
	for g := range s.values {
		s.values[g] = make([]float64, ticks)
		for t := range s.values[g] {
			s.values[g][t] = float64(g*ticks + t)
		}
	}
	return s
}

// TestHeatGrid: at most maxHeatRows × maxHeatCols cells, each the mean of
// the values it covers, the last band and run shorter.
func TestHeatGrid(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		groups, ticks            int
		rows, cols, per, perTick int
		lastCell                 float64 // mean of the last band × run
	}{
		// One cell per value: the last is the last value.
		{"small", 3, 5, 3, 5, 1, 1, 2*5 + 4},
		// 2 500 daily ticks: runs of 3 (⌈2500/1000⌉), 834 columns, the last
		// run holds ticks 2499 alone; group 1's value there is 2500 + 2499.
		{"long", 2, 2500, 2, 834, 1, 3, 2500 + 2499},
		// 2 002 groups: bands of 3, 668 rows, the last band is group 2001
		// alone; 1 001 ticks: runs of 2, the last is tick 1000 alone.
		{"both", 2002, 1001, 668, 501, 3, 2, 2001*1001 + 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := seriesOfSize(tc.groups, tc.ticks)
			order := make([]int, tc.groups)
			for i := range order {
				order[i] = i
			}
			vals, per, perTick := heatGrid(s, order)
			require.Len(t, vals, tc.rows)
			require.Len(t, vals[0], tc.cols)
			assert.Equal(t, tc.per, per)
			assert.Equal(t, tc.perTick, perTick)
			assert.LessOrEqual(t, len(vals), maxHeatRows)
			assert.LessOrEqual(t, len(vals[0]), maxHeatCols)
			assert.InDelta(t, tc.lastCell, vals[tc.rows-1][tc.cols-1], 1e-9*tc.lastCell, "a mean of a few exact values")
			// The first cell: groups 0 … per−1 × ticks 0 … perTick−1, mean
			// (per−1)/2·ticks + (perTick−1)/2.
			first := float64(per-1)/2*float64(tc.ticks) + float64(perTick-1)/2
			assert.InDelta(t, first, vals[0][0], 1e-9*(first+1))
		})
	}
}
