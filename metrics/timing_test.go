package metrics

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTiming(t *testing.T) {
	tm := NewTiming([]string{"A", "B"})
	for tick := range 3 {
		tm.BeginTick(tick)
		tm.Record("A", time.Duration(tick+1)*time.Microsecond)
		tm.Record("B", 10*time.Microsecond)
		tm.EndTick()
	}
	assert.Equal(t, [][]int64{{0, 1, 10}, {1, 2, 10}, {2, 3, 10}}, tm.Rows)
	assert.Equal(t, []int64{6, 30}, tm.Totals())
	var buf bytes.Buffer
	require.NoError(t, tm.WriteCSV(&buf))
	assert.Equal(t, "tick,A,B\n0,1,10\n1,2,10\n2,3,10\n", buf.String())
}

func TestTimingTotalsByName(t *testing.T) {
	tm := NewTiming([]string{"A", "B", "A"})
	for range 2 {
		tm.BeginTick(0)
		tm.Record("A", time.Microsecond)
		tm.Record("B", 10*time.Microsecond)
		tm.Record("A", 100*time.Microsecond)
		tm.EndTick()
	}
	names, totals := tm.TotalsByName()
	assert.Equal(t, []string{"A", "B"}, names)
	assert.Equal(t, map[string]int64{"A": 202, "B": 20}, totals)
}
