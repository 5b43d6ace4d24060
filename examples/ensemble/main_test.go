package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// TestEnsembleRuns runs the program: 13 band rows (ticks 0, 4, …, 48), each
// with q05 ≤ q25 ≤ q50 ≤ q75 ≤ q95; the replicates differ (the 90 % band
// is wider than zero at the peak); the CSV holds every tick and state.
func TestEnsembleRuns(t *testing.T) {
	var out bytes.Buffer
	path := filepath.Join(t.TempDir(), "bands.csv")
	require.NoError(t, run(&out, path))
	text := out.String()
	assert.Contains(t, text, "20 replicates (seeds 1–20) of a 5×5 grid, 52 ticks\n")
	assert.Contains(t, text, "attack rate: median ")

	var rows [][]float64
	for line := range strings.SplitSeq(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) != 8 {
			continue
		}
		if _, err := time.Parse(time.DateOnly, fields[1]); err != nil {
			continue // not a band row
		}
		var row []float64
		for _, f := range append(fields[:1:1], fields[2:]...) { // tick, mean, q05 … q95
			v, err := strconv.ParseFloat(f, 64)
			require.NoError(t, err, line)
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	require.Len(t, rows, 13, "ticks 0, 4, …, 48")
	widest := 0.0
	for _, r := range rows {
		assert.True(t, slices.IsSorted(r[2:]), "quantiles in order at tick %v: %v", r[0], r[2:])
		widest = max(widest, r[6]-r[2])
	}
	assert.Positive(t, widest, "replicates with different seeds differ")

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "mean", "q05", "q25", "q50", "q75", "q95"}, records[0])
	assert.Len(t, records, 1+ticks*3, "every tick, states S, I and R")
}

// TestBandsAreReplicateQuantiles: the table's median incidence at every
// tick is the median of the replicates' own StateTracker series
// (b.Values[3] is q50: mean, q05, q25, q50, …).
func TestBandsAreReplicateQuantiles(t *testing.T) {
	e, err := simulate()
	require.NoError(t, err)
	tbl, err := bands(e)
	require.NoError(t, err)
	series := make([][]int64, e.Replicates())
	for r := range series {
		series[r] = model.InstancesOf[*metrics.StateTracker](e.Replicate(r))[0].Series("I")
	}
	checked := 0
	for b, err := range tbl.Blocks {
		require.NoError(t, err)
		if b.State != "I" {
			continue
		}
		at := make([]int64, len(series))
		for r, s := range series {
			at[r] = s[b.Tick]
		}
		slices.Sort(at)
		assert.Equal(t, metrics.QuantilePercent(at, 50), b.Values[3][0], "tick %d", b.Tick)
		checked++
	}
	assert.Equal(t, ticks, checked)
}
