package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/sweep/slurm"
)

// slurmTestSweep is a sweep of 2 × 3 = 6 small points (6 grid towns, 10
// ticks); %s is replaced by the [sweep] table's extra lines.
const slurmTestSweep = `
[scenario]
builder = "grid"
rows = 2
cols = 3
pop = 20000

[params]
start_time = "2000-01"
num_ticks = 10
seed = 5

[[phases]]
type = "InitializeEquilibriumStates"
R0 = 8

[[phases]]
type = "ImportationPressure"

[[phases]]
type = "Infection"

[[phases]]
type = "StateTracker"

[[phases]]
type = "FadeOutTracker"

[sweep]
mode = "grid"
"phases.Infection.beta" = [0.4, 0.8]
"params.seed" = { from = 1, to = 3 }
`

// slurmTestPoints is the number of points of slurmTestSweep (2 betas × 3
// seeds).
const slurmTestPoints = 6

func TestSweepSlurmCommand(t *testing.T) {
	// A stand-in binary: the command checks only that it is executable.
	fakeBin := func(t *testing.T, dir string) string {
		path := writeFile(t, dir, "rubeola", "#!/bin/sh\n")
		require.NoError(t, os.Chmod(path, 0o755))
		return path
	}
	tests := []struct {
		name    string
		sweep   string // sweep file content; "" = slurmTestSweep
		args    []string
		prepare func(t *testing.T, out string)
		want    []string // stderr parts of a refusal (exit 2); none = success
	}{
		{name: "ok", args: []string{"--shards", "2", "--time", "10:00", "--cpus", "2"}},
		{name: "one shard per point", args: []string{"--shards", "6"}},
		{name: "scripts of an earlier call are replaced", args: []string{"--shards", "3"}, prepare: func(t *testing.T, out string) {
			require.NoError(t, os.MkdirAll(filepath.Join(out, "slurm", "logs"), 0o755))
			require.NoError(t, os.MkdirAll(filepath.Join(out, "shards", "s000"), 0o755))
		}},
		{name: "more shards than points", args: []string{"--shards", "7"}, want: []string{"--shards 7 is more than the 6 points"}},
		{name: "no shards", args: nil, want: []string{`required flag(s) "shards" not set`}},
		{name: "bad time and cpus together", args: []string{"--shards", "2", "--time", "1:75:00", "--cpus", "0"},
			want: []string{"--time", "field 2 is 75", "--cpus is 0"}},
		{name: "bad sweep value", sweep: slurmTestSweep + `"phases.Infection.seasonality" = [0.1, 7]` + "\n", args: []string{"--shards", "2"},
			want: []string{"phases.Infection.seasonality"}},
		{name: "foreign non-empty out", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			require.NoError(t, os.MkdirAll(out, 0o755))
			writeFile(t, out, "notes.txt", "mine")
		}, want: []string{"not a sweep directory (it has notes.txt)"}},
		{name: "binary not executable", args: []string{"--shards", "2", "--rubeola", "/dev/null/rubeola"}, want: []string{"--rubeola /dev/null/rubeola is not an executable file"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			content := tc.sweep
			if content == "" {
				content = slurmTestSweep
			}
			file := writeFile(t, dir, "beta.toml", content)
			out := filepath.Join(dir, "out")
			if tc.prepare != nil {
				tc.prepare(t, out)
			}
			args := append([]string{"sweep", "slurm", file, "--out", out, "--rubeola", fakeBin(t, dir)}, tc.args...)
			code, stdout, stderr := runCLI(t, args...)
			if len(tc.want) > 0 {
				assert.Equal(t, exitValidation, code, stderr)
				for _, w := range tc.want {
					assert.Contains(t, stderr, w)
				}
				_, err := os.Stat(filepath.Join(slurm.Dir(out), slurm.SubmitScript))
				assert.ErrorIs(t, err, os.ErrNotExist, "a refusal writes no script")
				return
			}
			require.Equal(t, 0, code, stderr)
			for _, name := range []string{slurm.SweepScript, slurm.MergeScript, slurm.SubmitScript} {
				assert.FileExists(t, filepath.Join(slurm.Dir(out), name))
			}
			assert.Contains(t, stdout, "rubeola sweep slurm: 6 points in ")
			assert.Contains(t, stdout, "submit with:\n  "+slurm.ShellQuote(filepath.Join(slurm.Dir(out), slurm.SubmitScript))+"\n")
			sweepScript, err := os.ReadFile(filepath.Join(slurm.Dir(out), slurm.SweepScript))
			require.NoError(t, err)
			assert.Contains(t, string(sweepScript), "#SBATCH --job-name=rubeola-beta\n")
		})
	}
}

func TestSweepSlurmDefaultBinary(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "beta.toml", slurmTestSweep)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "sweep", "slurm", file, "--out", out, "--shards", "2")
	require.Equal(t, 0, code, stderr)
	exe, err := os.Executable()
	require.NoError(t, err)
	exe, err = filepath.EvalSymlinks(exe)
	require.NoError(t, err)
	script, err := os.ReadFile(filepath.Join(slurm.Dir(out), slurm.SweepScript))
	require.NoError(t, err)
	assert.Contains(t, string(script), "\nrubeola="+slurm.ShellQuote(exe)+"\n", "the jobs run the executable that wrote the scripts")
}
