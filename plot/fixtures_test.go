package plot

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// fixture describes a synthetic run directory written by writeRun: groups
// patches with populations from 1k to 1M, ticks biweeks from 2000-01-01,
// seasonal epidemics whose phase and size depend on seed.
type fixture struct {
	patches, ticks int
	seed           uint64
	parquet        bool // tidy tables as .parquet instead of .csv
	perPatch       bool // states table per patch (else all_patches)
	cases          bool // cases table (per patch) and population table
	timing         bool
	// ensemble: ensemble/states (all_patches), ensemble/cases and
	// ensemble/population (per patch).
	ensemble bool
	// globalCases: ensemble/cases has all_patches rows instead.
	globalCases bool
}

// tidyRow is a tidy table row as the Parquet writer stores it.
type tidyRow struct {
	Tick    int32  `parquet:"tick"`
	Date    int32  `parquet:"date,date"`
	PatchID string `parquet:"patch_id"`
	State   string `parquet:"state"`
	Count   int64  `parquet:"count"`
}

// quantileRow is an ensemble table row.
type quantileRow struct {
	Tick    int32   `parquet:"tick"`
	Date    int32   `parquet:"date,date"`
	PatchID string  `parquet:"patch_id"`
	State   string  `parquet:"state"`
	Mean    float64 `parquet:"mean"`
	Q05     float64 `parquet:"q05"`
	Q25     float64 `parquet:"q25"`
	Q50     float64 `parquet:"q50"`
	Q75     float64 `parquet:"q75"`
	Q95     float64 `parquet:"q95"`
}

// start is the fixtures' first date.
var start = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// writeRun writes the fixture's files into a new temporary directory and
// returns it.
func writeRun(t testing.TB, f fixture) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(f.seed, 1))
	pops := make([]int64, f.patches)
	infected := make([][]int64, f.patches) // [patch][tick]
	for p := range pops {
		pops[p] = int64(1000 * math.Pow(1000, float64(p)/float64(max(1, f.patches-1))))
		phase := rng.Float64() * 2 * math.Pi
		infected[p] = make([]int64, f.ticks)
		for k := range infected[p] {
			season := 0.5 + 0.5*math.Sin(2*math.Pi*float64(k)/26+phase)
			v := float64(pops[p]) * 1e-3 * season * season * (0.5 + rng.Float64())
			if v < 2 { // small places fade out
				v = 0
			}
			infected[p][k] = int64(v)
		}
	}
	ext := ".csv"
	if f.parquet {
		ext = ".parquet"
	}
	var states, population, cases []tidyRow
	for k := range f.ticks {
		date := int32(start.AddDate(0, 0, 14*k).Unix() / 86400)
		for _, state := range []string{"S", "I", "R"} {
			var total int64
			for p := range pops {
				v := stateCount(state, pops[p], infected[p][k])
				total += v
				if f.perPatch {
					states = append(states, tidyRow{int32(k), date, patchID(p), state, v})
				}
			}
			if !f.perPatch {
				states = append(states, tidyRow{int32(k), date, allPatchesID, state, total})
			}
		}
		for p := range pops {
			population = append(population, tidyRow{int32(k), date, patchID(p), "N", pops[p]})
			cases = append(cases, tidyRow{int32(k), date, patchID(p), "cases", infected[p][k] / 10})
		}
	}
	writeTidyFile(t, filepath.Join(dir, "states"+ext), states)
	if f.cases {
		writeTidyFile(t, filepath.Join(dir, "population"+ext), population)
		writeTidyFile(t, filepath.Join(dir, "cases"+ext), cases)
	}
	level := -1
	if f.perPatch {
		level = -2
	}
	summary, err := json.Marshal(map[string]any{"group_aggregation_level": level, "inputs": map[string]any{"num_patches": f.patches}})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "summary.json"), summary, 0o644))
	if f.timing {
		var b strings.Builder
		b.WriteString("tick,ImportationPressureProcess,InfectionProcess,StateTracker\n")
		for k := range f.ticks {
			fmt.Fprintf(&b, "%d,%d,%d,%d\n", k, 20+rng.IntN(10), 300+rng.IntN(100), 5+rng.IntN(3))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "timing.csv"), []byte(b.String()), 0o644))
	}
	if f.ensemble {
		require.NoError(t, os.Mkdir(filepath.Join(dir, ensembleDir), 0o755))
		total := func(scale float64) func(k int) float64 {
			return func(k int) float64 {
				sum := 0.0
				for p := range infected {
					sum += float64(infected[p][k]) * scale
				}
				return sum
			}
		}
		writeQuantiles(t, filepath.Join(dir, ensembleDir, "states"+ext), f.ticks, "I", map[string]func(int) float64{allPatchesID: total(1)})
		cases, pop := map[string]func(int) float64{}, map[string]func(int) float64{}
		for p := range pops {
			cases[patchID(p)] = func(k int) float64 { return float64(infected[p][k]) / 10 }
			pop[patchID(p)] = func(int) float64 { return float64(pops[p]) }
		}
		if f.globalCases {
			cases = map[string]func(int) float64{allPatchesID: total(0.1)}
		}
		writeQuantiles(t, filepath.Join(dir, ensembleDir, "cases"+ext), f.ticks, "cases", cases)
		writeQuantiles(t, filepath.Join(dir, ensembleDir, "population"+ext), f.ticks, "N", pop)
	}
	return dir
}

// stateCount is a patch's S, I or R: I as given, S a tenth of the rest.
func stateCount(state string, pop, infected int64) int64 {
	switch state {
	case "S":
		return (pop - infected) / 10
	case "I":
		return infected
	}
	return pop - infected - (pop-infected)/10
}

func patchID(p int) string { return fmt.Sprintf("patch_%d", p) }

// writeQuantiles writes an ensemble table of state: for each group (in id
// order) the value at each tick, with quantiles spread ±10 % and ±30 %.
func writeQuantiles(t testing.TB, path string, ticks int, state string, groups map[string]func(tick int) float64) {
	var rows []quantileRow
	ids := slices.Sorted(maps.Keys(groups))
	for k := range ticks {
		date := int32(start.AddDate(0, 0, 14*k).Unix() / 86400)
		for _, id := range ids {
			v := groups[id](k)
			rows = append(rows, quantileRow{int32(k), date, id, state, v, 0.7 * v, 0.9 * v, v, 1.1 * v, 1.3 * v})
		}
	}
	if filepath.Ext(path) == ".parquet" {
		writeParquet(t, path, rows)
		return
	}
	var b strings.Builder
	b.WriteString(strings.Join(ensembleColumns, ",") + "\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d,%s,%s,%s,%g,%g,%g,%g,%g,%g\n", r.Tick, dayDate(r.Date), r.PatchID, r.State, r.Mean, r.Q05, r.Q25, r.Q50, r.Q75, r.Q95)
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

// dayDate writes days since 1970-01-01 as YYYY-MM-DD.
func dayDate(days int32) string {
	return time.Unix(int64(days)*86400, 0).UTC().Format(time.DateOnly)
}

// writeTidyFile writes rows as a tidy CSV or Parquet file (by extension).
func writeTidyFile(t testing.TB, path string, rows []tidyRow) {
	t.Helper()
	if filepath.Ext(path) == ".parquet" {
		writeParquet(t, path, rows)
		return
	}
	var b strings.Builder
	b.WriteString("tick,date,patch_id,state,count\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d,%s,%s,%s,%d\n", r.Tick, dayDate(r.Date), r.PatchID, r.State, r.Count)
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

// writeParquet writes rows as a Parquet file.
func writeParquet[T any](t testing.TB, path string, rows []T) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, parquet.Write(f, rows))
}
