package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/cli"
)

// timingKey matches summary.json's wall-clock keys, which differ from run
// to run: the rule of `scripts/golden.sh compare` (timing_us, init_us,
// *_seconds, rates per second, elapsed times).
var timingKey = regexp.MustCompile(`timing|_us$|seconds|per_second|elapsed`)

// TestSameFilesAsTheCommandLine runs `rubeola run --config FILE` (through
// the cli package's entry point) and this program on the same run file
// into two directories and checks that they hold the same files,
// byte-identical apart from timing: timing.csv is skipped and summary.json
// compared without its timing keys ([timingKey]). The run files: run.toml
// (a single run, CSV), the same as a Parquet run, and as an ensemble of 3
// replicates with keep_replicates.
func TestSameFilesAsTheCommandLine(t *testing.T) {
	base, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	tests := []struct {
		name  string
		extra string // appended to run.toml
		want  []string
	}{
		{"single", "", []string{"states.csv", "summary.json", "timing.csv", "population.csv", "cases.csv", "fadeouts.csv"}},
		{"parquet", "\n[output]\nformat = \"parquet\"\n", []string{"states.parquet", "summary.json", "population.parquet"}},
		{"ensemble", "\n[ensemble]\nreplicates = 3\nkeep_replicates = true\n",
			[]string{"ensemble/states.csv", "ensemble/summary.json", "replicates/r000/summary.json", "replicates/r000/cases.csv"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			config := filepath.Join(dir, "run.toml")
			require.NoError(t, os.WriteFile(config, append(bytes.Clone(base), tt.extra...), 0o644))
			fromCLI, fromGo := filepath.Join(dir, "cli"), filepath.Join(dir, "go")
			var stdout, stderr bytes.Buffer
			code := cli.Execute([]string{"run", "--config", config, "--out", fromCLI}, &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			files, err := run(context.Background(), config, fromGo, false, io.Discard)
			require.NoError(t, err)
			for _, name := range tt.want {
				assert.Contains(t, files, name)
			}
			assertSameFiles(t, fromCLI, fromGo)
		})
	}
}

// TestRefusesARunFileWithoutScenario: the command line's embedded default
// scenario is its own; the program says the file names none.
func TestRefusesARunFileWithoutScenario(t *testing.T) {
	config := filepath.Join(t.TempDir(), "run.toml")
	require.NoError(t, os.WriteFile(config, []byte("[params]\nnum_ticks = 2\n"), 0o644))
	_, err := run(context.Background(), config, filepath.Join(t.TempDir(), "out"), false, io.Discard)
	require.ErrorContains(t, err, config+" names no scenario")
}

// assertSameFiles checks that directories a and b hold the same files with
// the same bytes, timing aside (see [TestSameFilesAsTheCommandLine]).
func assertSameFiles(t *testing.T, a, b string) {
	t.Helper()
	names := func(dir string) []string {
		var out []string
		require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, path)
				out = append(out, filepath.ToSlash(rel))
			}
			return err
		}))
		return out
	}
	listA := names(a)
	require.Equal(t, listA, names(b), "the same files")
	for _, rel := range listA {
		if filepath.Base(rel) == "timing.csv" {
			continue
		}
		dataA, err := os.ReadFile(filepath.Join(a, rel))
		require.NoError(t, err)
		dataB, err := os.ReadFile(filepath.Join(b, rel))
		require.NoError(t, err)
		if filepath.Base(rel) == "summary.json" {
			dataA, dataB = withoutTiming(t, dataA), withoutTiming(t, dataB)
		}
		assert.Equal(t, string(dataA), string(dataB), rel)
	}
}

// withoutTiming returns the JSON document data without the keys
// [timingKey] matches, at any depth, re-encoded.
func withoutTiming(t *testing.T, data []byte) []byte {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(data, &v))
	out, err := json.MarshalIndent(strip(v), "", "  ")
	require.NoError(t, err)
	return out
}

// strip removes the timing keys from v's objects, recursively.
func strip(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if timingKey.MatchString(k) {
				delete(v, k)
				continue
			}
			v[k] = strip(x)
		}
	case []any:
		for k, x := range v {
			v[k] = strip(x)
		}
	}
	return v
}
