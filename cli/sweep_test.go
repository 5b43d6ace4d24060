package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// sweepRunFile is the run-file part of the CLI's test sweeps: a 2×2 grid,
// 8 ticks, seeding, infection, a StateTracker and a FadeOutTracker.
const sweepRunFile = `scenario = { builder = "grid", rows = 2, cols = 2, pop = 30000 }

[params]
num_ticks = 8
seed = 1

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "InfectionSeeding"

[[phases]]
type = "Infection"
seasonality = 0.2

[[phases]]
type = "StateTracker"

[[phases]]
type = "FadeOutTracker"
`

// sweepTable is a 3 × 2 grid.
const sweepTable = `
[sweep]
"phases.Infection.beta" = [0.5, 0.9, 1.3]
"params.seed" = { from = 4, to = 5 }
`

// outputTree reads every file below dir except the wall-clock timing.csv.
func outputTree(t *testing.T, dir string) map[string]string {
	return testkit.Tree(t, dir, "timing.csv")
}

func TestSweepCommand(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "sweep.toml", sweepRunFile+sweepTable)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress", "--workers", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "rubeola sweep: 6 points; 6 run, 0 already complete")
	assert.Empty(t, stderr, "--no-progress")

	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 7)
	assert.Equal(t, []string{"point", "phases.Infection.beta", "params.seed", "attack_rate", "peak_tick", "peak_infectious",
		"infections", "final_S", "final_I", "final_R", "fadeout_events", "faded_patches_final", "extinct"}, rows[0])
	assert.Equal(t, []string{"5", "1.3", "5"}, rows[6][:3])
	for _, r := range rows[1:] {
		for k, cell := range r {
			assert.NotEmpty(t, cell, "column %s: every metric is defined with a FadeOutTracker", rows[0][k])
		}
	}
	files := outputTree(t, out)
	for _, name := range []string{"sweep.json", "points/p00000/states.csv", "points/p00000/summary.json",
		"points/p00000/fadeouts.csv", "points/p00000/point.json", "points/p00005/point.json"} {
		assert.Contains(t, files, name)
	}
	_, err := os.Stat(filepath.Join(out, "points", "p00000", "timing.csv"))
	assert.NoError(t, err, "a point has the usual outputs")
	var sum map[string]any
	require.NoError(t, json.Unmarshal([]byte(files["points/p00003/summary.json"]), &sum))
	assert.Equal(t, 5.0, sum["seed"], "point 3 is beta 0.9, seed 5")
	for _, key := range []string{"wall_time_seconds", "setup_seconds", "timing_us", "init_us"} {
		assert.NotContains(t, sum, key, "no wall-clock field in a point's summary.json")
	}
	assert.Equal(t, "sweep.toml", sum["inputs"].(map[string]any)["config_file"], "named without the path it was started with")

	t.Run("a point equals the run of its run file", func(t *testing.T) {
		point := strings.Replace(sweepRunFile, "seed = 1", "seed = 5", 1)
		point = strings.Replace(point, "seasonality = 0.2", "seasonality = 0.2\nbeta = 0.9", 1)
		cfg := writeFile(t, dir, "point3.toml", point)
		single := filepath.Join(dir, "single")
		code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", single, "--no-progress")
		require.Equal(t, 0, code, stderr)
		for _, name := range []string{"states.csv", "fadeouts.csv"} {
			data, err := os.ReadFile(filepath.Join(single, name))
			require.NoError(t, err)
			assert.Equal(t, string(data), files["points/p00003/"+name], name)
		}
	})

	t.Run("resume redoes only the damaged point", func(t *testing.T) {
		require.NoError(t, os.Remove(filepath.Join(out, "points", "p00004", "states.csv")))
		code, stdout, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "1 run, 5 already complete")
		assert.Equal(t, files, outputTree(t, out))
	})

	t.Run("shards merged equal the whole sweep", func(t *testing.T) {
		var shards []string
		for _, s := range []struct{ shard, workers string }{{"0/2", "1"}, {"1/2", "2"}} {
			dir := filepath.Join(dir, "shard"+s.shard[:1])
			code, stdout, stderr := runCLI(t, "sweep", file, "--out", dir, "--shard", s.shard, "--workers", s.workers, "--no-progress")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, "6 points, shard "+s.shard+": 3; 3 run")
			shards = append(shards, dir)
		}
		merged := filepath.Join(dir, "merged")
		code, stdout, stderr := runCLI(t, append([]string{"sweep", "merge", "--out", merged}, shards...)...)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "6 points; 6 copied, 0 already in")
		assert.Equal(t, files, outputTree(t, merged))
		code, stdout, stderr = runCLI(t, append([]string{"sweep", "merge", "--out", merged}, shards...)...)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "0 copied, 6 already in", "idempotent")
		assert.Equal(t, files, outputTree(t, merged))

		code, _, stderr = runCLI(t, "sweep", "merge", "--out", filepath.Join(dir, "half"), shards[0])
		assert.Equal(t, exitValidation, code)
		assert.Contains(t, stderr, "3 of 6 points are complete in none of "+shards[0]+": points 1, 3, 5")
		code, _, stderr = runCLI(t, "sweep", "merge", "--partial", "--out", filepath.Join(dir, "half"), shards[0])
		assert.Equal(t, 0, code, stderr)
		assert.Contains(t, stderr, "warning: 3 of 6 points are missing (partial merge)")
		assert.Len(t, readCSV(t, filepath.Join(dir, "half", "sweep.csv")), 1+3)
	})
}

func TestSweepCommandErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "sweep.toml", sweepRunFile+sweepTable)
	bad := writeFile(t, dir, "bad.toml", sweepRunFile+`
[sweep]
"params.seed" = [1, 2]
"phases.Infection.beta" = [0.5, -1]
`)
	misspelt := writeFile(t, dir, "misspelt.toml", sweepRunFile+`
[sweep]
"phases.Infection.betta" = [1]
`)
	// Point 1 runs 10^9 ticks, whose storage (88 GB: StateTracker 24,
	// FadeOutTracker 8, timing table 32 + 24) only its initialisation checks:
	// refused before point 0 runs, not after it was written.
	tooLong := writeFile(t, dir, "toolong.toml", sweepRunFile+"\n[sweep]\n\"params.num_ticks\" = [8, 1000000000]\n")
	noTracker := writeFile(t, dir, "notracker.toml", strings.Replace(sweepRunFile, `type = "StateTracker"`, `type = "PopulationTracker"`, 1)+sweepTable)
	other := filepath.Join(dir, "other")
	code, _, stderr := runCLI(t, "sweep", good, "--out", other, "--shard", "0/3", "--no-progress")
	require.Equal(t, 0, code, stderr)
	changed := writeFile(t, dir, "changed.toml", strings.Replace(sweepRunFile+sweepTable, "num_ticks = 8", "num_ticks = 9", 1))

	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"bad value", []string{"sweep", bad}, []string{
			`rubeola: ` + bad + `: [sweep] "phases.Infection.beta" = -1 (point 1): phases[3] (Infection): InfectionProcess: beta must be a finite number >= 0, got -1` + "\n"}},
		{"unknown key", []string{"sweep", misspelt}, []string{
			`rubeola: ` + misspelt + `: [sweep] "phases.Infection.betta" = 1 (point 0): phases[3].betta: unknown key (did you mean "beta"?)`}},
		{"every point is built first", []string{"sweep", noTracker}, []string{
			`rubeola: ` + noTracker + `: [sweep] point 0 ("phases.Infection.beta" = 0.5, "params.seed" = 4): the component list has no StateTracker`,
			`(and 5 more points)`}},
		{"every point is initialised first", []string{"sweep", tooLong}, []string{
			`rubeola: ` + tooLong + `: [sweep] point 1 ("params.num_ticks" = 1000000000): a run of 1000000000 ticks needs`}},
		{"bad shard", []string{"sweep", good, "--shard", "2/2"}, []string{"--shard: shard \"2/2\": i must be 0 … 1 (0-based)"}},
		{"bad workers", []string{"sweep", good, "--workers", "-1"}, []string{"--workers must be >= 0, got -1"}},
		{"bad format", []string{"sweep", good, "--format", "xlsx"}, []string{"--format:"}},
		{"missing file", []string{"sweep", filepath.Join(dir, "nope.toml")}, []string{"no such file"}},
		{"no file", []string{"sweep"}, []string{"accepts 1 arg(s)"}},
		{"another sweep's directory", []string{"sweep", changed, "--out", other}, []string{
			other + " holds a different sweep from " + changed + " (differences: the sweep file's [params])"}},
		{"merge without --out", []string{"sweep", "merge", other}, []string{`required flag(s) "out" not set`}},
		{"merge of a non-sweep directory", []string{"sweep", "merge", "--out", filepath.Join(dir, "m"), dir}, []string{"not a sweep directory"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			out := filepath.Join(t.TempDir(), "out")
			if len(args) > 1 && args[1] != "merge" && !strings.Contains(strings.Join(args, " "), "--out") {
				args = append(args, "--out", out)
			}
			code, _, stderr := runCLI(t, args...)
			assert.Equal(t, exitValidation, code, stderr)
			for _, w := range tc.want {
				assert.Contains(t, stderr, w)
			}
			_, err := os.Stat(out)
			assert.ErrorIs(t, err, os.ErrNotExist, "nothing written")
		})
	}
}

// TestSweepEnsemblePoints runs a sweep with replicates: every point is an
// ensemble (DIR/points/p…/ensemble/), the table holds the medians, and a
// rerun finds every point complete.
func TestSweepEnsemblePoints(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "sweep.toml", sweepRunFile+`
[sweep]
mode = "zip"
"phases.Infection.beta" = [0.5, 1.3]
"params.seed" = [4, 9]
replicates = 3
`)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress", "--format", "parquet")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "2 points; 2 run")
	files := outputTree(t, out)
	assert.Contains(t, files, "sweep.parquet")
	assert.Contains(t, files, "points/p00001/ensemble/states.parquet")
	var sum struct {
		Replicates int      `json:"replicates"`
		Seeds      []uint64 `json:"seeds"`
		Wall       *float64 `json:"wall_time_seconds"`
	}
	require.NoError(t, json.Unmarshal([]byte(files["points/p00001/ensemble/summary.json"]), &sum))
	assert.Equal(t, 3, sum.Replicates)
	assert.Equal(t, []uint64{9, 10, 11}, sum.Seeds, "the point's seed and the next ones")
	assert.Nil(t, sum.Wall, "no wall-clock field in a point's summary.json")

	code, stdout, stderr = runCLI(t, "sweep", file, "--out", out, "--no-progress", "--format", "parquet")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "0 run, 2 already complete")
	assert.Equal(t, files, outputTree(t, out))
}

// TestSweepExample runs docs/sweep-example.toml: 3 beta × 2 seasonality ×
// 4 seeds.
func TestSweepExample(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "sweep", filepath.Join("..", "docs", "sweep-example.toml"), "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "24 points; 24 run")
	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 1+24)
	assert.Equal(t, []string{"point", "phases.Infection.beta", "phases.Infection.seasonality", "params.seed"}, rows[0][:4])
	assert.Equal(t, []string{"23", "0.8", "0.3", "4"}, rows[24][:4])
}

// TestSweepReportNamesProgram: a binary of one's own (cli.New with its
// name) reports its sweep under its own name, as it prefixes its errors
// (issue 24's review: the stdout line still said "rubeola sweep").
func TestSweepReportNamesProgram(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "sweep.toml", sweepRunFile+sweepTable)
	var out, errOut bytes.Buffer
	code := New(WithName("mine")).Execute([]string{"sweep", file, "--out", filepath.Join(dir, "out"), "--no-progress"}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "mine sweep: 6 points; 6 run, 0 already complete")
}
