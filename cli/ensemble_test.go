package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// trackerSeed is trackerRunFile's seed: replicate r of an ensemble of it
// runs with seed trackerSeed + r.
const trackerSeed = 5

// timingKeys are the summary.json keys that hold wall-clock figures: the
// only ones in which a kept replicate's summary differs from a lone run's.
var timingKeys = []string{"timing_us", "init_us", "wall_time_seconds", "setup_seconds"}

// readJSON decodes a JSON output file without the keys drop.
func readJSON(t *testing.T, path string, drop ...string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal(data, &v))
	for _, k := range drop {
		require.Contains(t, v, k, path)
		delete(v, k)
	}
	return v
}

// readFile reads an output file.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

// TestRunReplicatesMatchLoneRuns: `run --replicates 3 --keep-replicates`
// writes DIR/ensemble/ and DIR/replicates/r000…r002/, and replicate r's
// files are byte for byte those of `run --seed 5+r` with the same flags —
// every tidy table, in CSV and in Parquet; summary.json except its
// wall-clock keys (timing_us, init_us, wall_time_seconds, setup_seconds);
// timing.csv's header and row count (its values are wall-clock times).
func TestRunReplicatesMatchLoneRuns(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	for _, format := range []string{"csv", "parquet"} {
		t.Run(format, func(t *testing.T) {
			ens := filepath.Join(dir, "ensemble-"+format)
			code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--out", ens, "--replicates", "3", "--keep-replicates", "--format", format)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, "ensemble of 3 replicates (seeds 5–7)")
			assert.Contains(t, stdout, "attack rate: median ")
			assert.Contains(t, stdout, ens+"/ensemble/{states."+format+",summary.json,states-2."+format)
			assert.Contains(t, stdout, ens+"/replicates/r000…r002/{states."+format+",summary.json,timing.csv,states-2."+format)

			for r := range 3 {
				lone := filepath.Join(dir, "lone-"+format+strconv.Itoa(r))
				code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", lone, "--seed", strconv.Itoa(trackerSeed+r), "--format", format)
				require.Equal(t, 0, code, stderr)
				rep := filepath.Join(ens, "replicates", "r00"+strconv.Itoa(r))
				for _, name := range tidyTables {
					assert.Equal(t, readFile(t, filepath.Join(lone, name+"."+format)), readFile(t, filepath.Join(rep, name+"."+format)),
						"replicate %d, %s", r, name)
				}
				assert.Equal(t, readJSON(t, filepath.Join(lone, "summary.json"), timingKeys...),
					readJSON(t, filepath.Join(rep, "summary.json"), timingKeys...), "replicate %d", r)
				loneTiming, repTiming := strings.Split(readFile(t, filepath.Join(lone, "timing.csv")), "\n"),
					strings.Split(readFile(t, filepath.Join(rep, "timing.csv")), "\n")
				assert.Equal(t, loneTiming[0], repTiming[0], "timing.csv header")
				assert.Len(t, repTiming, len(loneTiming), "timing.csv rows")
			}
			entries, err := os.ReadDir(ens)
			require.NoError(t, err)
			assert.Len(t, entries, 2, "ensemble/ and replicates/ only")
		})
	}
}

// TestEnsembleTablesFromReplicates: every row of an ensemble table is the
// mean and type-7 quantiles of the kept replicates' rows (computed here
// from their CSV files with metrics.QuantilePercent), and the Parquet tables hold
// the same values as the CSV ones.
func TestEnsembleTablesFromReplicates(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	const R = 4
	csvOut, parquetOut := filepath.Join(dir, "csv"), filepath.Join(dir, "parquet")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", csvOut, "--replicates", strconv.Itoa(R), "--keep-replicates")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(t, "run", "--config", cfg, "--out", parquetOut, "--replicates", strconv.Itoa(R), "--format", "parquet")
	require.Equal(t, 0, code, stderr)

	header := []string{"tick", "date", "patch_id", "state", "mean", "q05", "q25", "q50", "q75", "q95"}
	for _, name := range tidyTables {
		table := readCSV(t, filepath.Join(csvOut, "ensemble", name+".csv"))
		require.Equal(t, header, table[0], name)
		reps := make([][][]string, R)
		for r := range R {
			reps[r] = readCSV(t, filepath.Join(csvOut, "replicates", "r00"+strconv.Itoa(r), name+".csv"))
			require.Len(t, reps[r], len(table), "%s: one ensemble row per tidy row", name)
		}
		for i, row := range table[1:] {
			counts := make([]int64, R)
			var sum int64
			for r := range R {
				rep := reps[r][i+1]
				require.Equal(t, rep[:4], row[:4], "%s row %d: same labels", name, i+1)
				v, err := strconv.ParseInt(rep[4], 10, 64)
				require.NoError(t, err)
				counts[r], sum = v, sum+v
			}
			slices.Sort(counts)
			want := []float64{float64(sum) / R}
			for _, pct := range metrics.QuantilePercents {
				want = append(want, metrics.QuantilePercent(counts, pct))
			}
			for c, w := range want {
				got, err := strconv.ParseFloat(row[4+c], 64)
				require.NoError(t, err)
				if got != w {
					require.Equal(t, w, got, "%s row %d, %s", name, i+1, header[4+c])
				}
			}
		}
		assert.Equal(t, table, readQuantileParquet(t, filepath.Join(parquetOut, "ensemble", name+".parquet")), name)
	}
}

// quantileParquetRow is a row of an ensemble Parquet table.
type quantileParquetRow struct {
	Tick    int32   `parquet:"tick"`
	Date    int32   `parquet:"date"`
	PatchID string  `parquet:"patch_id"`
	State   string  `parquet:"state"`
	Mean    float64 `parquet:"mean"`
	Q05     float64 `parquet:"q05"`
	Q25     float64 `parquet:"q25"`
	Q50     float64 `parquet:"q50"`
	Q75     float64 `parquet:"q75"`
	Q95     float64 `parquet:"q95"`
}

// readQuantileParquet reads an ensemble Parquet table as the CSV writer
// would format it (header first).
func readQuantileParquet(t *testing.T, path string) [][]string {
	t.Helper()
	records := [][]string{{"tick", "date", "patch_id", "state", "mean", "q05", "q25", "q50", "q75", "q95"}}
	for _, r := range readParquetRows[quantileParquetRow](t, path) {
		rec := parquetLabels(r.Tick, r.Date, r.PatchID, r.State)
		for _, v := range []float64{r.Mean, r.Q05, r.Q25, r.Q50, r.Q75, r.Q95} {
			rec = append(rec, strconv.FormatFloat(v, 'f', -1, 64))
		}
		records = append(records, rec)
	}
	return records
}

// TestEnsembleSummaryJSON: ensemble/summary.json has the replicates, their
// seeds, the ticks, the distributions and each replicate's outcome, which
// equal the replicates' own summaries (peak, attack rate, final state);
// one replicate is an ensemble too; the run file's [ensemble] sets the
// replicates and --replicates overrides it.
func TestEnsembleSummaryJSON(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile+"\n[ensemble]\nreplicates = 2\nkeep_replicates = true\n")
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "ensemble of 2 replicates (seeds 5–6)")
	sum := readJSON(t, filepath.Join(out, "ensemble", "summary.json"))
	assert.Equal(t, float64(2), sum["replicates"])
	assert.Equal(t, []any{float64(5), float64(6)}, sum["seeds"])
	assert.Equal(t, float64(12), sum["num_ticks"])
	assert.Equal(t, float64(metrics.PerPatch), sum["group_aggregation_level"], "the per-patch StateTracker is the most granular")
	for _, k := range []string{"stats", "per_replicate", "inputs", "wall_time_seconds", "setup_seconds", "metadata", "extinct_replicates"} {
		assert.Contains(t, sum, k)
	}
	stats := sum["stats"].(map[string]any)
	for _, k := range []string{"peak_tick", "peak_infectious", "attack_rate", "infections", "final_state", "extinction_tick",
		"fadeout_events", "faded_patches_final"} {
		assert.Contains(t, stats, k)
	}
	ar := stats["attack_rate"].(map[string]any)
	for _, k := range []string{"n", "mean", "q05", "q25", "q50", "q75", "q95", "min", "max"} {
		assert.Contains(t, ar, k)
	}
	for r, o := range sum["per_replicate"].([]any) {
		outcome := o.(map[string]any)
		own := readJSON(t, filepath.Join(out, "replicates", "r00"+strconv.Itoa(r), "summary.json"))
		s := own["summary"].(map[string]any)
		assert.Equal(t, own["seed"], outcome["seed"])
		assert.Equal(t, s["peak_tick"], outcome["peak_tick"])
		assert.Equal(t, s["peak_infectious_global"], outcome["peak_infectious"])
		assert.Equal(t, s["attack_rate_global"], outcome["attack_rate"])
		assert.Equal(t, s["final_state_global"], outcome["final_state"])
		assert.Equal(t, own["totals"].(map[string]any)["infections"], outcome["infections"])
	}

	one := filepath.Join(dir, "one")
	code, stdout, stderr = runCLI(t, "run", "--config", cfg, "--out", one, "--replicates", "1", "--keep-replicates=false")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "ensemble of 1 replicates (seed 5)")
	assert.Equal(t, []any{float64(5)}, readJSON(t, filepath.Join(one, "ensemble", "summary.json"))["seeds"])
	assert.NoDirExists(t, filepath.Join(one, "replicates"), "--keep-replicates=false overrides the run file")
	assert.NoFileExists(t, filepath.Join(one, "states.csv"), "an ensemble writes no single-run files")
}

// TestEnsembleSnapshotResume: `run --replicates 2 --snapshot-every 4`
// snapshots the whole ensemble; `resume` of a snapshot writes the
// uninterrupted ensemble's tables and kept replicates byte for byte (the
// summary too, but for wall-clock figures and the inputs naming the
// snapshot).
func TestEnsembleSnapshotResume(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", whole, "--replicates", "2", "--keep-replicates", "--snapshot-every", "4")
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(whole, "snapshots", "tick-000008.snap"))
	res := filepath.Join(dir, "resumed")
	code, stdout, stderr := runCLI(t, "resume", filepath.Join(whole, "snapshots", "tick-000004.snap"), "--out", res, "--keep-replicates")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "ensemble of 2 replicates")
	var files []string
	for _, name := range tidyTables {
		files = append(files, filepath.Join("ensemble", name+".csv"), filepath.Join("replicates", "r000", name+".csv"),
			filepath.Join("replicates", "r001", name+".csv"))
	}
	for _, f := range files {
		assert.Equal(t, readFile(t, filepath.Join(whole, f)), readFile(t, filepath.Join(res, f)), f)
	}
	drop := []string{"wall_time_seconds", "setup_seconds", "inputs"}
	assert.Equal(t, readJSON(t, filepath.Join(whole, "ensemble", "summary.json"), drop...),
		readJSON(t, filepath.Join(res, "ensemble", "summary.json"), drop...))
	assert.Equal(t, comparableSummary(t, filepath.Join(whole, "replicates", "r001", "summary.json")),
		comparableSummary(t, filepath.Join(res, "replicates", "r001", "summary.json")))

	single := filepath.Join(dir, "single")
	code, _, stderr = runCLI(t, "run", "--config", cfg, "--out", single, "--snapshot-every", "6")
	require.Equal(t, 0, code, stderr)
	out := filepath.Join(dir, "bad")
	code, _, stderr = runCLI(t, "resume", filepath.Join(single, "snapshots", "tick-000006.snap"), "--out", out, "--keep-replicates")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "is of a single run, not of an ensemble")
	assert.NoDirExists(t, out)
}

// TestRunReplicatesErrors: bad ensemble flags and run-file values exit 2,
// name the flag or TOML path and write nothing.
func TestRunReplicatesErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name    string
		runFile string
		args    []string
		want    string
	}{
		{"zero replicates", "", []string{"--replicates", "0"}, "--replicates must be from 1 to 100000, got 0"},
		{"negative replicates", "", []string{"--replicates", "-3"}, "--replicates must be from 1 to 100000, got -3"},
		{"too many replicates", "", []string{"--replicates", "1000000"}, "--replicates must be from 1 to 100000, got 1000000"},
		{"keep without ensemble", "", []string{"--keep-replicates"}, "--keep-replicates needs an ensemble"},
		{"run file keep without replicates", "[ensemble]\nkeep_replicates = true\n", nil,
			"ensemble.keep_replicates needs an ensemble: set ensemble.replicates (or give --replicates R)"},
		{"run file replicates", "[ensemble]\nreplicates = 0\n", []string{"--replicates", "2"},
			"run.toml: ensemble.replicates: expected an integer from 1 to 100000, got 0"},
		{"run file key", "[ensemble]\nreplicate = 2\n", nil, `run.toml: ensemble.replicate: unknown key (did you mean "replicates"?)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"run", "--no-progress", "--ticks", "2"}
			if tc.runFile != "" {
				args = append(args, "--config", writeFile(t, dir, "run.toml", tc.runFile))
			}
			out := filepath.Join(dir, "out")
			code, _, stderr := runCLI(t, append(append(args, "--out", out), tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, out)
			leftovers, err := filepath.Glob(filepath.Join(dir, ".out.tmp-*"))
			require.NoError(t, err)
			assert.Empty(t, leftovers)
		})
	}
}

// TestEnsembleFailureLeavesNothing: a phase that fails at tick 3 of
// replicate 1 stops the ensemble; every writer (the quantile tables reading
// the replicates in lockstep, the kept replicates' tables waiting for a
// writer slot) stops, and neither DIR nor the temporary directory remains.
func TestEnsembleFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	scn, err := scenario.Grid(3, 3, 10000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	p := params.Default()
	p.NumTicks, p.ShowProgress = 8, false
	fail := phases.Func("Fail", func(m phases.Model, tick int) error {
		if tick == 3 && m.Params().Seed == p.Seed+1 {
			return errors.New("boom")
		}
		return nil
	})
	in := &inputs{scenario: scn, params: p, components: append(model.DefaultComponents(), fail)}
	session := output.NewSession()
	e, err := buildEnsemble(in, 12, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), session.Option())
	require.NoError(t, err)
	out := filepath.Join(dir, "out")
	_, err = runEnsembleAndWrite(context.Background(), e, in, outputFlags{out: out, format: metrics.CSV}, true, session, io.Discard)
	require.ErrorContains(t, err, "replicate 1: ")
	require.ErrorContains(t, err, "boom")
	assert.NoDirExists(t, out)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "no temporary directory left")
}
