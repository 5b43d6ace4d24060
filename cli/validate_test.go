package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coincidentScenario has two patches at the same coordinates: the gravity
// kernel (c = 1.5 > 0 in the standard schedule) cannot weigh distance 0,
// which only the mixing build, in Infection's Initialize, finds.
const coincidentScenario = "id,pop,lat,lon,mcv1\nA,1000,51.5,-0.1,0.5\nB,2000,51.5,-0.1,0.5\nC,1500,53,1,0\n"

// coincidentError is the line both validate and run print for it.
const coincidentError = `initialize InfectionProcess: mixing: gravity: patches 0 ("A") and 1 ("B") are at distance 0 (same location)`

// TestValidateReachesInitialize: issue 26 item 4 — validate said ok for two
// patches at the same coordinates and run then failed with exit 1 from the
// gravity build. Both now refuse it with exit 2 (run writing nothing), for
// a scenario flag, a run file and an ensemble run file.
func TestValidateReachesInitialize(t *testing.T) {
	dir := t.TempDir()
	scn := writeFile(t, dir, "coincident.csv", coincidentScenario)
	single := writeFile(t, dir, "run.toml", "scenario = \"coincident.csv\"\n")
	ensemble := writeFile(t, dir, "ensemble.toml", "scenario = \"coincident.csv\"\n[ensemble]\nreplicates = 3\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"scenario flag", []string{"--scenario", scn}, "rubeola: " + coincidentError},
		{"run file", []string{"--config", single}, "rubeola: " + coincidentError},
		// The ensemble's replicates differ only in their seed: validate
		// initialises the first, as the run does first.
		{"ensemble run file", []string{"--config", ensemble}, "rubeola: replicate 0: " + coincidentError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append([]string{"validate"}, tc.args...)...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout, "no ok line for inputs a run refuses")

			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, _, stderr = runCLI(t, append([]string{"run", "--no-progress", "--out", out}, tc.args...)...)
			requireRefused(t, out, code, stderr, tc.want)
		})
	}
}

// TestValidateChecksTrackerMemory: validate refuses what run's memory check
// (SPEC §9) refuses, and takes --max-memory as run does.
func TestValidateChecksTrackerMemory(t *testing.T) {
	dir := t.TempDir()
	// 10^9 ticks of the default schedule need 88 GB (see
	// TestRunRefusesTicksThatCannotFit), more than any test machine has.
	cfg := writeFile(t, dir, "long.toml", "scenario = { builder = \"two_patch\" }\n[params]\nnum_ticks = 1000000000\n")
	code, _, stderr := runCLI(t, "validate", "--config", cfg)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "rubeola: a run of 1000000000 ticks needs 88.0 GB")

	// 1000 ticks need 88 kB: refused under a 50kB limit, accepted without.
	short := writeFile(t, dir, "short.toml", "scenario = { builder = \"two_patch\" }\n[params]\nnum_ticks = 1000\n")
	code, _, stderr = runCLI(t, "validate", "--config", short, "--max-memory", "50kB")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "--max-memory")
	code, stdout, stderr := runCLI(t, "validate", "--config", short)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, short+": ok")
}

// TestValidateKeepReplicatesWithoutEnsemble: a run file's keep_replicates
// without replicates, which run refuses, is refused by validate too.
func TestValidateKeepReplicatesWithoutEnsemble(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "keep.toml", "scenario = { builder = \"two_patch\" }\n[ensemble]\nkeep_replicates = true\n")
	code, _, stderr := runCLI(t, "validate", "--config", cfg)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "ensemble.keep_replicates needs an ensemble")
}

// TestRunUnwritableOut: issue 26 item 5 — an --out the run cannot create
// its directory beside was exit 1 naming the hidden temporary directory
// (".out.tmp-…"); it is bad input naming the path given.
func TestRunUnwritableOut(t *testing.T) {
	out, reason := unwritableOut(t)
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "2", "--out", out)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "rubeola: --out "+out+": cannot write there: "+reason)
	assert.NotContains(t, stderr, ".tmp")
	assert.NoDirExists(t, out)
}

// unwritableOut returns a path whose parent exists and is a directory in
// which nothing can be created, and the reason the system gives: a
// read-only directory, or for root (whom permissions do not stop) a path
// in Linux's /proc.
func unwritableOut(t *testing.T) (path, reason string) {
	t.Helper()
	if os.Geteuid() != 0 {
		dir := filepath.Join(t.TempDir(), "read-only")
		require.NoError(t, os.Mkdir(dir, 0o555))
		return filepath.Join(dir, "out"), "permission denied"
	}
	if runtime.GOOS != "linux" {
		t.Skip("root can write anywhere outside Linux's /proc")
	}
	return "/proc/rubeola-test-out", "no such file or directory"
}

// TestResumeTicksBeforeSnapshot: issue 26 item 5 — resume --ticks shorter
// than the snapshot's tick named the Go option ("WithNumTicks(3)"); it
// names the flag, exit 2, nothing written.
func TestResumeTicksBeforeSnapshot(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "10", "--snapshot-every", "5", "--out", first)
	require.Equal(t, 0, code, stderr)
	out := filepath.Join(dir, "resumed")
	code, _, stderr = runCLI(t, "resume", filepath.Join(first, "snapshots", "tick-000010.snap"), "--ticks", "3", "--no-progress", "--out", out)
	requireRefused(t, out, code, stderr, "--ticks 3 is before the tick of snapshot")
}

// TestExitCodesDocumented: the root help and docs/outputs.md state the
// same exit codes (issue 26 item 5: make them agree).
func TestExitCodesDocumented(t *testing.T) {
	code, stdout, stderr := runCLI(t, "--help")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, exitCodesHelp)
	docs := readString(t, filepath.Join("..", "docs", "outputs.md"))
	assert.Contains(t, docs, strings.ReplaceAll(exitCodesHelp, "\n", " "))
	assert.Equal(t, []int{0, 1, 2}, []int{exitOK, exitRunError, exitValidation}, "the codes the text states")
}

// TestSummaryLambdaError: a run with the hierarchical force writes its
// measured λ error to summary.json (issue 27: lambda_error_max and
// lambda_error_mean, at most the default tolerance 1e−6) and --verbose
// prints it; an exact run's summary.json has neither key.
func TestSummaryLambdaError(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(cfg, []byte(`scenario = { builder = "random_n", n = 600, seed = 3 }

[params]
num_ticks = 5

[[phases]]
type = "InfectionSeeding"

[[phases]]
type = "Infection"
storage = "hierarchical"

[[phases]]
type = "StateTracker"
`), 0o644))
	out := filepath.Join(dir, "hier")
	code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--out", out, "--no-progress", "--verbose")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "lambda error (hierarchical force, measured on ")
	var sum map[string]any
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	require.Contains(t, sum, "lambda_error_max")
	assert.LessOrEqual(t, sum["lambda_error_max"].(float64), 1e-6)
	assert.LessOrEqual(t, sum["lambda_error_mean"].(float64), sum["lambda_error_max"].(float64))

	exact := filepath.Join(dir, "exact")
	code, _, stderr = runCLI(t, "run", "--ticks", "2", "--out", exact, "--no-progress")
	require.Equal(t, 0, code, stderr)
	data, err = os.ReadFile(filepath.Join(exact, "summary.json"))
	require.NoError(t, err)
	assert.NotContains(t, string(data), "lambda_error")
}
