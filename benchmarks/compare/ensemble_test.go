package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnsembleRows checks the throughput table against hand-computed
// figures: 4 baseline runs of 1 s each (4 s in a row) over a 0.5 s ensemble
// is 8× (misses N = 1000's ≥ 10×); the memory bound is the single run's
// 100 MiB plus 4 × 1 MiB of arrays; the agreement is |b − a|/a in percent.
func TestEnsembleRows(t *testing.T) {
	run := func(wall, peak float64, r int64) outcome {
		return outcome{process: process{Wall: time.Duration(wall * float64(time.Second)), PeakMB: peak}, FinalR: r}
	}
	baseline := []outcome{run(1, 500, 1000), run(1, 500, 1000), run(1, 500, 1000), run(1, 500, 1000)}
	e := ensembleResult{N: 1000, R: 4, Arrays: 1 << 20,
		Numpy:   [][]outcome{baseline},
		Single:  []outcome{run(0.2, 100, 1000)},
		CSV:     []outcome{run(0.5, 103, 1010)},
		Parquet: []outcome{run(0.4, 104, 1010)},
	}
	byMeasure := map[string]ensembleRow{}
	for _, r := range e.rows() {
		byMeasure[strings.Fields(r.measure)[0]+" "+strings.Fields(r.measure)[2]] = r
	}
	csv := byMeasure["per-replicate CSV"]
	assert.InDelta(t, 8.0, csv.value, 1e-9)
	assert.False(t, csv.target.ok(csv.value), "N = 1000's bound is 10×")
	assert.InDelta(t, 10.0, byMeasure["per-replicate Parquet"].value, 1e-9)
	mem := byMeasure["peak (rubeola:"]
	assert.InDelta(t, 104.0, mem.value, 1e-9) // the largest ensemble peak
	assert.True(t, mem.target.ok(mem.value), "bound 104 MiB + … is %s", mem.target.text)
	assert.Equal(t, "≤ 104 MiB", mem.target.text)
	agree := byMeasure["agreement: R"]
	assert.InDelta(t, 1.0, agree.value, 1e-9) // (1010 − 1000)/1000
	var b strings.Builder
	e.markdown(&b)
	assert.Contains(t, b.String(), "| 4.000 / 4.000 / 4.000 s | 0.500 / 0.500 / 0.500 s | 8.00× | ≥ 10× | no |")
}

// TestReplicateArrays counts one replicate's arrays from a run's tables:
// data rows of every tidy CSV except timing.csv, plus 3 states per patch,
// 8 bytes each.
func TestReplicateArrays(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("states.csv", "tick,date,patch_id,state,count\n0,d,a,S,1\n0,d,a,I,1\n0,d,a,R,1\n")
	write("cases.csv", "tick,date,patch_id,state,count\n0,d,a,cases,0\n0,d,b,cases,0\n")
	write("timing.csv", "tick,Infection\n0,12\n1,13\n")
	got, err := replicateArrays(dir, 2)
	require.NoError(t, err)
	assert.Equal(t, int64(8*(3+2+3*2)), got)
}
