package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
)

// TestMain registers Waning as main does before the command line runs.
func TestMain(m *testing.M) {
	model.MustRegister(waningType)
	os.Exit(m.Run())
}

// rubeola runs mybinary's command line in-process and returns its exit
// code, stdout and stderr.
func rubeola(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := newApp().Execute(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// comparableSummary is summary.json without what a resume may change: the
// wall-clock fields and the inputs (which name the snapshot file).
func comparableSummary(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	require.NoError(t, err)
	var sum map[string]any
	require.NoError(t, json.Unmarshal(data, &sum))
	for _, k := range []string{"timing_us", "init_us", "wall_time_seconds", "setup_seconds", "inputs"} {
		delete(sum, k)
	}
	return sum
}

// readStates returns states.csv of an output directory.
func readStates(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "states.csv"))
	require.NoError(t, err)
	return string(data)
}

// TestRunThenResume runs run.toml, which names the user's Waning, with
// snapshots every 10 ticks, then resumes from two of them: the resumed
// outputs equal the uninterrupted run's (timings aside), so Waning's
// params and random streams came back from the snapshot without a factory.
func TestRunThenResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole")
	code, _, stderr := rubeola("run", "--config", "run.toml", "--out", whole, "--snapshot-every", "10", "--no-progress")
	require.Equal(t, 0, code, stderr)

	for _, snap := range []string{"tick-000010.snap", "tick-000030.snap"} {
		out := filepath.Join(dir, "resumed-"+snap)
		code, _, stderr := rubeola("resume", filepath.Join(whole, "snapshots", snap), "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, readStates(t, whole), readStates(t, out), snap)
		assert.Equal(t, comparableSummary(t, whole), comparableSummary(t, out), snap)
	}
}

// TestWaningActs: after the first tick, the run with waning has more
// susceptibles than the same run without it (Infection drew the same
// numbers from the same streams before Waning moved people R → S), and the
// runs differ from then on.
func TestWaningActs(t *testing.T) {
	dir := t.TempDir()
	cfg, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	off := filepath.Join(dir, "off.toml")
	require.NoError(t, os.WriteFile(off, bytes.Replace(cfg, []byte("yearly_rate = 0.1"), []byte("yearly_rate = 0"), 1), 0o644))
	states := map[string]string{}
	for name, path := range map[string]string{"on": "run.toml", "off": off} {
		out := filepath.Join(dir, name)
		code, _, stderr := rubeola("run", "--config", path, "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		states[name] = readStates(t, out)
	}
	assert.Greater(t, susceptiblesAt(t, states["on"], "0"), susceptiblesAt(t, states["off"], "0"))
	assert.NotEqual(t, states["on"], states["off"])
}

// susceptiblesAt sums S over the patches at tick of states.csv
// (tick,date,patch_id,state,count rows).
func susceptiblesAt(t *testing.T, states, tick string) int64 {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(states)).ReadAll()
	require.NoError(t, err)
	var sum int64
	for _, row := range rows[1:] {
		if row[0] == tick && row[3] == "S" {
			n, err := strconv.ParseInt(row[4], 10, 64)
			require.NoError(t, err)
			sum += n
		}
	}
	require.Positive(t, sum, "no S rows at tick %s", tick)
	return sum
}

// TestWaningInTheCatalogue: `components` documents Waning with the
// built-ins, its keys from its params' tags.
func TestWaningInTheCatalogue(t *testing.T) {
	code, stdout, stderr := rubeola("components")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "| [`ResultsWriter`](#resultswriter) | `ResultsWriter` | `results_writer` | `metrics` | finaliser | all |\n"+
		"| [`Waning`](#waning) | `WaningProcess` | `waning` | ")
	assert.Contains(t, stdout, "| `yearly_rate` | number | `0.05` | `waning_rate` | share of the immune (R) who become susceptible again within a year, in [0, 1] |\n")
}

// TestWaningKeyErrors: `validate` decodes Waning's keys strictly, naming
// the entry and key like for a built-in.
func TestWaningKeyErrors(t *testing.T) {
	cases := []struct {
		name  string
		entry string
		want  string
	}{
		{"misspelt key", "yearly_rat = 0.1", `x.toml: phases[1].yearly_rat: unknown key (did you mean "yearly_rate"?)`},
		{"wrong type", `yearly_rate = "high"`, `x.toml: phases[1].yearly_rate: expected number, got string`},
		{"alias and key", "yearly_rate = 0.1\nwaning_rate = 0.2",
			`x.toml: phases[1].waning_rate: keys "waning_rate" and "yearly_rate" both set the same parameter`},
		{"range", "yearly_rate = 2", `x.toml: phases[1] (Waning): WaningProcess: yearly_rate must be in [0, 1], got 2`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.toml")
			require.NoError(t, os.WriteFile(path, []byte("[[phases]]\ntype = \"waning\"\n"+tc.entry+"\n"), 0o644))
			code, _, stderr := rubeola("validate", "--config", path)
			assert.Equal(t, 2, code)
			assert.Contains(t, strings.ReplaceAll(stderr, path, "x.toml"), tc.want)
		})
	}
}

// TestSweepOverTheUserComponent sweeps Waning's yearly_rate (the run file
// plus a [sweep] table): both points run, sweep.csv has the swept value per
// point, and waning immunity raises the attack rate.
func TestSweepOverTheUserComponent(t *testing.T) {
	dir := t.TempDir()
	cfg, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	file := filepath.Join(dir, "sweep.toml")
	sweep := append(cfg, []byte("\n[sweep]\nmode = \"grid\"\n\"phases.Waning.yearly_rate\" = [0.0, 0.2]\n")...)
	require.NoError(t, os.WriteFile(file, sweep, 0o644))
	out := filepath.Join(dir, "out")
	code, _, stderr := rubeola("sweep", file, "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	f, err := os.Open(filepath.Join(out, "sweep.csv"))
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	require.Equal(t, []string{"point", "phases.Waning.yearly_rate", "attack_rate"}, rows[0][:3])
	assert.Equal(t, []string{"0", "0"}, rows[1][:2])
	assert.Equal(t, []string{"1", "0.2"}, rows[2][:2])
	without, err := strconv.ParseFloat(rows[1][2], 64)
	require.NoError(t, err)
	with, err := strconv.ParseFloat(rows[2][2], 64)
	require.NoError(t, err)
	assert.Greater(t, with, without, "people who lose immunity are infected again")
}
