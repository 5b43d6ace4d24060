package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/cli"
)

// TestMain registers W and ImmunityLoss, as main does.
func TestMain(m *testing.M) {
	register()
	os.Exit(m.Run())
}

// rubeola runs the command line in-process; it returns the exit code and
// stderr.
func rubeola(args ...string) (int, string) {
	var out, errOut bytes.Buffer
	return cli.Execute(args, &out, &errOut), errOut.String()
}

// TestRunFileVariant runs run.toml through the command line (what a binary
// registering W and ImmunityLoss does), resumes it from a snapshot, and
// finds the states.csv the Go program writes for the same model: the run
// file is the same variant without Go code, and resume declares W and
// rebuilds ImmunityLoss from the snapshot by their registered names.
func TestRunFileVariant(t *testing.T) {
	dir := t.TempDir()
	program := filepath.Join(dir, "program")
	require.NoError(t, os.MkdirAll(program, 0o755))
	require.NoError(t, run(&bytes.Buffer{}, program))
	want, err := os.ReadFile(filepath.Join(program, "states.csv"))
	require.NoError(t, err)

	whole := filepath.Join(dir, "whole")
	code, stderr := rubeola("run", "--config", "run.toml", "--out", whole, "--snapshot-every", "26", "--no-progress")
	require.Equal(t, 0, code, stderr)
	got, err := os.ReadFile(filepath.Join(whole, "states.csv"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the run file and the Go program are one model")
	assert.Contains(t, string(got), ",W,")

	resumed := filepath.Join(dir, "resumed")
	code, stderr = rubeola("resume", filepath.Join(whole, "snapshots", "tick-000026.snap"), "--out", resumed, "--no-progress")
	require.Equal(t, 0, code, stderr)
	got, err = os.ReadFile(filepath.Join(resumed, "states.csv"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "resumed from tick 26")
}

// TestRunFileErrors: an unknown compartment and an ImmunityLoss key error
// are named with their place in the run file, and nothing is written.
func TestRunFileErrors(t *testing.T) {
	cfg, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"compartment", `compartments = ["W"]`, `compartments = ["V"]`, `compartments[1]: unknown compartment "V"`},
		{"key", "to_waning = 0.02", "to_wanning = 0.02", `phases[4].to_wanning: unknown key (did you mean "to_waning"?)`},
		{"range", "to_waning = 0.02", "to_waning = 2", "ImmunityLoss: to_waning must be in [0, 1], got 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "bad.toml")
			require.NoError(t, os.WriteFile(path, bytes.Replace(cfg, []byte(tc.from), []byte(tc.to), 1), 0o644))
			out := filepath.Join(dir, "out")
			code, stderr := rubeola("run", "--config", path, "--out", out, "--no-progress")
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, out)
		})
	}
}

// TestComponentsListsTheVariant: `components` documents ImmunityLoss and
// the W compartment a run file may declare.
func TestComponentsListsTheVariant(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, cli.Execute([]string{"components"}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "## ImmunityLoss")
	assert.Contains(t, out.String(), "| `to_waning` | number | `0.02` |  | probability per tick")
	assert.Contains(t, out.String(), "| `W` | `main.Waning` |")
}

// TestValidateReachesInitialize: ImmunityLoss checks in Initialize that the
// model declares W. validate said ok for a run file without the
// declaration and run then failed with exit 1 (issue 24); both now refuse
// it with exit 2, as validate initialises every component.
func TestValidateReachesInitialize(t *testing.T) {
	cfg, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	dir := t.TempDir()
	path := filepath.Join(dir, "undeclared.toml")
	require.NoError(t, os.WriteFile(path, bytes.Replace(cfg, []byte(`compartments = ["W"]`), nil, 1), 0o644))
	const want = "rubeola: initialize ImmunityLoss: "
	code, stderr := rubeola("validate", "--config", path)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, want)
	assert.Contains(t, stderr, `ImmunityLoss: ecs: unknown state "W" (states are ["S" "I" "R"]) (declare it: compartments = ["W"] in a run file`)
	out := filepath.Join(dir, "out")
	code, stderr = rubeola("run", "--config", path, "--out", out, "--no-progress")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, want)
	assert.NoDirExists(t, out)

	code, stderr = rubeola("validate", "--config", "run.toml")
	assert.Equal(t, 0, code, stderr)
}
