package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/sweep/slurm"
)

// fitSlurmProfile is the profile of the Slurm tests: 4 values × 2 starts
// = 8 points.
var fitSlurmProfile = fitTestProfile("values = [30, 40, 50, 60]\nstarts = 2")

// treeOf lists every file and folder under dir with its size (folders as
// "/"), to check that a refusal changed nothing.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			out[rel] = "/"
			return nil
		}
		data, err := os.ReadFile(path)
		out[rel] = string(data)
		return err
	}))
	return out
}

func TestFitSlurmCommand(t *testing.T) {
	// A stand-in binary: the command checks only that it is executable.
	fakeBin := func(t *testing.T, dir string) string {
		path := writeFile(t, dir, "rubeola", "#!/bin/sh\n")
		require.NoError(t, os.Chmod(path, 0o755))
		return path
	}
	mkdir := func(t *testing.T, parts ...string) string {
		dir := filepath.Join(parts...)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		return dir
	}
	// earlier writes what an earlier `rubeola fit slurm --shards 2` and its
	// jobs left: scripts, logs, both shards' results and the merged
	// profile.
	earlier := func(t *testing.T, out string) {
		writeFile(t, mkdir(t, out, "slurm", "logs"), "fit-7_0.out", "log")
		writeFile(t, filepath.Join(out, "slurm"), slurm.FitScript, "#!/bin/bash\n")
		for i := range 2 {
			writeFile(t, mkdir(t, slurm.ShardDir(out, i), "fit"), "profile-shard-"+string(rune('0'+i))+"-of-2.csv", "parameter\n")
		}
		writeFile(t, mkdir(t, out, "fit"), "profile.csv", "parameter\n")
	}
	tests := []struct {
		name    string
		tables  string // the fit file's method tables; "" = fitSlurmProfile
		broken  string // method tables that replace them after the fixture is built (a fit file that does not load)
		args    []string
		prepare func(t *testing.T, out string)
		want    []string // stderr parts of a refusal (exit 2); none = success
		stdout  []string // stdout parts of a success
	}{
		{name: "ok", args: []string{"--shards", "3", "--time", "10:00", "--cpus", "2", "--partition", "short", "--account", "proj", "--mem", "1G"},
			stdout: []string{"rubeola fit slurm: profile of r0, 8 points (4 values × 2 starts) in 3 shards (up to 3 points each; per task 2 CPUs)\n"}},
		{name: "one shard per point", args: []string{"--shards", "8"}, stdout: []string{"in 8 shards (up to 1 points each; per task 1 CPU)"}},
		{name: "empty out", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) { mkdir(t, out) }},
		{name: "an earlier output is accepted", args: []string{"--shards", "2", "--time", "1:00:00"}, prepare: earlier,
			stdout: []string{"note: shards 0,1 already have their results"}},
		{name: "only the logs folder of an earlier call", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			mkdir(t, slurm.LogDir(out))
		}},
		{name: "more shards than points", args: []string{"--shards", "9"},
			want: []string{"--shards 9 is more than the 8 profile points of", "(4 values × 2 starts; a shard would have nothing to run)"}},
		{name: "no shards", want: []string{`required flag(s) "shards" not set`}},
		{name: "every option problem at once", args: []string{"--shards", "0", "--time", "1:75:00", "--cpus", "0", "--mem", "4GB", "--partition", "a b"},
			want: []string{"--shards is 0", "--cpus is 0", "--time", "field 2 is 75", `--mem "4GB"`, `--partition "a b"`}},
		{name: "not a profile", tables: fitTestIF2, args: []string{"--shards", "2"},
			want: []string{`fit.toml has method = "if2": only a profile (method = "profile") runs in shards`}},
		{name: "not TOML", broken: fitSlurmProfile + "\n[fit]\n", args: []string{"--shards", "2"},
			want: []string{"fit.toml: not a valid TOML file"}},
		{name: "unknown key", broken: strings.Replace(fitSlurmProfile, "starts = 2", "start = 2", 1), args: []string{"--shards", "2"},
			want: []string{`fit.toml: profile.start: unknown key (did you mean "starts"?)`}},
		{name: "foreign non-empty out", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			writeFile(t, mkdir(t, out), "notes.txt", "mine")
		}, want: []string{"is not empty and not the directory of an earlier `rubeola fit slurm` (it has notes.txt; use another --out)"}},
		{name: "a plain fit output", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			writeFile(t, mkdir(t, out, "fit"), "profile.csv", "parameter\n")
		}, want: []string{"(it has fit/ but no slurm/fit.sbatch; use another --out)"}},
		{name: "a sweep's slurm output", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			writeFile(t, mkdir(t, out, "slurm"), slurm.SweepScript, "#!/bin/bash\n")
		}, want: []string{"(it has the scripts of `rubeola sweep slurm`; use another --out)"}},
		{name: "shards of another split", args: []string{"--shards", "4"}, prepare: earlier,
			want: []string{"profile-shard-0-of-2.csv is a shard of a split into 2, not --shards 4", "or use --shards 2)"}},
		{name: "out is a file", args: []string{"--shards", "2"}, prepare: func(t *testing.T, out string) {
			writeFile(t, filepath.Dir(out), filepath.Base(out), "x")
		}, want: []string{"--out "}},
		{name: "binary not executable", args: []string{"--shards", "2", "--rubeola", "/dev/null/rubeola"},
			want: []string{"--rubeola /dev/null/rubeola is not an executable file"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), `a "fit" $HOME's #1`)
			require.NoError(t, os.MkdirAll(dir, 0o755))
			tables := tc.tables
			if tables == "" {
				tables = fitSlurmProfile
			}
			file := fitFixture(t, dir, tables)
			if tc.broken != "" {
				writeFile(t, dir, "fit.toml", fmt.Sprintf(fitTestFile, tc.broken))
			}
			out := filepath.Join(dir, "out dir")
			if tc.prepare != nil {
				tc.prepare(t, out)
			}
			bin := fakeBin(t, dir)
			before := treeOf(t, dir)
			args := append([]string{"fit", "slurm", file, "--out", out, "--rubeola", bin}, tc.args...)
			code, stdout, stderr := runCLI(t, args...)
			if len(tc.want) > 0 {
				assert.Equal(t, exitValidation, code, stderr)
				assert.Empty(t, stdout)
				for _, w := range tc.want {
					assert.Contains(t, stderr, w)
				}
				assert.Equal(t, before, treeOf(t, dir), "a refusal writes nothing")
				return
			}
			require.Equal(t, 0, code, stderr)
			for _, w := range tc.stdout {
				assert.Contains(t, stdout, w)
			}
			submit := filepath.Join(slurm.Dir(out), slurm.SubmitScript)
			assert.Contains(t, stdout, "submit with:\n  "+slurm.ShellQuote(submit)+"\n")
			for _, name := range []string{slurm.FitScript, slurm.MergeScript, slurm.SubmitScript} {
				assert.FileExists(t, filepath.Join(slurm.Dir(out), name))
			}
			assert.NoFileExists(t, filepath.Join(slurm.Dir(out), slurm.SweepScript))
			array := readString(t, filepath.Join(slurm.Dir(out), slurm.FitScript))
			assert.Contains(t, array, "#SBATCH --job-name=rubeola-fit\n")
			assert.Contains(t, array, "\nfit="+slurm.ShellQuote(file)+"\n")
			assert.Contains(t, array, "\nout="+slurm.ShellQuote(out)+"\n")
			assert.Contains(t, array, "\nrubeola="+slurm.ShellQuote(bin)+"\n")
			assert.Contains(t, array, `exec "$rubeola" fit "$fit" --shard "$task/$shards" --out "$shard_dir" --workers "$cpus" --no-progress`)
			merge := readString(t, filepath.Join(slurm.Dir(out), slurm.MergeScript))
			assert.Contains(t, merge, `exec "$rubeola" fit merge --out "$out" "${shard_dirs[@]}"`)
			if tc.prepare != nil {
				for rel, content := range before {
					if top, _, _ := strings.Cut(rel, string(filepath.Separator)); top == "out dir" && !strings.HasPrefix(rel, filepath.Join("out dir", "slurm")) {
						assert.Equal(t, content, treeOf(t, dir)[rel], "%s is left alone", rel)
					}
				}
			}
		})
	}
}

func TestFitSlurmDefaults(t *testing.T) {
	dir := t.TempDir()
	file := fitFixture(t, dir, fitSlurmProfile)
	t.Chdir(dir)
	code, _, stderr := runCLI(t, "fit", "slurm", filepath.Base(file), "--shards", "2")
	require.Equal(t, 0, code, stderr)
	out := filepath.Join(dir, "rubeola-fit") // as `rubeola fit`
	exe, err := os.Executable()
	require.NoError(t, err)
	exe, err = filepath.EvalSymlinks(exe)
	require.NoError(t, err)
	array := readString(t, filepath.Join(slurm.Dir(out), slurm.FitScript))
	assert.Contains(t, array, "\nrubeola="+slurm.ShellQuote(exe)+"\n", "the jobs run the executable that wrote the scripts")
	assert.Contains(t, array, "\nfit="+slurm.ShellQuote(file)+"\n", "the fit file's path is made absolute")
	assert.Contains(t, array, "\ncpus=1\n")
	assert.NotContains(t, array, "--partition")
}
