package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs the CLI in-process and returns exit code, stdout and stderr.
func runCLI(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Execute(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// readString returns the content of the file at path.
func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

// TestDefaultRun runs `rubeola run` with no inputs (embedded scenario,
// default params: 365 ticks) into a fresh directory.
func TestDefaultRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rubeola-out")
	code, stdout, stderr := runCLI(t, "run", "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "100 patches")
	assert.Contains(t, stdout, "365 ticks")
	assert.Contains(t, stdout, "total infections:")
	assert.Contains(t, stdout, "peak:")
	assert.Contains(t, stdout, "wall time:")

	f, err := os.Open(filepath.Join(out, "states.csv"))
	require.NoError(t, err)
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, records[0])
	assert.Len(t, records, 1+365*3, "one row per tick and state")
	assert.Equal(t, []string{"0", "2000-01-01", "all_patches", "S"}, records[1][:4])

	var sum map[string]any
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	assert.Equal(t, float64(20250314), sum["seed"])
	for _, key := range []string{"inputs", "totals", "timing_us", "summary", "group_ids", "metadata"} {
		assert.Contains(t, sum, key)
	}
	timing := sum["timing_us"].(map[string]any)
	assert.Contains(t, timing, "InfectionProcess")
	_, err = os.Stat(filepath.Join(out, "timing.csv"))
	require.NoError(t, err)

	code, _, stderr = runCLI(t, "run", "--out", out, "--no-progress", "--ticks", "2")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "is not empty (use --force to replace it)")
	code, _, stderr = runCLI(t, "run", "--out", out, "--no-progress", "--ticks", "2", "--force")
	require.Equal(t, 0, code, stderr)
	data, err = os.ReadFile(filepath.Join(out, "states.csv"))
	require.NoError(t, err)
	assert.Equal(t, 1+2*3, strings.Count(string(data), "\n"))
}

func TestRunPerPatchWithInputs(t *testing.T) {
	dir := t.TempDir()
	scn := writeFile(t, dir, "towns.csv", "id,pop,lat,lon,mcv1,note\nA,50000,51.5,-0.1,0.5,x\nB,20000,52.2,0.1,0.8,y\n")
	prm := writeFile(t, dir, "params.toml", "num_ticks = 4\nseed = 7\nstart_time = \"2010-03\"\n")
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "run", "--scenario", scn, "--params", prm, "--out", out, "--per-patch", "--no-progress", "--seed", "9")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "2 patches")
	data, err := os.ReadFile(filepath.Join(out, "states.csv"))
	require.NoError(t, err)
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	assert.Len(t, records, 1+4*3*2)
	assert.Equal(t, []string{"0", "2010-03-01", "A", "S"}, records[1][:4])
	assert.Equal(t, "B", records[2][2])
	var sum map[string]any
	data, err = os.ReadFile(filepath.Join(out, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	assert.Equal(t, float64(9), sum["seed"], "flags override the params file")
}

func TestRunRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	badScn := writeFile(t, dir, "bad.csv", "id,pop,lat,lon,mcv1\nA,12a,51.5,-0.1,0.5\nA,100,95,-0.1,1.5\n")
	badParams := writeFile(t, dir, "p.json", `{"nticks": 5}`)
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"bad scenario", []string{"--scenario", badScn},
			[]string{`row 1, column "pop": "12a" is not an integer`, `row 2, column "id": "A" duplicates row 1`, `row 2, column "lat"`, `row 2, column "mcv1"`}},
		{"unknown param key", []string{"--params", badParams}, []string{`unknown key "nticks" (did you mean "num_ticks"?)`}},
		{"missing file", []string{"--scenario", filepath.Join(dir, "none.csv")}, []string{"none.csv"}},
		{"negative ticks", []string{"--ticks", "-1"}, []string{"--ticks must be >= 0"}},
		{"unknown flag", []string{"--tick", "3"}, []string{"unknown flag"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, _, stderr := runCLI(t, append([]string{"run", "--no-progress", "--out", out}, tc.args...)...)
			assert.Equal(t, 2, code)
			for _, w := range tc.want {
				assert.Contains(t, stderr, w)
			}
			for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
				assert.True(t, strings.HasPrefix(line, "rubeola: "), "one line per problem: %q", line)
			}
			_, err := os.Stat(out)
			assert.ErrorIs(t, err, os.ErrNotExist, "nothing written")
		})
	}
}

func TestValidate(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.csv", "id,pop,lat,lon,mcv1\nA,1000,51.5,-0.1,0.5\nB,2000,52,0,0.5\nC,1500,53,1,0\n")
	code, stdout, stderr := runCLI(t, "validate", "--scenario", good)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "3 patches, total population 4500")

	bad := writeFile(t, dir, "bad.csv", "id,population,lat,lon,mcv1\nA,1000,51.5,-0.1,0.5\n")
	code, _, stderr = runCLI(t, "validate", "--scenario", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `missing required column "pop"`)

	code, _, _ = runCLI(t, "validate")
	assert.Equal(t, 2, code)
}

func TestVersion(t *testing.T) {
	code, stdout, _ := runCLI(t, "version")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(stdout, "rubeola "))
}

// TestValidateCaseWindowAgainstTheStep: `validate` refuses what `run` would
// refuse at initialisation, an aggregate_days that is no multiple of the
// model's tick (7 days in the biweekly model), naming the run file and the
// entry; it said "ok" and run then failed with exit code 1.
func TestValidateCaseWindowAgainstTheStep(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", `scenario = { builder = "two_patch" }
[[phases]]
type = "StateTracker"
[[phases]]
type = "CaseSurveillanceTracker"
aggregate_days = 7
`)
	code, _, stderr := runCLI(t, "validate", "--config", cfg)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "run.toml: phases[2] (CaseSurveillanceTracker): CaseSurveillanceTracker: aggregate_days = 7 must be a positive multiple of the model's time step (14 days)")
	code, _, stderr = runCLI(t, "run", "--config", cfg, "--out", filepath.Join(dir, "out"), "--no-progress")
	assert.Equal(t, 2, code, "a validation error, not a failed run")
	assert.Contains(t, stderr, "aggregate_days = 7 must be a positive multiple")

	// The compartmental model takes it, for new cases; its I is a prevalence, so
	// summing the default count = "I" over a week is refused.
	daily := writeFile(t, dir, "daily.toml", "model = \"compartmental\"\n"+`scenario = { builder = "two_patch" }
[[phases]]
type = "Infection"
[[phases]]
type = "StateTracker"
[[phases]]
type = "CaseSurveillanceTracker"
aggregate_days = 7
count = "incidence"
`)
	code, _, stderr = runCLI(t, "validate", "--config", daily)
	assert.Equal(t, 0, code, stderr)
	prevalence := writeFile(t, dir, "prevalence.toml", strings.Replace(readString(t, daily), "count = \"incidence\"\n", "", 1))
	code, _, stderr = runCLI(t, "validate", "--config", prevalence)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `prevalence.toml: phases[3] (CaseSurveillanceTracker): CaseSurveillanceTracker: count = "I" with aggregate_days = 7: in a model with E, I is the number of infectious people each day`)
}

// TestResumeBirthsTableFromAnotherDirectory: a run whose VitalDynamics reads
// a births table named relative to its run file, started from the run
// file's directory with relative paths, resumes from its snapshot in any
// working directory (the snapshot stored "births.csv" and resume looked for
// it in the working directory: "open births.csv: no such file or
// directory"), and the resumed run writes the uninterrupted run's tables.
func TestResumeBirthsTableFromAnotherDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "births.csv", "id,year,births,deaths\npatch_1,2000,3000,900\npatch_1,2001,4000,900\npatch_2,2000,1000,500\npatch_2,2001,1500,500\n")
	writeFile(t, dir, "run.toml", `model = "compartmental"
scenario = { builder = "two_patch" }
[params]
num_ticks = 60
[[phases]]
type = "InfectionSeeding"
num_infections = 20
[[phases]]
type = "Infection"
[[phases]]
type = "VitalDynamics"
births = "births.csv"
deaths = "births.csv"
cohort = { share = 0.5, day = "01-20" }
[[phases]]
type = "StateTracker"
aggregation_level = -2
`)
	t.Chdir(dir)
	code, _, stderr := runCLI(t, "run", "--config", "run.toml", "--out", "out", "--snapshot-every", "30", "--no-progress")
	require.Equal(t, 0, code, stderr)
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	code, _, stderr = runCLI(t, "resume", filepath.Join(dir, "out", "snapshots", "tick-000030.snap"), "--out", "resumed", "--no-progress")
	require.Equal(t, 0, code, stderr)
	want, err := os.ReadFile(filepath.Join(dir, "out", "states.csv"))
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(elsewhere, "resumed", "states.csv"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}
