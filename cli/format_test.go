package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tidyTables are the tidy tables trackerRunFile's run writes (without
// extension), in the order the summary lists them.
var tidyTables = []string{"states", "states-2", "population", "cases", "fadeouts"}

// parquetRow is a row of a single-tracker tidy Parquet file.
type parquetRow struct {
	Tick    int32  `parquet:"tick"`
	Date    int32  `parquet:"date"`
	PatchID string `parquet:"patch_id"`
	State   string `parquet:"state"`
	Count   int64  `parquet:"count"`
}

// readParquet reads a tidy Parquet file as CSV records (header first), so
// it compares with readCSV's.
func readParquet(t *testing.T, path string) [][]string {
	t.Helper()
	records := [][]string{{"tick", "date", "patch_id", "state", "count"}}
	for _, r := range readParquetRows[parquetRow](t, path) {
		records = append(records, append(parquetLabels(r.Tick, r.Date, r.PatchID, r.State), strconv.FormatInt(r.Count, 10)))
	}
	return records
}

// readParquetRows reads a whole Parquet file as rows of type T.
func readParquetRows[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	info, err := f.Stat()
	require.NoError(t, err)
	rows, err := parquet.Read[T](f, info.Size())
	require.NoError(t, err)
	return rows
}

// parquetLabels formats a row's labels as the CSV writer does (date is a
// Parquet DATE: days since 1970-01-01).
func parquetLabels(tick, date int32, patchID, state string) []string {
	epoch := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	return []string{strconv.Itoa(int(tick)), epoch.AddDate(0, 0, int(date)).Format(time.DateOnly), patchID, state}
}

// TestRunFormats: --format parquet writes the same tidy tables as CSV
// (values equal, read back with parquet-go), summary.json and timing.csv
// unchanged; the run file's [output] format picks Parquet and --format
// overrides it; `resume --format parquet` writes the uninterrupted run's
// Parquet files byte for byte.
func TestRunFormats(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	cfgParquet := writeFile(t, dir, "run-parquet.toml", trackerRunFile+"\n[output]\nformat = \"parquet\"\n")
	csvOut := filepath.Join(dir, "csv")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", csvOut, "--snapshot-every", "4")
	require.Equal(t, 0, code, stderr)

	tests := []struct {
		name string
		args []string
		ext  string
	}{
		{"--format parquet", []string{"--config", cfg, "--format", "parquet"}, ".parquet"},
		{"--format csv", []string{"--config", cfg, "--format", "csv"}, ".csv"},
		{"run file [output] format", []string{"--config", cfgParquet}, ".parquet"},
		{"--format overrides the run file", []string{"--config", cfgParquet, "--format", "csv"}, ".csv"},
	}
	for k, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strconv.Itoa(k))
			code, stdout, stderr := runCLI(t, append([]string{"run", "--out", out}, tc.args...)...)
			require.Equal(t, 0, code, stderr)
			names := []string{"states" + tc.ext, "summary.json", "timing.csv"}
			for _, base := range tidyTables[1:] {
				names = append(names, base+tc.ext)
			}
			assert.Contains(t, stdout, "{"+strings.Join(names, ",")+"}")
			entries, err := os.ReadDir(out)
			require.NoError(t, err)
			assert.Len(t, entries, len(names), "no other file")
			for _, base := range tidyTables {
				want := readCSV(t, filepath.Join(csvOut, base+".csv"))
				if tc.ext == ".parquet" {
					assert.Equal(t, want, readParquet(t, filepath.Join(out, base+".parquet")), base)
				} else {
					assert.Equal(t, want, readCSV(t, filepath.Join(out, base+".csv")), base)
				}
			}
			assert.Equal(t, comparableSummary(t, filepath.Join(csvOut, "summary.json")), comparableSummary(t, filepath.Join(out, "summary.json")))
		})
	}

	t.Run("resume --format parquet", func(t *testing.T) {
		whole := filepath.Join(dir, "out-0") // the --format parquet run
		out := filepath.Join(dir, "resumed")
		code, stdout, stderr := runCLI(t, "resume", filepath.Join(csvOut, "snapshots", "tick-000008.snap"), "--out", out,
			"--no-progress", "--format", "parquet")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "states.parquet,summary.json,timing.csv")
		for _, base := range tidyTables {
			want, err := os.ReadFile(filepath.Join(whole, base+".parquet"))
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(out, base+".parquet"))
			require.NoError(t, err)
			assert.Equal(t, want, got, base)
		}
	})
}

// TestFormatErrors: a bad --format (run and resume) or run-file format is a
// validation error (exit 2) naming the flag or TOML path, and an output
// path that cannot be a directory is a clear error; nothing is written.
func TestFormatErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", trackerRunFile)
	bad := writeFile(t, dir, "bad.toml", trackerRunFile+"\n[output]\nformat = \"xlsx\"\n")
	snapOut := filepath.Join(dir, "snap")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", snapOut, "--snapshot-every", "12")
	require.Equal(t, 0, code, stderr)
	snap := filepath.Join(snapOut, "snapshots", "tick-000012.snap")
	notDir := writeFile(t, dir, "plain-file", "x")

	tests := []struct {
		name string
		args []string
		out  string
		want string
	}{
		{"run --format", []string{"run", "--config", cfg, "--format", "xlsx"}, "out", `--format: "xlsx" is not csv or parquet`},
		{"resume --format", []string{"resume", snap, "--format", "Parquet"}, "out", `--format: "Parquet" is not csv or parquet`},
		{"run file format", []string{"run", "--config", bad}, "out", `bad.toml: output.format: "xlsx" is not csv or parquet`},
		{"output under a file", []string{"run", "--config", cfg}, filepath.Join("plain-file", "out"), "not a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.out)
			code, _, stderr := runCLI(t, append(tc.args, "--out", out, "--no-progress")...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, out)
		})
	}
	data, err := os.ReadFile(notDir)
	require.NoError(t, err)
	assert.Equal(t, "x", string(data), "the file in the way is untouched")
}
