package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// The three hostile inputs of issue 14, each refused with exit 2, one line
// per problem on stderr and nothing written, instead of a panic, an
// out-of-memory crash or a silent resume.

// requireRefused checks exit 2, the stderr lines and that out was not
// created.
func requireRefused(t *testing.T, out string, code int, stderr string, want ...string) {
	t.Helper()
	assert.Equal(t, 2, code, stderr)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, line := range lines {
		assert.True(t, strings.HasPrefix(line, "rubeola: "), "one line per problem: %q", line)
	}
	for _, w := range want {
		assert.Contains(t, stderr, w)
	}
	assert.NotContains(t, stderr, "panic")
	_, err := os.Stat(out)
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing written")
}

// TestRunRefusesPopAbove2To53: issue 14's first input died with "panic:
// rng.Binomial: n = 4611686018427387904 exceeds the supported maximum 2^53".
func TestRunRefusesPopAbove2To53(t *testing.T) {
	dir := t.TempDir()
	scn := writeFile(t, dir, "huge.csv", "id,pop,lat,lon,mcv1\nA,1000,51.5,-0.1,0.5\nB,4611686018427387904,51.6,-0.2,0.5\n")
	cfg := writeFile(t, dir, "run.toml", "scenario = \"huge.csv\"\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"scenario flag", []string{"--scenario", scn}, "rubeola: " + scn + `: row 2, column "pop": "4611686018427387904": must be <= 9007199254740992 (2^53)` + "\n"},
		{"run file", []string{"--config", cfg}, `huge.csv: row 2, column "pop": "4611686018427387904": must be <= 9007199254740992 (2^53)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, _, stderr := runCLI(t, append([]string{"run", "--no-progress", "--out", out}, tc.args...)...)
			requireRefused(t, out, code, stderr, tc.want)
		})
	}
	code, _, stderr := runCLI(t, "validate", "--scenario", scn)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `must be <= 9007199254740992 (2^53)`)
}

// TestRunRefusesTicksThatCannotFit: issue 14's second input died with
// "fatal error: runtime: out of memory".
func TestRunRefusesTicksThatCannotFit(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--out", out, "--ticks", "1000000000")
	// The default run stores 88 bytes per tick (StateTracker 3·8, timing
	// table 5·8 + 24): 88 GB for 10^9 ticks, more than this machine (and
	// any CI runner) has available; its 100 patches' factored D is 40 kB.
	requireRefused(t, out, code, stderr,
		"rubeola: a run of 1000000000 ticks needs 88.0 GB for what it sizes before it starts (tracker storage and the timing table for every tick, the mixing matrix), more than the ",
		"rubeola: InfectionProcess mixing: 100 patches × 100 patches × 4 B = 40.0 kB\n",
		"rubeola: StateTracker: 3 states × 1 group × 1000000000 ticks × 8 B = 24.0 GB\n",
		"rubeola: timing table: 5 columns × 1000000000 ticks × 8 B = 40.0 GB\n",
		"rubeola: timing table rows: 1000000000 ticks × 24 B = 24.0 GB\n",
		"--max-memory")

	t.Run("set limit", func(t *testing.T) {
		out := filepath.Join(dir, "out-limit")
		// 1000 ticks need 88 kB, and the mixing 40 kB: refused under 50kB.
		code, _, stderr := runCLI(t, "run", "--no-progress", "--out", out, "--ticks", "1000", "--max-memory", "50kB")
		requireRefused(t, out, code, stderr, "needs 128 kB", "more than the 50.0 kB allowed (set by --max-memory / model.WithMemoryLimit)")
	})
	t.Run("bad size", func(t *testing.T) {
		out := filepath.Join(dir, "out-bad")
		code, _, stderr := runCLI(t, "run", "--no-progress", "--out", out, "--max-memory", "lots")
		requireRefused(t, out, code, stderr, `rubeola: --max-memory: "lots" is not a size`)
	})
	t.Run("limit raised", func(t *testing.T) {
		out := filepath.Join(dir, "out-ok")
		code, _, stderr := runCLI(t, "run", "--no-progress", "--out", out, "--ticks", "3", "--max-memory", "1GiB")
		require.Equal(t, 0, code, stderr)
	})
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"1000", 1000}, {"64GB", 64e9}, {"64 gb", 64e9}, {"1.5TiB", 1.5 * (1 << 40)}, {"512MiB", 512 << 20}, {"10kB", 10e3}, {"7B", 7},
	} {
		got, err := parseSize(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	for _, bad := range []string{"", "GB", "-1GB", "0", "1e30TB", "NaN", "12 parsecs"} {
		_, err := parseSize(bad)
		assert.Error(t, err, bad)
	}
}

// TestResumeRefusesEditedSnapshot: issue 14's third input (S[0] = -5,
// re-gzipped) resumed without a word.
func TestResumeRefusesEditedSnapshot(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--out", whole, "--ticks", "4", "--snapshot-every", "2")
	require.Equal(t, 0, code, stderr)
	snap := filepath.Join(whole, "snapshots", "tick-000002.snap")
	raw, err := os.ReadFile(snap)
	require.NoError(t, err)
	data, err := testkit.EditGzipJSON(raw, func(f map[string]any) {
		f["states"].(map[string]any)["S"].([]any)[0] = json.Number("-5")
	})
	require.NoError(t, err)
	edited := writeFile(t, dir, "edited.snap", string(data))

	out := filepath.Join(dir, "resumed")
	code, _, stderr = runCLI(t, "resume", edited, "--no-progress", "--out", out)
	requireRefused(t, out, code, stderr,
		"rubeola: snapshot "+edited+": states.S[0] = -5: must be in [0, 9007199254740992 (2^53)]\n")

	t.Run("extended beyond memory", func(t *testing.T) {
		out := filepath.Join(dir, "resumed-long")
		code, _, stderr := runCLI(t, "resume", snap, "--no-progress", "--out", out, "--ticks", "1000000000", "--max-memory", "1GB")
		requireRefused(t, out, code, stderr, "rubeola: snapshot "+snap+": a run of 1000000000 ticks needs 88.0 GB")
	})
}

// TestValidateRefusesMixingThatCannotFit: a scenario whose mixing matrix
// cannot fit (issue 27's bad input "a grid too fine for memory"; before,
// 100 000 patches made validate and run die with the Go runtime's fatal
// "out of memory" in the factored build) is refused by the memory
// estimate before the build, exit 2, with the advice to stream. 3 000
// patches need 36 MB of factored D (4 B per N² entry): refused under a
// --max-memory of 10 MB, accepted with storage = "streaming".
func TestValidateRefusesMixingThatCannotFit(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "s.csv")
	code, _, stderr := runCLI(t, "scenario", "synthetic", "--patches", "3000", "--seed", "1", "--out", scn)
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(t, "validate", "--scenario", scn, "--max-memory", "10MB")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "rubeola: InfectionProcess mixing: 3000 patches × 3000 patches × 4 B = 36.0 MB\n")
	assert.Contains(t, stderr, `use the Infection's storage = "streaming"`)

	cfg := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(cfg, []byte("scenario = \"s.csv\"\n\n[[phases]]\ntype = \"Infection\"\nstorage = \"streaming\"\n\n[[phases]]\ntype = \"StateTracker\"\n"), 0o644))
	code, _, stderr = runCLI(t, "validate", "--config", cfg, "--max-memory", "10MB")
	assert.Equal(t, 0, code, stderr)
}
