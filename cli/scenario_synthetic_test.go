package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

func TestScenarioSynthetic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "s.csv")
	code, stdout, stderr := runCLI(t, "scenario", "synthetic", "--patches", "500", "--seed", "9", "--out", out)
	require.Equal(t, 0, code, stderr)
	got, err := scenario.LoadCSV(out)
	require.NoError(t, err)
	want, err := scenario.Clustered(500, 9, scenario.DefaultClusteredOptions())
	require.NoError(t, err)
	assert.Equal(t, want, got, "the file reads back as the builder's table")
	assert.Contains(t, stdout, out+": 500 patches, total population ")

	code, _, stderr = runCLI(t, "scenario", "synthetic", "--patches", "500", "--out", out)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "exists (use --force to replace it)")
	code, _, stderr = runCLI(t, "scenario", "synthetic", "--patches", "500", "--out", out, "--force")
	assert.Equal(t, 0, code, stderr)
}

// TestScenarioSyntheticParquet: --out F.parquet writes Parquet (issue 27),
// which reads back as the builder's table and runs with --scenario F.parquet
// to the same outputs as the CSV of the same table.
func TestScenarioSyntheticParquet(t *testing.T) {
	dir := t.TempDir()
	pq, csv := filepath.Join(dir, "s.parquet"), filepath.Join(dir, "s.csv")
	for _, out := range []string{pq, csv} {
		code, _, stderr := runCLI(t, "scenario", "synthetic", "--patches", "300", "--seed", "4", "--out", out)
		require.Equal(t, 0, code, stderr)
	}
	got, err := scenario.LoadParquet(pq)
	require.NoError(t, err)
	want, err := scenario.Clustered(300, 4, scenario.DefaultClusteredOptions())
	require.NoError(t, err)
	assert.Equal(t, want, got)

	for _, in := range []string{pq, csv} {
		code, _, stderr := runCLI(t, "run", "--scenario", in, "--ticks", "4", "--no-progress", "--out", in+".out")
		require.Equal(t, 0, code, stderr)
	}
	assert.Equal(t, readString(t, filepath.Join(csv+".out", "states.csv")), readString(t, filepath.Join(pq+".out", "states.csv")))
}

func TestScenarioSyntheticBadFlags(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "s.csv")
	file := writeFile(t, dir, "file", "")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no patches", []string{"--out", out}, "rubeola: --patches 0: want 1 to 1048576"},
		{"too many", []string{"--patches", "1048577", "--out", out}, "--patches 1048577: want 1 to 1048576"},
		{"not a number", []string{"--patches", "1e6", "--out", out}, `invalid argument "1e6" for "--patches"`},
		{"bad seed", []string{"--patches", "5", "--seed", "-1", "--out", out}, `invalid argument "-1" for "--seed"`},
		{"no out", []string{"--patches", "5"}, "scenario synthetic: --out FILE is required"},
		{"unwritable", []string{"--patches", "5", "--out", filepath.Join(file, "s.csv")}, "--out " + filepath.Join(file, "s.csv") + ": cannot write there: not a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append([]string{"scenario", "synthetic"}, tc.args...)...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
			assert.NoFileExists(t, out)
			assert.NoFileExists(t, filepath.Join(dir, "s.parquet"))
		})
	}
}
