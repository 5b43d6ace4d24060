package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseFlags covers the command line: defaults, lists and bad values.
func TestParseFlags(t *testing.T) {
	opt, err := parseFlags(nil)
	require.NoError(t, err)
	assert.Equal(t, []int{1000, 5000}, opt.sizes)
	assert.Equal(t, []string{"csv", "parquet"}, opt.formats)
	assert.Equal(t, 520, opt.ticks)
	for _, args := range [][]string{{"-n", "1000,x"}, {"-n", "1"}, {"-formats", "xlsx"}, {"-reps", "0"}} {
		_, err := parseFlags(args)
		assert.Error(t, err, "%v", args)
	}
}

// TestRowsAndTargets checks the table against hand-computed figures: NumPy
// best 0.6 s over rubeola best 0.2 s is 3× (misses N = 1000's ≥ 6×), and the
// agreement is |b − a|/a in percent.
func TestRowsAndTargets(t *testing.T) {
	run := func(wall float64, peak float64, r int64) outcome {
		return outcome{process: process{Wall: time.Duration(wall * float64(time.Second)), PeakMB: peak},
			RunPhase: wall / 2, MixBuild: 0.01, FinalR: r, Reported: r / 10}
	}
	s := sizeResult{N: 1000,
		Numpy:   []outcome{run(0.6, 60, 1000), run(0.7, 62, 1000)},
		CSV:     []outcome{run(0.2, 30, 1010), run(0.25, 31, 1010)},
		Parquet: []outcome{run(0.1, 20, 1010), run(0.3, 21, 1010)},
		Loop:    []outcome{run(6, 60, 1000)},
	}
	rows := s.rows()
	byKey := map[string]row{}
	for _, r := range rows {
		if _, seen := byKey[r.key]; !seen {
			byKey[r.key] = r
		}
	}
	assert.InDelta(t, 3.0, byKey["csv"].value, 1e-9)
	assert.InDelta(t, 6.0, byKey["parquet"].value, 1e-9)
	assert.InDelta(t, 60.0, byKey["loop"].value, 1e-9)
	assert.InDelta(t, 0.51, byKey["rss"].value, 1e-9)  // largest rubeola peak / NumPy median
	assert.InDelta(t, 1.0, byKey["agree"].value, 1e-9) // (1010 − 1000)/1000
	assert.False(t, targets["csv"][1000].ok(byKey["csv"].value))
	assert.True(t, targets["parquet"][1000].ok(byKey["parquet"].value))
	assert.False(t, targets["parquet"][1000].ok(5.9))
	md := report{Sizes: []sizeResult{s}, Ticks: 520, Reps: 2}.markdown()
	assert.Contains(t, md, "| whole process, CSV output | 0.600 / 0.650 / 0.700 s | 0.200 / 0.225 / 0.250 s | 3.00× | ≥ 6× | no |")
}
