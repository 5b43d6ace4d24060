package slurm

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/sweep"
)

// trickyName holds every character the quoting must survive: blanks, both
// quotes, $, #, %, a glob and a parenthesis.
const trickyName = `a b 'q' "d" $x #h 5% [*] (p)`

// fakeRubeola is a stand-in rubeola that records its arguments (NUL
// separated) and GOMAXPROCS in the files named by $FAKE_ARGS.
const fakeRubeola = `#!/bin/bash
printf '%s\0' "$@" >"$FAKE_ARGS"
printf '%s' "${GOMAXPROCS-unset}" >"$FAKE_ARGS.gomaxprocs"
`

// fakeSbatch is a stand-in sbatch: it appends its arguments (NUL separated,
// one call per line) to $FAKE_SBATCH_LOG and prints the next id from
// $FAKE_SBATCH_IDS; an id "fail" makes it fail.
const fakeSbatch = `#!/bin/bash
printf '%s\0' "$@" >>"$FAKE_SBATCH_LOG"
echo >>"$FAKE_SBATCH_LOG"
n=$(($(cat "$FAKE_SBATCH_LOG.count" 2>/dev/null || echo 0) + 1))
echo "$n" >"$FAKE_SBATCH_LOG.count"
read -ra ids <<<"$FAKE_SBATCH_IDS"
id=${ids[n - 1]}
[[ $id != fail ]] || { echo "sbatch: error: refused" >&2; exit 1; }
echo "$id"
`

// scriptCase is one set of options with the paths under a temporary root.
type scriptCase struct {
	name   string
	dir    string // directory name under the test's temp dir holding everything
	modify func(*Options)
}

var scriptCases = []scriptCase{
	{"plain paths, defaults", "plain", func(*Options) {}},
	{"tricky paths and every option", trickyName, func(o *Options) {
		o.Partition, o.Time, o.Account, o.Mem, o.Format, o.JobName = "short", "0-02:00:00", "proj", "2G", "parquet", `job "x" y`
		o.Workers = 1
	}},
	{"one shard", "one", func(o *Options) { o.Shards = 1 }},
}

// setup writes a fake rubeola under root/dir and returns resolved options
// for 3 shards and 2 CPUs there.
func setup(t *testing.T, tc scriptCase) Options {
	t.Helper()
	root := filepath.Join(t.TempDir(), tc.dir)
	require.NoError(t, os.MkdirAll(filepath.Join(root, "bin"), 0o755))
	bin := filepath.Join(root, "bin", "rubeola")
	require.NoError(t, os.WriteFile(bin, []byte(fakeRubeola), 0o755))
	o := Options{Sweep: filepath.Join(root, "sweep.toml"), Out: filepath.Join(root, "out"), Shards: 3, CPUs: 2, Rubeola: bin}
	tc.modify(&o)
	o, err := o.Resolve()
	require.NoError(t, err)
	return o
}

// written writes the scripts of setup's options and returns them with a
// file for the fake rubeola's arguments.
func written(t *testing.T, tc scriptCase) (Options, Paths, string) {
	t.Helper()
	o := setup(t, tc)
	p, err := Write(o)
	require.NoError(t, err)
	return o, p, filepath.Join(t.TempDir(), "args")
}

// directives parses a script's #SBATCH lines as sbatch does (arguments split
// at blanks outside double quotes, quotes dropped, a backslash takes the
// next character literally) into option → value.
func directives(t *testing.T, script string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, line := range strings.Split(script, "\n") {
		rest, ok := strings.CutPrefix(line, "#SBATCH ")
		if !ok {
			continue
		}
		var args []string
		var cur strings.Builder
		quoted, escaped, inArg := false, false, false
		for _, r := range rest {
			switch {
			case escaped:
				cur.WriteRune(r)
				escaped = false
			case r == '\\':
				escaped, inArg = true, true
			case r == '"':
				quoted, inArg = !quoted, true
			case !quoted && (r == ' ' || r == '\t'):
				if inArg {
					args = append(args, cur.String())
					cur.Reset()
					inArg = false
				}
			default:
				cur.WriteRune(r)
				inArg = true
			}
		}
		require.False(t, quoted || escaped, "unterminated #SBATCH line %q", line)
		if inArg {
			args = append(args, cur.String())
		}
		require.Len(t, args, 1, "#SBATCH line %q: one option per line", line)
		key, value, ok := strings.Cut(args[0], "=")
		require.True(t, ok, "#SBATCH line %q: --option=value", line)
		require.NotContains(t, got, key, "duplicate %s", key)
		got[key] = value
	}
	return got
}

// unpattern turns a Slurm log file name pattern back into the path of task
// (array job 12, task 1, job 12 for the merge): %% is %, %A and %j the job,
// %a the task.
func unpattern(p string) string {
	return strings.NewReplacer("%%", "%", "%A", "12", "%a", "1", "%j", "12").Replace(p)
}

// runScript runs script with bash, env added to the environment, and
// returns the combined output and error.
func runScript(t *testing.T, path string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", path)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// recordedArgs reads the NUL-separated arguments a fake wrote.
func recordedArgs(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
}

func TestScriptsSyntaxAndDirectives(t *testing.T) {
	for _, tc := range scriptCases {
		t.Run(tc.name, func(t *testing.T) {
			o := setup(t, tc)
			p, err := Write(o)
			require.NoError(t, err)
			for _, path := range []string{p.Sweep, p.Merge, p.Submit} {
				out, err := exec.Command("bash", "-n", path).CombinedOutput()
				require.NoError(t, err, "bash -n %s: %s", path, out)
				text, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Contains(t, string(text), "\nset -euo pipefail\n", path)
			}
			sweep, err := os.ReadFile(p.Sweep)
			require.NoError(t, err)
			merge, err := os.ReadFile(p.Merge)
			require.NoError(t, err)
			optional := map[string]string{"--partition": o.Partition, "--time": o.Time, "--account": o.Account, "--mem": o.Mem}
			for _, s := range []struct {
				name    string
				got     map[string]string
				want    map[string]string
				logName string
			}{
				{"sweep.sbatch", directives(t, string(sweep)), map[string]string{
					"--job-name": o.JobName, "--array": fmt.Sprintf("0-%d", o.Shards-1), "--ntasks": "1",
					"--cpus-per-task": fmt.Sprint(o.CPUs), "--chdir": o.Out,
				}, "sweep-12_1.out"},
				{"merge.sbatch", directives(t, string(merge)), map[string]string{
					"--job-name": o.JobName + "-merge", "--ntasks": "1", "--cpus-per-task": "1", "--chdir": o.Out,
				}, "merge-12.out"},
			} {
				want := s.want
				for k, v := range optional {
					if v != "" {
						want[k] = v
					}
				}
				want["--output"] = filepath.Join(LogDir(o.Out), s.logName)
				got := s.got
				got["--output"] = unpattern(got["--output"])
				assert.Equal(t, want, got, s.name)
			}
		})
	}
}

func TestSweepScriptRunsShard(t *testing.T) {
	for _, tc := range scriptCases {
		t.Run(tc.name, func(t *testing.T) {
			o, p, args := written(t, tc)
			task := o.Shards - 1
			out, err := runScript(t, p.Sweep, "FAKE_ARGS="+args, fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", task))
			require.NoError(t, err, out)
			want := []string{"sweep", o.Sweep, "--out", ShardDir(o.Out, task), "--shard", fmt.Sprintf("%d/%d", task, o.Shards), "--workers", fmt.Sprint(o.Workers)}
			if o.Format != "" {
				want = append(want, "--format", o.Format)
			}
			assert.Equal(t, want, recordedArgs(t, args))
			gomaxprocs, err := os.ReadFile(args + ".gomaxprocs")
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprint(o.CPUs), string(gomaxprocs))

			out, err = runScript(t, p.Sweep, "FAKE_ARGS="+args, "SLURM_ARRAY_TASK_ID=")
			require.Error(t, err, "outside an array task the script must refuse")
			assert.Contains(t, out, "runs as a task of a Slurm job array")
		})
	}
}

func TestMergeScriptListsEveryShard(t *testing.T) {
	for _, tc := range scriptCases {
		t.Run(tc.name, func(t *testing.T) {
			o, p, args := written(t, tc)
			out, err := runScript(t, p.Merge, "FAKE_ARGS="+args)
			require.Error(t, err, "without shard 0's manifest the merge cannot start")
			assert.Contains(t, out, filepath.Join("shards", "s000", sweep.ManifestName))

			// Any bytes stand for the manifest: the script copies, never reads it.
			manifest := []byte("{\"manifest\": \"of shard 0\"}\n")
			require.NoError(t, os.MkdirAll(ShardDir(o.Out, 0), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(ShardDir(o.Out, 0), sweep.ManifestName), manifest, 0o644))
			out, err = runScript(t, p.Merge, "FAKE_ARGS="+args)
			require.NoError(t, err, out)
			want := []string{"sweep", "merge", "--out", o.Out}
			for i := range o.Shards {
				want = append(want, ShardDir(o.Out, i))
			}
			assert.Equal(t, want, recordedArgs(t, args))
			got, err := os.ReadFile(filepath.Join(o.Out, sweep.ManifestName))
			require.NoError(t, err)
			assert.Equal(t, manifest, got, "DIR gets shard 0's manifest")

			own := []byte("{\"manifest\": \"of DIR\"}\n")
			require.NoError(t, os.WriteFile(filepath.Join(o.Out, sweep.ManifestName), own, 0o644))
			out, err = runScript(t, p.Merge, "FAKE_ARGS="+args)
			require.NoError(t, err, out)
			got, err = os.ReadFile(filepath.Join(o.Out, sweep.ManifestName))
			require.NoError(t, err)
			assert.Equal(t, own, got, "a manifest DIR has is left for merge to check")
		})
	}
}

func TestSubmitScript(t *testing.T) {
	tests := []struct {
		name    string
		ids     string // what the fake sbatch prints, call by call
		extra   []string
		wantErr string
	}{
		{"array then merge", "41 42", nil, ""},
		{"federated ids and extra arguments", "41;c1 42;c1", []string{"--qos=long", "--mail-type=END"}, ""},
		{"merge refused", "41 fail", nil, "cancel with: scancel 41"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := setup(t, scriptCases[1])
			p, err := Write(o)
			require.NoError(t, err)
			fakeBin := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(fakeBin, "sbatch"), []byte(fakeSbatch), 0o755))
			log := filepath.Join(t.TempDir(), "sbatch.log")
			require.NoError(t, os.RemoveAll(LogDir(o.Out)), "submit.sh recreates the log directory")
			cmd := exec.Command(p.Submit, tc.extra...)
			cmd.Env = append(os.Environ(), "PATH="+fakeBin+":"+os.Getenv("PATH"), "FAKE_SBATCH_LOG="+log, "FAKE_SBATCH_IDS="+tc.ids)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err = cmd.Run()
			assert.DirExists(t, LogDir(o.Out))
			logText, readErr := os.ReadFile(log)
			require.NoError(t, readErr)
			calls := strings.Split(strings.TrimSuffix(string(logText), "\n"), "\n")
			require.Len(t, calls, 2)
			argsOf := func(call string) []string { return strings.Split(strings.TrimSuffix(call, "\x00"), "\x00") }
			assert.Equal(t, append(append([]string{"--parsable"}, tc.extra...), p.Sweep), argsOf(calls[0]))
			assert.Equal(t, append(append([]string{"--parsable", "--dependency=afterok:41", "--kill-on-invalid-dep=yes"}, tc.extra...), p.Merge), argsOf(calls[1]))
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, stderr.String(), tc.wantErr)
				return
			}
			require.NoError(t, err, stderr.String())
			assert.Contains(t, stdout.String(), "sweep array job: 41 (3 tasks)\n")
			assert.Contains(t, stdout.String(), "merge job: 42 ")
		})
	}
}

func TestWriteModesAndReplace(t *testing.T) {
	o := setup(t, scriptCases[0])
	_, err := Write(o)
	require.NoError(t, err)
	o.Shards = 5
	p, err := Write(o)
	require.NoError(t, err, "writing again replaces the scripts")
	for path, mode := range map[string]os.FileMode{p.Sweep: 0o644, p.Merge: 0o644, p.Submit: 0o755} {
		info, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, mode, info.Mode().Perm(), path)
	}
	sweep, err := os.ReadFile(p.Sweep)
	require.NoError(t, err)
	assert.Contains(t, string(sweep), "\n#SBATCH --array=0-4\n")
	entries, err := os.ReadDir(Dir(o.Out))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"logs", SweepScript, MergeScript, SubmitScript}, names, "no temporary files remain")

	o.Time = "soon"
	_, err = Write(o)
	require.ErrorContains(t, err, "--time")
	again, err := os.ReadFile(p.Sweep)
	require.NoError(t, err)
	assert.Equal(t, sweep, again, "invalid options leave the scripts as they were")
}
