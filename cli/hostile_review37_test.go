package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testmount"
	"github.com/rubeola/rubeola/internal/tmpname"
)

// Hostile inputs of issue 37 ("Hostile input, round three").

// TestFitCountsBounded: every count a fit file or the fit command takes
// is bounded (docs/limits.md). `[profile] n = 1000000000` died with a Go
// out-of-memory trace, n = 2^62 with a makeslice panic, starts = 10⁹ grew
// to 5.6 GB before dying, and a billion filters or iterations ran without
// end; each is now refused at once, exit 2, nothing written.
func TestFitCountsBounded(t *testing.T) {
	profile := func(values string) string { return fitTestProfile(values) }
	tests := []struct {
		name   string
		tables string
		args   []string
		want   string
	}{
		{name: "profile n = 1e9", tables: profile("from = 25\nto = 60\nn = 1000000000"),
			want: "fit.toml: profile.n: must be at most 10000, got 1000000000 (see docs/limits.md)"},
		{name: "profile n = 2^62", tables: profile("from = 25\nto = 60\nn = 4611686018427387904"),
			want: "fit.toml: profile.n: must be at most 10000, got 4611686018427387904"},
		{name: "profile starts = 1e9", tables: profile("values = [30, 50]\nstarts = 1000000000"),
			want: "fit.toml: profile.starts: must be at most 1000, got 1000000000"},
		{name: "profile values × starts", tables: profile("from = 25\nto = 60\nn = 10000\nstarts = 11"),
			want: "fit.toml: profile.starts: 10000 values × 11 starts = 110000 searches, more than 100000"},
		{name: "iterations = 1e9", tables: strings.Replace(fitTestIF2, "iterations = 2", "iterations = 1000000000", 1),
			want: "fit.toml: fit.iterations: must be at most 10000, got 1000000000"},
		{name: "--filters 1e9", tables: `method = "pfilter"`, args: []string{"--filters", "1000000000"},
			want: "--filters must be from 1 to 1000, got 1000000000"},
		{name: "--particles above 2^24", tables: `method = "pfilter"`, args: []string{"--particles", "16777217"},
			want: "--particles must be from 1 to 16777216, got 16777217"},
		// 2^24 particles (the documented maximum) × 1 kB (fit.BytesPerParticle)
		// = 16.8 GB, against a limit of 1 GB.
		{name: "memory estimate", tables: `method = "pfilter"`, args: []string{"--particles", "16777216", "--max-memory", "1GB"},
			want: "the fit needs 16.8 GB for its particles (16777216 particles × 1 place × 1.00 kB = 16.8 GB), more than the 1.00 GB allowed (set by --max-memory)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := fitFixture(t, dir, `method = "pfilter"`)
			writeFile(t, dir, "fit.toml", fmt.Sprintf(fitTestFile, tc.tables))
			out := filepath.Join(dir, "out")
			begin := time.Now()
			code, stdout, stderr := runCLI(t, append([]string{"fit", file, "--out", out}, tc.args...)...)
			// The bound: refused in at most 2 s.
			assert.Less(t, time.Since(begin), 2*time.Second)
			assert.Empty(t, stdout)
			requireRefused(t, out, code, stderr, tc.want)
		})
	}
	// The memory check can be turned off, and a bound is not a refusal of
	// what lies within it: 2^24 particles pass the checks (not run here:
	// --particles is also refused when the fit file is broken, so the
	// bad --filters shows that the --particles value itself was accepted).
	dir := t.TempDir()
	file := fitFixture(t, dir, `method = "pfilter"`)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "fit", file, "--out", out, "--particles", "16777216", "--max-memory", "off", "--filters", "0")
	require.Equal(t, 2, code)
	assert.NotContains(t, stderr, "--particles")
	assert.NotContains(t, stderr, "the fit needs")
}

// TestFitMergeRefusesMixedGrids: shards of two profiles with different
// grids (the same number of points, different values) merged with exit 0
// into one profile.csv and an MCAP interval; their files now carry the
// profile's grid and merge refuses them, exit 2, nothing written.
func TestFitMergeRefusesMixedGrids(t *testing.T) {
	dir := t.TempDir()
	// Two profiles of 4 values each: 25…40 and 30…45 (same size, so only
	// the grid tells them apart). One iteration keeps the test short.
	tables := func(from, to int) string {
		return strings.Replace(fitTestProfile(fmt.Sprintf("from = %d\nto = %d\nn = 4", from, to)), "iterations = 2", "iterations = 1", 1)
	}
	fileA := fitFixture(t, t.TempDir(), tables(25, 40))
	fileB := fitFixture(t, t.TempDir(), tables(30, 45))
	shardA := filepath.Join(dir, "shard-a")
	shardB := filepath.Join(dir, "shard-b")
	code, _, stderr := runCLI(t, "fit", fileA, "--shard", "0/2", "--out", shardA, "--no-progress")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(t, "fit", fileB, "--shard", "1/2", "--out", shardB, "--no-progress")
	require.Equal(t, 0, code, stderr)
	merged := filepath.Join(dir, "merged")
	code, stdout, stderr := runCLI(t, "fit", "merge", "--out", merged, shardA, shardB)
	assert.Empty(t, stdout)
	requireRefused(t, merged, code, stderr, "shards of two profiles (their fit files' [profile] values or starts differ")
}

// TestRunRefusesMountPoint: issue 37 item 1. `run --out M --force` with M
// a mount point holding a file ran the whole run, then deleted the file
// and failed with "unlinkat M: device or resource busy". It is refused
// before the run (exit 2) and the file stays. A real tmpfs mount: the test
// skips where mounting is not allowed (the detection and the commit's
// EBUSY are tested without one in package output).
func TestRunRefusesMountPoint(t *testing.T) {
	mnt := testmount.Tmpfs(t)
	keep := writeFile(t, mnt, "keep.txt", "precious")
	for _, args := range [][]string{{"--force"}, nil} {
		code, stdout, stderr := runCLI(t, append([]string{"run", "--no-progress", "--ticks", "5", "--out", mnt}, args...)...)
		assert.Equal(t, 2, code, stderr)
		assert.Empty(t, stdout)
		assert.Contains(t, stderr, "is a mount point")
		assert.Equal(t, "precious", readString(t, keep), "the file is still there")
	}
	// A folder inside the mount point works.
	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "5", "--out", filepath.Join(mnt, "out"))
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(mnt, "out", "states.csv"))
}

// TestOutHoldingOnlyStaleTemporary: issue 37 item 8. An output folder
// holding only a temporary a killed rubeola left (its process gone)
// counted as non-empty and needed --force; it counts as empty now and is
// replaced. A live process's temporary still counts.
func TestOutHoldingOnlyStaleTemporary(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	require.NoError(t, os.Mkdir(out, 0o755))
	// A temporary named for this process, renamed to a finished process's
	// id: what kill -9 leaves.
	f, err := os.CreateTemp(out, tmpname.Pattern("tick-000010.snap"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	own := fmt.Sprintf(".tmp-%d.", os.Getpid())
	stale := filepath.Join(out, strings.Replace(filepath.Base(f.Name()), own, fmt.Sprintf(".tmp-%d.", dead.Process.Pid), 1))
	require.NoError(t, os.Rename(f.Name(), stale))

	code, _, stderr := runCLI(t, "run", "--no-progress", "--ticks", "5", "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(out, "states.csv"))
	assert.NoFileExists(t, stale, "replaced with the folder")

	// A live process's temporary (this one's) is not stale.
	out2 := filepath.Join(t.TempDir(), "out")
	require.NoError(t, os.Mkdir(out2, 0o755))
	live, err := os.CreateTemp(out2, tmpname.Pattern("x"))
	require.NoError(t, err)
	require.NoError(t, live.Close())
	code, _, stderr = runCLI(t, "run", "--no-progress", "--ticks", "5", "--out", out2)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "is not empty (use --force to replace it)")
}

// TestLateRefusalsMadeEarly: issue 37 item 6. `pyramid ISO3 2200`
// downloaded the WPP file before the documented 1950–2100 range was
// checked: the year is refused first (exit 2, no request: the URL here
// refuses connections). A download that fails during a run's setup is a
// network failure, exit 1 as `rubeola --help` says, not bad input (2).
func TestLateRefusalsMadeEarly(t *testing.T) {
	const deadURL = "http://127.0.0.1:1/wpp.csv" // port 1: connection refused
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, year := range []string{"2200", "1949", "NaN"} {
		code, stdout, stderr := runCLI(t, "pyramid", "NGA", year, "--url", deadURL, "--no-progress", "--cache-dir", t.TempDir())
		assert.Equal(t, 2, code, stderr)
		assert.Empty(t, stdout)
		assert.Contains(t, stderr, "pyramid: YEAR: year out of range")
		assert.NotContains(t, stderr, "GET", "no download tried")
	}

	t.Setenv("RUBEOLA_WPP_URL", deadURL)
	// A run file's WPPVitalDynamics year outside 1950–2100 is refused by
	// validation, before the download is tried (exit 2, no "connection
	// refused").
	for _, year := range []string{"2200", "1949"} {
		file := writeFile(t, t.TempDir(), "wpp.toml", wppRunFile("2000-01", 60, `country_code = "aaa"`, "year = "+year))
		out := filepath.Join(t.TempDir(), "out")
		code, _, stderr := runCLI(t, "run", "--config", file, "--out", out, "--no-progress")
		assert.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "year = "+year+" is outside the population prospects' years 1950–2100")
		assert.NotContains(t, stderr, "connection refused", "no download tried")
		assert.NoDirExists(t, out)
	}
	file := writeFile(t, t.TempDir(), "wpp.toml", wppRunFile("2000-01", 60, `country_code = "aaa"`, "year = 2000"))
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI(t, "run", "--config", file, "--out", out, "--no-progress")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stderr, "connection refused")
	assert.NoDirExists(t, out)
}

// TestFitResume: issue 37 item 8. A fit killed mid-way could not be
// resumed. It saves a checkpoint after every IF2 iteration and profile
// point; a fit stopped after iteration 2 of 4 (or profile point 1 of 3)
// and run again with --resume writes the uninterrupted fit's trace.csv and
// mle.json (profile.csv), timing fields aside, and removes its checkpoint.
func TestFitResume(t *testing.T) {
	if2 := strings.Replace(fitTestIF2, "iterations = 2", "iterations = 4", 1)
	for _, tc := range []struct {
		name, tables string
		stopAfter    func(c *fitCheckpoint) bool
		files        []string
	}{
		{"if2", if2, func(c *fitCheckpoint) bool { return c.IF2 != nil && len(c.IF2.Trace) == 2 }, []string{"trace.csv", "mle.json", "simulated.csv"}},
		{"profile", strings.Replace(fitTestProfile("values = [30, 40, 50]"), "iterations = 2", "iterations = 1", 1),
			func(c *fitCheckpoint) bool { return len(c.Points) == 1 }, []string{"profile.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := fitFixture(t, dir, tc.tables)
			whole := filepath.Join(dir, "whole")
			code, _, stderr := runCLI(t, "fit", file, "--out", whole, "--no-plot")
			require.Equal(t, 0, code, stderr)
			assert.NoFileExists(t, filepath.Join(whole, ".fit-checkpoint"), "removed once the fit succeeded")

			out := filepath.Join(dir, "out")
			checkpointSaved = func(c *fitCheckpoint) error {
				if tc.stopAfter(c) {
					return errors.New("killed")
				}
				return nil
			}
			code, _, stderr = runCLI(t, "fit", file, "--out", out, "--no-plot")
			checkpointSaved = func(*fitCheckpoint) error { return nil }
			require.Equal(t, 1, code, stderr)
			assert.FileExists(t, filepath.Join(out, ".fit-checkpoint"))
			assert.NoDirExists(t, filepath.Join(out, "fit"))

			code, _, stderr = runCLI(t, "fit", file, "--out", out, "--no-plot", "--resume")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "resuming")
			assert.NoFileExists(t, filepath.Join(out, ".fit-checkpoint"))
			for _, name := range tc.files {
				a, b := filepath.Join(whole, "fit", name), filepath.Join(out, "fit", name)
				if strings.HasSuffix(name, ".json") {
					// Wall times differ between any two fits.
					assert.Equal(t, readJSON(t, a, "if2_seconds", "eval_seconds"),
						readJSON(t, b, "if2_seconds", "eval_seconds"), name)
					continue
				}
				assert.Equal(t, readString(t, a), readString(t, b), name)
			}
		})
	}

	// A checkpoint of another fit is refused with --resume (exit 2).
	dir := t.TempDir()
	file := fitFixture(t, dir, if2)
	out := filepath.Join(dir, "out")
	checkpointSaved = func(c *fitCheckpoint) error { return errors.New("killed") }
	code, _, _ := runCLI(t, "fit", file, "--out", out, "--no-plot")
	checkpointSaved = func(*fitCheckpoint) error { return nil }
	require.Equal(t, 1, code)
	code, _, stderr := runCLI(t, "fit", file, "--out", out, "--no-plot", "--resume", "--seed", "9")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "belongs to another fit")
}

// TestRowSumsCapPolicy: issue 37 item 5(c). A run whose gravity rows sum
// above 1 (villages beside a city at the reference's k = 0.01) is refused
// with the keys that fix it; with row_sums = "cap" it runs and
// summary.json reports the share of rows capped.
func TestRowSumsCapPolicy(t *testing.T) {
	dir := t.TempDir()
	scn := writeFile(t, dir, "scn.csv", "id,pop,lat,lon,mcv1\ncity,1000000,0,0,0.5\nv1,10,0,0.01,0.5\nv2,10,0.01,0,0.5\n")
	run := func(policy string) string {
		return writeFile(t, dir, "run-"+policy+".toml", fmt.Sprintf(`scenario = %q
[[phases]]
type = "Infection"
mixer = { type = "gravity", k = 0.01%s }

[[phases]]
type = "StateTracker"
`, scn, policy))
	}
	out := filepath.Join(dir, "refused")
	code, _, stderr := runCLI(t, "run", "--config", run(""), "--ticks", "2", "--out", out, "--no-progress")
	requireRefused(t, out, code, stderr, `migration row 1 ("v1") sums to`, `or set row_sums = "cap" in the mixer table`)

	out = filepath.Join(dir, "capped")
	code, _, stderr = runCLI(t, "run", "--config", run(`, row_sums = "cap"`), "--ticks", "2", "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	summary := readJSON(t, filepath.Join(out, "summary.json"))
	assert.InDelta(t, 2.0/3, summary["migration_rows_capped"], 1e-15, "2 of 3 rows")

	// The default policy reports nothing.
	out = filepath.Join(dir, "default")
	code, _, stderr = runCLI(t, "run", "--ticks", "2", "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, readJSON(t, filepath.Join(out, "summary.json")), "migration_rows_capped")
}

// TestValidateRefusesTotalBirthsPass2To53: issue 37 item 8. Two patches of
// 2^52 people (a total of exactly 2^53, a valid scenario) passed validate;
// the first tick's births then took the total past 2^53 and the run
// stopped with exit 1. VitalDynamics refuses it when the model starts, in
// validate and run alike (exit 2, nothing written).
func TestValidateRefusesTotalBirthsPass2To53(t *testing.T) {
	scn := writeFile(t, t.TempDir(), "s.csv", "id,pop,lat,lon,mcv1\na,4503599627370496,0,0,0.5\nb,4503599627370496,1,1,0.5\n")
	// 2^53 × 4.54e-4, the net growth of one 14-day tick at the crude rates
	// 20 and 8 per 1000 and year.
	const want = "initialize VitalDynamicsProcess: the total population 9007199254740992 grows by about 4090765701992 in one tick " +
		"(crude_birth_rate 20, crude_death_rate 8), past 9007199254740992 (2^53)"
	code, stdout, stderr := runCLI(t, "validate", "--scenario", scn)
	assert.Equal(t, 2, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, want)
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr = runCLI(t, "run", "--scenario", scn, "--ticks", "1", "--out", out, "--no-progress")
	requireRefused(t, out, code, stderr, want)
}
