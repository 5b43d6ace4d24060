package plot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadTidyWindows: a cases table of aggregate_days windows (rows at
// each window's last tick: 1, 3, 5 for 2 ticks per window) reads as one
// index per window; a skipped window, a tick off the window grid, and a
// first window longer than maxWindowTicks are gap errors; other tables
// still need every tick from 0.
func TestReadTidyWindows(t *testing.T) {
	const header = "tick,date,patch_id,state,count\n"
	write := func(content string) string {
		path := filepath.Join(t.TempDir(), "cases.csv")
		require.NoError(t, os.WriteFile(path, []byte(header+content), 0o644))
		return path
	}
	tab, err := readTidy(write("1,2000-01-15,a,cases,4\n1,2000-01-15,b,cases,1\n3,2000-02-12,a,cases,7\n5,2000-03-11,a,cases,2\n5,2000-03-11,b,cases,0\n"), "cases")
	require.NoError(t, err)
	assert.Equal(t, 3, tab.ticks())
	assert.Equal(t, []float64{4, 7, 2}, tab.series("cases", 0))
	assert.Equal(t, []float64{5, 7, 2}, tab.total("cases"))
	assert.Equal(t, "2000-02-12", tab.dates[1].Format("2006-01-02"))

	for _, tc := range []struct{ content, msg string }{
		{"1,2000-01-15,a,cases,4\n5,2000-03-11,a,cases,2\n", "tick 5 where tick 3 was expected next"},
		{"1,2000-01-15,a,cases,4\n2,2000-01-29,a,cases,2\n", "tick 2 where tick 3 was expected next"},
		{"366,2014-01-01,a,cases,4\n", "tick 366 where tick 0 was expected next"},
	} {
		_, err := readTidy(write(tc.content), "cases")
		require.ErrorContains(t, err, tc.msg, tc.content)
	}
	_, err = readTidy(write("1,2000-01-15,a,I,4\n"), "I")
	require.ErrorContains(t, err, "tick 1 where tick 0 was expected next", "a states table starts at tick 0")
}
