package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/output"
)

// Hostile inputs found when issue 26 was re-checked as its reporter, after
// the fixes of its nine items.

// TestSnapshotEveryBeyondTicks: `run --ticks 10 --snapshot-every 20` saves
// no snapshot; it made an empty DIR/snapshots before the first tick, and
// the outputs then refused to replace the "non-empty" DIR (exit 1, outputs
// lost, the empty folder left behind).
func TestSnapshotEveryBeyondTicks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "10", "--snapshot-every", "20", "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(out, "states.csv"))
	assert.NoDirExists(t, filepath.Join(out, output.SnapshotDir), "no snapshot was due, so no folder")

	// K dividing the ticks still saves them (10 ticks, K = 5: ticks 5 and 10).
	out2 := filepath.Join(t.TempDir(), "out")
	code, _, stderr = runCLI(t, "run", "--no-progress", "--ticks", "10", "--snapshot-every", "5", "--out", out2)
	require.Equal(t, 0, code, stderr)
	entries, err := os.ReadDir(filepath.Join(out2, output.SnapshotDir))
	require.NoError(t, err)
	assert.Len(t, entries, 2)
}

// TestTextInputsBounded: TOML and JSON inputs were read whole before any
// bound (`run --config /dev/zero` was killed by the kernel at 22 GB, a
// 200 MB params JSON took 17 s and 2 GB); each is now refused once past
// nesting.MaxBytes (1 MiB), naming the file, exit 2, nothing written.
func TestTextInputsBounded(t *testing.T) {
	dir := t.TempDir()
	// One byte past 1 MiB (nesting.MaxBytes): a comment for TOML, a string
	// for JSON.
	const size = 1<<20 + 1
	bigTOML := writeFile(t, dir, "big.toml", "#"+strings.Repeat("x", size)+"\n")
	bigJSON := writeFile(t, dir, "big.json", `{"start_time": "`+strings.Repeat("a", size)+`"}`)
	const msg = ": larger than 1 MiB (rubeola reads at most 1 MiB of a TOML or JSON file; see docs/limits.md)"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"run file", []string{"run", "--config", bigTOML}, bigTOML + msg},
		{"params TOML", []string{"run", "--params", bigTOML}, bigTOML + ": params" + msg},
		{"params JSON", []string{"run", "--params", bigJSON}, bigJSON + ": params" + msg},
		{"sweep file", []string{"sweep", bigTOML}, bigTOML + msg},
		{"fit file", []string{"fit", bigTOML}, bigTOML + msg},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, _, stderr := runCLI(t, append(tc.args, "--out", out)...)
			requireRefused(t, out, code, stderr, tc.want)
		})
	}
}

// TestRunFileProblemsBounded: a run file of a million unknown tables
// printed a million lines; the first 50 are listed, then a count.
func TestRunFileProblemsBounded(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for k := range 60 { // 10 more than the 50 listed (csvin.MaxProblems)
		fmt.Fprintf(&b, "[t%d]\n", k)
	}
	cfg := writeFile(t, dir, "run.toml", b.String())
	code, _, stderr := runCLI(t, "validate", "--config", cfg)
	assert.Equal(t, 2, code)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	require.Len(t, lines, 51, stderr)
	assert.Equal(t, "rubeola: … and 10 more problems", lines[50])
}

// TestOutUnderRegularFile: an --out that cannot be made (here under a
// regular file; a read-only parent is the same error for a user who is
// not root) made sweep, fit and plot fail after their inputs were checked
// (exit 1, "mkdir k/.plots.tmp-…: permission denied", naming a hidden
// temporary path); it is bad input: exit 2, naming the path typed.
func TestOutUnderRegularFile(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "file", "x")
	runDir := filepath.Join(dir, "run")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "5", "--out", runDir)
	require.Equal(t, 0, code, stderr)
	fitFile := fitFixture(t, t.TempDir(), fitSlurmProfile)
	under := filepath.Join(file, "out")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"sweep", []string{"sweep", filepath.Join("..", "docs", "sweep-example.toml"), "--no-progress", "--out", under}, "--out " + under + ": cannot write there: not a directory"},
		{"sweep slurm", []string{"sweep", "slurm", filepath.Join("..", "docs", "sweep-example.toml"), "--shards", "2", "--out", under}, under + ": cannot write there: not a directory"},
		{"fit", []string{"fit", fitFile, "--no-progress", "--no-plot", "--out", under}, filepath.Join(under, fitDir) + ": not a directory"},
		{"plot", []string{"plot", runDir, "--out", under}, "--out " + under + ": cannot write there: not a directory"},
		{"plot into a file", []string{"plot", runDir, "--out", file}, "--out " + file + ": cannot write there: " + file + " is not a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.NotContains(t, stderr, ".tmp-")
			content, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.Equal(t, "x", string(content), "the file is left as it was")
		})
	}
}
