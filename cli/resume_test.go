package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// trackerRunFile is a run file with every tracker kind: its outputs cover
// states, population, cases and fade-outs.
const trackerRunFile = `
[scenario]
builder = "grid"
rows = 4
cols = 4
pop = 20000

[params]
num_ticks = 12
seed = 5
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"
R0 = 4

[[phases]]
type = "infection_seeding"
num_infections = 10

[[phases]]
type = "ImportationPressureProcess"

[[phases]]
type = "Infection"
seasonality = 0.3

[[phases]]
type = "VitalDynamics"

[[phases]]
type = "StateTracker"
aggregation_level = -2

[[phases]]
type = "StateTracker"

[[phases]]
type = "PopulationTracker"

[[phases]]
type = "CaseSurveillanceTracker"
detection_rate = 0.5

[[phases]]
type = "FadeOutTracker"
`

// readCSV reads a whole CSV output file.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	return records
}

// TestRunConfigWritesEveryTracker: `run --config` builds the listed
// components and writes one tidy CSV per tracker (SPEC §11).
func TestRunConfigWritesEveryTracker(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "16 patches")
	assert.Contains(t, stdout, "states.csv,summary.json,timing.csv,states-2.csv,population.csv,cases.csv,fadeouts.csv")

	const ticks, patches = 12, 16
	header := []string{"tick", "date", "patch_id", "state", "count"}
	for _, tc := range []struct {
		file  string
		rows  int
		first []string
	}{
		{"states.csv", ticks * 3 * patches, []string{"0", "2000-01-01", "0:0", "S"}}, // the per-patch tracker is the most granular
		{"states-2.csv", ticks * 3, []string{"0", "2000-01-01", "all_patches", "S"}},
		{"population.csv", ticks * patches, []string{"0", "2000-01-01", "0:0", "N"}},
		{"cases.csv", ticks * patches, []string{"0", "2000-01-01", "0:0", "cases"}},
		{"fadeouts.csv", ticks, []string{"0", "2000-01-01", "all_patches", "fadeouts"}},
	} {
		records := readCSV(t, filepath.Join(out, tc.file))
		assert.Equal(t, header, records[0], tc.file)
		assert.Len(t, records, 1+tc.rows, tc.file)
		assert.Equal(t, tc.first, records[1][:4], tc.file)
	}
	var sum map[string]any
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	assert.Equal(t, float64(patches), sum["num_groups"])
	assert.Equal(t, cfg, sum["inputs"].(map[string]any)["config_file"])
}

// TestRunConfigErrors: run-file problems exit 2, name file, entry and key,
// and write nothing.
func TestRunConfigErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, content string
		extra         []string
		want          string
	}{
		{"misspelt key", "[[phases]]\ntype = \"InitializeEquilibriumStates\"\n[[phases]]\ntype = \"Infection\"\nbetta = 0.5\n", nil,
			`run.toml: phases[2].betta: unknown key (did you mean "beta"?)`},
		{"no state tracker", "[[phases]]\ntype = \"Infection\"\n", nil, "the component list has no StateTracker"},
		{"unknown patch", "[[phases]]\ntype = \"InfectionSeeding\"\ntarget_patches = [\"atlantis\"]\n[[phases]]\ntype = \"StateTracker\"\n", nil,
			`phases[1] (InfectionSeeding)`},
		{"params twice", "[params]\nseed = 1\n", []string{"--params", "p.toml"}, "use one of them"},
	}
	writeFile(t, dir, "p.toml", "seed = 2\n")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := writeFile(t, dir, "run.toml", tc.content)
			out := filepath.Join(dir, "out")
			args := append([]string{"run", "--config", cfg, "--out", out, "--no-progress"}, tc.extra...)
			for k, a := range args {
				if a == "p.toml" {
					args[k] = filepath.Join(dir, a)
				}
			}
			code, _, stderr := runCLI(t, args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, out)
		})
	}
	code, stdout, stderr := runCLI(t, "validate", "--config", writeFile(t, dir, "ok.toml", trackerRunFile))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "16 patches")
}

// comparable drops what the resume guarantee excludes (timings, wall time,
// inputs naming the files) from summary.json.
func comparableSummary(t *testing.T, path string) map[string]any {
	t.Helper()
	var sum map[string]any
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	for _, k := range []string{"timing_us", "init_us", "wall_time_seconds", "setup_seconds", "inputs"} {
		delete(sum, k)
	}
	return sum
}

// TestSnapshotEveryAndResume is the CLI side of SPEC AT-23: `run
// --snapshot-every 4` leaves DIR/snapshots/tick-000004.snap and
// tick-000008.snap; `resume` from either (in-process and in a fresh
// process) writes outputs identical to the uninterrupted run's; --ticks
// extends; a corrupt snapshot is a clear error.
func TestSnapshotEveryAndResume(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", whole, "--snapshot-every", "4")
	require.Equal(t, 0, code, stderr)
	entries, err := os.ReadDir(filepath.Join(whole, "snapshots"))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"tick-000004.snap", "tick-000008.snap", "tick-000012.snap"}, names)

	outputs := []string{"states.csv", "states-2.csv", "population.csv", "cases.csv", "fadeouts.csv"}
	same := func(t *testing.T, got string) {
		t.Helper()
		for _, f := range outputs {
			want, err := os.ReadFile(filepath.Join(whole, f))
			require.NoError(t, err)
			data, err := os.ReadFile(filepath.Join(got, f))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(data), f)
		}
		assert.Equal(t, comparableSummary(t, filepath.Join(whole, "summary.json")), comparableSummary(t, filepath.Join(got, "summary.json")))
	}
	for _, snap := range []string{"tick-000004.snap", "tick-000008.snap"} {
		out := filepath.Join(dir, "resumed-"+snap)
		code, _, stderr := runCLI(t, "resume", filepath.Join(whole, "snapshots", snap), "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		same(t, out)
	}

	t.Run("in a fresh process", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds the binary")
		}
		bin := filepath.Join(dir, "rubeola")
		out, err := exec.Command("go", "build", "-o", bin, "../cmd/rubeola").CombinedOutput()
		require.NoError(t, err, string(out))
		res := filepath.Join(dir, "resumed-binary")
		out, err = exec.Command(bin, "resume", filepath.Join(whole, "snapshots", "tick-000004.snap"), "--out", res, "--no-progress").CombinedOutput()
		require.NoError(t, err, string(out))
		same(t, res)
	})

	t.Run("extend", func(t *testing.T) {
		longer := filepath.Join(dir, "longer")
		code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", longer, "--ticks", "16")
		require.Equal(t, 0, code, stderr)
		ext := filepath.Join(dir, "extended")
		code, _, stderr = runCLI(t, "resume", filepath.Join(whole, "snapshots", "tick-000012.snap"), "--ticks", "16", "--out", ext)
		require.Equal(t, 0, code, stderr)
		for _, f := range outputs {
			want, err := os.ReadFile(filepath.Join(longer, f))
			require.NoError(t, err)
			data, err := os.ReadFile(filepath.Join(ext, f))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(data), f)
		}
	})

	t.Run("bad snapshots", func(t *testing.T) {
		full, err := os.ReadFile(filepath.Join(whole, "snapshots", "tick-000004.snap"))
		require.NoError(t, err)
		cut := writeFile(t, dir, "cut.snap", string(full[:len(full)/3]))
		for path, want := range map[string]string{
			cut:                                 "truncated",
			writeFile(t, dir, "x.snap", "nope"): "not a snapshot",
			filepath.Join(dir, "missing.snap"):  "no such file",
		} {
			out := filepath.Join(dir, "bad-out")
			code, _, stderr := runCLI(t, "resume", path, "--out", out)
			assert.Equal(t, 2, code, path)
			assert.Contains(t, stderr, "rubeola: snapshot "+path)
			assert.Contains(t, stderr, want)
			assert.NoDirExists(t, out)
		}
	})
}

// englandWales is the 954-town scenario of the benchmarks (not committed;
// see ../shared/data/README.md).
var englandWales = filepath.Join("..", "..", "shared", "data", "england_wales_954.csv")

// TestEnglandWales954 runs the 954-patch scenario for 520 ticks from the
// command line (SPEC acceptance; skipped only when the file is absent).
func TestEnglandWales954(t *testing.T) {
	testkit.NeedShared(t, englandWales)
	out := filepath.Join(t.TempDir(), "ew")
	code, stdout, stderr := runCLI(t, "run", "--scenario", englandWales, "--ticks", "520", "--out", out, "--no-progress", "--per-patch")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "954 patches")
	assert.Contains(t, stdout, "520 ticks")
	records := readCSV(t, filepath.Join(out, "states.csv"))
	assert.Len(t, records, 1+520*3*954)
	assert.Equal(t, "Abingdon", records[1][2])
	sum := comparableSummary(t, filepath.Join(out, "summary.json"))
	assert.Equal(t, float64(954), sum["num_groups"])
	assert.True(t, strings.HasPrefix(sum["metadata"].(map[string]any)["generator"].(string), "rubeola "))
}
