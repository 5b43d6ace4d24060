package plot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestBinMedians: consecutive runs of per values give their median (the
// upper one of an even run, as medianOf), the last run may be shorter, a
// spike does not move its run's median, and per 1 keeps every value.
func TestBinMedians(t *testing.T) {
	assert.Equal(t, []float64{2, 4, 5}, binMedians([]float64{1, 2, 3, 4, 5}, 2))
	assert.Equal(t, []float64{2, 7}, binMedians([]float64{1, 900, 2, 7}, 3))
	assert.Equal(t, []float64{0, 3}, binFirsts([]float64{0, 1, 2, 3, 4}, 3))
	assert.Equal(t, []float64{1, 2}, binMedians([]float64{1, 2}, 1))
}

// TestTimingPictureManyTicks: a 7 300-tick timing table (a 20-year daily
// run, drawn as medians of ⌈7300/600⌉ = 13 ticks) builds and draws.
func TestTimingPictureManyTicks(t *testing.T) {
	const ticks = 7300
	tab := &timingTable{phases: []string{"A", "B"}, ticks: make([]float64, ticks), us: [][]float64{make([]float64, ticks), make([]float64, ticks)}}
	for i := range ticks {
		tab.ticks[i] = float64(i)
		tab.us[0][i], tab.us[1][i] = float64(100+i%7), float64(50+i%3)
	}
	fn, err := timingPicture(tab, "timing.csv")
	require.NoError(t, err)
	require.NoError(t, fn(draw.New(vgimg.New(4*vg.Inch, 3*vg.Inch))))
}
