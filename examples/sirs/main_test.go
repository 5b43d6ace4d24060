package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// grid is the program's scenario: 4×4 towns of 20 000.
func grid(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	require.NoError(t, err)
	return scn
}

// readStates reads a tidy states.csv into counts[tick][row id][state].
func readStates(t *testing.T, path string) []map[string]map[string]int64 {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, records[0])
	counts := make([]map[string]map[string]int64, numTicks)
	for _, rec := range records[1:] {
		tick, err := strconv.Atoi(rec[0])
		require.NoError(t, err)
		v, err := strconv.ParseInt(rec[4], 10, 64)
		require.NoError(t, err)
		if counts[tick] == nil {
			counts[tick] = map[string]map[string]int64{}
		}
		if counts[tick][rec[2]] == nil {
			counts[tick][rec[2]] = map[string]int64{}
		}
		counts[tick][rec[2]][rec[3]] = v
	}
	return counts
}

// TestSirsRuns runs the program: states.csv has S, I, R and W rows for
// every tick and grid row, W is filled from the first tick on, every row's
// S + I + R + W stays its population, and the printed totals are the last
// tick's.
func TestSirsRuns(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, run(&out, dir))
	counts := readStates(t, filepath.Join(dir, "states.csv"))
	rows := []string{"0", "1", "2", "3"}
	totals := map[string]int64{}
	for tick, byRow := range counts {
		require.Len(t, byRow, len(rows), "tick %d", tick)
		for _, row := range rows {
			c := byRow[row]
			require.Len(t, c, 4, "tick %d, row %s: S, I, R, W", tick, row)
			assert.Positive(t, c[WaningState], "tick %d, row %s: people wane from tick 0 on", tick, row)
			assert.Equal(t, int64(gridSize*townPop), c["S"]+c["I"]+c["R"]+c[WaningState],
				"tick %d, row %s: S + I + R + W is conserved", tick, row)
			if tick == numTicks-1 {
				for state, v := range c {
					totals[state] += v
				}
			}
		}
	}
	want := fmt.Sprintf("resumed at tick %d from %s, wrote %s\n", numTicks/2,
		filepath.Join(dir, "half.snap"), filepath.Join(dir, "states.csv"))
	for _, state := range []string{"S", "I", "R", "W"} {
		want += fmt.Sprintf("final %s: %d\n", state, totals[state])
	}
	want += fmt.Sprintf("population: %d\n", gridSize*gridSize*townPop)
	assert.Equal(t, want, out.String())
}

// TestSnapshotRoundTrip: the program's run, saved halfway and resumed from
// the snapshot with the factories, writes the same states.csv, byte for
// byte, as an uninterrupted run, and ends in the same W column.
func TestSnapshotRoundTrip(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, run(io.Discard, dir))
	resumed, err := os.ReadFile(filepath.Join(dir, "states.csv"))
	require.NoError(t, err)

	whole, err := newModel(grid(t))
	require.NoError(t, err)
	require.NoError(t, whole.Run(context.Background()))
	path := filepath.Join(t.TempDir(), "whole.csv")
	require.NoError(t, writeStates(path, whole))
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(resumed))

	m, err := model.LoadSnapshot(filepath.Join(dir, "half.snap"), components(), options()...)
	require.NoError(t, err)
	require.NoError(t, m.Run(context.Background()))
	for _, state := range []string{"S", "I", "R", WaningState} {
		got, err := m.Patches().Column(state)
		require.NoError(t, err)
		wantCol, err := whole.Patches().Column(state)
		require.NoError(t, err)
		assert.Equal(t, wantCol, got, state)
	}
}

// TestSnapshotNeedsW: the snapshot of the S, I, R, W model does not load
// into a model that declares no W (W is registered, so without the option
// the snapshot would declare it by itself).
func TestSnapshotNeedsW(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, run(io.Discard, dir))
	_, err := model.LoadSnapshot(filepath.Join(dir, "half.snap"), components(), model.WithStdout(io.Discard), model.WithCompartments())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `states: unknown state "W" (the model has ["S" "I" "R"]): a model that declares it (model.WithCompartments) loads this snapshot`)
}

// newPhaseModel builds a quiet S, I, R, W model of scn with the components.
func newPhaseModel(t *testing.T, scn *scenario.Table, ticks int, fs ...phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, paramstest.QuietParams(ticks, 3), options()...)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// TestImmunityLossDraws checks the phase alone over an equilibrium start
// (R = trunc(5000·7/8) = 4375 per patch, SPEC §5.7; 600 patches = three
// rng blocks): the exact edge cases of rng.Binomial (rate 0 moves nobody,
// rate 1 everybody) and the mean R → W share of a rate within 5 SE; S + R
// + W is conserved in every case.
func TestImmunityLossDraws(t *testing.T) {
	scn, err := scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	const totalR, totalS = 600 * 4375, 600 * 625
	for _, tc := range []struct {
		name  string
		p     ImmunityLossParams
		ticks int
		wantW float64 // mean W after the ticks
		wantS int64   // exact S, or -1
	}{
		{"no loss", ImmunityLossParams{}, 2, 0, totalS},
		{"all of R wanes", ImmunityLossParams{ToWaning: 1}, 1, totalR, totalS},
		{"W is lost the tick after", ImmunityLossParams{ToWaning: 1, ToSusceptible: 1}, 2, 0, totalS + totalR},
		{"a tenth wanes", ImmunityLossParams{ToWaning: 0.1}, 1, 0.1 * totalR, totalS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newPhaseModel(t, scn, tc.ticks, systems.NewInitializeEquilibriumStates(nil), NewImmunityLoss(&tc.p))
			require.NoError(t, m.Run(context.Background()))
			var sums [4]int64
			for k, state := range []string{"S", "I", "R", WaningState} {
				sums[k], err = m.Patches().Total(state)
				require.NoError(t, err)
			}
			assert.Equal(t, int64(600*5000), sums[0]+sums[1]+sums[2]+sums[3], "S + I + R + W is conserved")
			assert.Equal(t, tc.wantS, sums[0])
			se := math.Sqrt(totalR * tc.p.ToWaning * (1 - tc.p.ToWaning))
			assert.InDelta(t, tc.wantW, float64(sums[3]), 5*se+1e-9)
		})
	}
}

// TestImmunityLossNeedsW: in a model without W the phase's Initialize
// fails with a hint.
func TestImmunityLossNeedsW(t *testing.T) {
	m, err := model.NewBiweekly(grid(t), paramstest.QuietParams(2, 1), model.WithStdout(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(NewImmunityLoss(nil)))
	err = m.Run(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(),
		`ImmunityLoss: ecs: unknown state "W" (states are ["S" "I" "R"]) (declare it: compartments = ["W"] in a run file, model.WithCompartments(WaningCompartment) in Go)`)
}

// TestImmunityLossParams: the defaults validate, a rate outside [0, 1] is
// an error naming its key, and the factory validates.
func TestImmunityLossParams(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    ImmunityLossParams
		want string
	}{
		{"defaults", DefaultImmunityLossParams(), ""},
		{"edges", ImmunityLossParams{ToWaning: 1, ToSusceptible: 0}, ""},
		{"negative", ImmunityLossParams{ToWaning: -0.1}, "ImmunityLoss: to_waning must be in [0, 1], got -0.1"},
		{"above 1", ImmunityLossParams{ToSusceptible: 1.5}, "ImmunityLoss: to_susceptible must be in [0, 1], got 1.5"},
		{"NaN", ImmunityLossParams{ToSusceptible: math.NaN()}, "ImmunityLoss: to_susceptible must be in [0, 1], got NaN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.want)
			m, err := model.NewBiweekly(grid(t), paramstest.QuietParams(1, 1))
			require.NoError(t, err)
			assert.ErrorContains(t, m.SetComponents(NewImmunityLoss(&tc.p)), tc.want)
		})
	}
}

// TestImmunityLossNoAllocations: a Step allocates nothing (DESIGN §4).
func TestImmunityLossNoAllocations(t *testing.T) {
	m := newPhaseModel(t, grid(t), 10, systems.NewInitializeEquilibriumStates(nil), NewImmunityLoss(nil))
	require.NoError(t, m.Initialize())
	c := model.InstancesOf[*ImmunityLoss](m)[0]
	allocs := testing.AllocsPerRun(100, func() {
		if err := c.Step(m, 0); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// TestParquetHasW: the Parquet export of the run's StateTracker holds the
// same rows as its CSV, W rows included.
func TestParquetHasW(t *testing.T) {
	m, err := newModel(grid(t))
	require.NoError(t, err)
	require.NoError(t, m.Run(context.Background()))
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	var pq bytes.Buffer
	require.NoError(t, tidyparquet.Write(&pq, tracker))
	rows, err := parquet.Read[struct {
		Tick    int32  `parquet:"tick"`
		PatchID string `parquet:"patch_id"`
		State   string `parquet:"state"`
		Count   int64  `parquet:"count"`
	}](bytes.NewReader(pq.Bytes()), int64(pq.Len()))
	require.NoError(t, err)
	csvPath := filepath.Join(t.TempDir(), "states.csv")
	require.NoError(t, writeStates(csvPath, m))
	counts := readStates(t, csvPath)
	require.Len(t, rows, numTicks*4*4, "ticks × grid rows × S, I, R, W")
	waning := 0
	for _, r := range rows {
		assert.Equal(t, counts[r.Tick][r.PatchID][r.State], r.Count, "tick %d, row %s, %s", r.Tick, r.PatchID, r.State)
		if r.State == WaningState {
			waning++
		}
	}
	assert.Equal(t, numTicks*4, waning)
}
