package plot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRenderBadFiles corrupts one file of a good run at a time: Render
// must name the file, row and column, and leave an existing plots
// directory as it was.
func TestRenderBadFiles(t *testing.T) {
	const header = "tick,date,patch_id,state,count\n"
	for _, tc := range []struct {
		name, file, content string
		row                 int
		column, msg         string
	}{
		{"count not an integer", "states.csv", header + "0,2000-01-01,a,S,5\n0,2000-01-01,a,I,x1\n", 2, "count", `"x1" is not an integer`},
		{"negative count", "cases.csv", header + "0,2000-01-01,a,cases,-3\n", 1, "count", "negative count -3"},
		{"bad date", "population.csv", header + "0,2000-13-01,a,N,5\n", 1, "date", "not a date YYYY-MM-DD"},
		{"two dates for one tick", "states.csv", header + "0,2000-01-01,a,S,5\n0,2000-01-15,b,S,5\n", 2, "date", "differs from 2000-01-01"},
		{"tick out of range", "states.csv", header + "-1,2000-01-01,a,S,5\n", 1, "tick", "outside [0, 1000000)"},
		{"missing tick", "states.csv", header + "0,2000-01-01,a,S,5\n2,2000-01-29,a,S,5\n", 2, "tick", "tick 2 where tick 1 was expected next"},
		{"huge tick", "cases.csv", header + "999999,2000-01-01,a,cases,5\n", 1, "tick", "tick 999999 where tick 0 was expected next"},
		{"ensemble tick gap", "ensemble/states.csv",
			"tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n1,2000-01-15,all_patches,I,5,1,2,3,4,6\n", 1, "tick", "tick 1 where tick 0 was expected next"},
		{"missing column", "states.csv", "tick,date,patch_id,state\n0,2000-01-01,a,S\n", 0, "", `no column "count"`},
		{"ragged row", "states.csv", header + "0,2000-01-01,a,S\n", 1, "", "wrong number of fields"},
		{"empty table", "states.csv", "", 0, "", "empty file"},
		{"no rows", "cases.csv", header, 0, "", "no rows"},
		{"timing not an integer", "timing.csv", "tick,A\n0,12\n1,1.5\n", 2, "A", `"1.5" is not a non-negative integer`},
		{"timing header", "timing.csv", "phase,A\n0,12\n", 0, "", "expected tick,<phase names…>"},
		{"summary not JSON", "summary.json", "{", 0, "", "not a run summary"},
		{"not Parquet", "cases.parquet", "PAR1 but not really", 0, "", "not a readable Parquet file"},
		{"ensemble quantiles decrease", "ensemble/states.csv",
			"tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n0,2000-01-01,all_patches,I,5,1,2,3,2.5,6\n", 1, "q75", "below q50 = 3"},
		{"ensemble not a number", "ensemble/states.csv",
			"tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n0,2000-01-01,all_patches,I,5,1,2,NaN,4,6\n", 1, "q50", `"NaN" is not a finite number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeRun(t, fixture{patches: 3, ticks: 6, seed: 1, perPatch: true, cases: true, timing: true, ensemble: true})
			path := filepath.Join(dir, tc.file)
			// A .parquet file replaces the run's .csv (CSV is read first).
			require.NoError(t, os.RemoveAll(strings.TrimSuffix(path, ".parquet")+".csv"))
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			out := filepath.Join(dir, "plots")
			require.NoError(t, os.Mkdir(out, 0o755))
			marker := filepath.Join(out, "earlier.png")
			require.NoError(t, os.WriteFile(marker, []byte("earlier"), 0o644))

			_, err := Render(dir, out, Options{})
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, path, ie.File)
			assert.Equal(t, tc.row, ie.Row)
			assert.Equal(t, tc.column, ie.Column)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Contains(t, err.Error(), path)

			entries, err := os.ReadDir(out)
			require.NoError(t, err)
			require.Len(t, entries, 1, "the plots directory is untouched")
			assert.Equal(t, "earlier.png", entries[0].Name())
			siblings, err := os.ReadDir(dir)
			require.NoError(t, err)
			for _, e := range siblings {
				assert.NotContains(t, e.Name(), ".tmp-", "no staging directory left")
			}
		})
	}
}

// TestRenderBadParquetColumn reads a Parquet table whose count column
// holds strings: the error names the file, the first row and the column.
func TestRenderBadParquetColumn(t *testing.T) {
	type wrongRow struct {
		Tick    int32  `parquet:"tick"`
		Date    int32  `parquet:"date,date"`
		PatchID string `parquet:"patch_id"`
		State   string `parquet:"state"`
		Count   string `parquet:"count"`
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "states.parquet")
	writeParquet(t, path, []wrongRow{{0, 10957, "a", "S", "12"}})
	_, err := Render(dir, filepath.Join(dir, "plots"), Options{})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, InputError{File: path, Row: 1, Column: "count"}, InputError{File: ie.File, Row: ie.Row, Column: ie.Column})
	assert.Contains(t, err.Error(), "expected an integer")
	assert.NoDirExists(t, filepath.Join(dir, "plots"))
}

// TestRenderReplacesPlots draws twice into the same directory: the second
// call replaces the first's files (a stale picture would mislead).
func TestRenderReplacesPlots(t *testing.T) {
	dir := writeRun(t, fixture{patches: 3, ticks: 6, seed: 1, timing: true})
	out := filepath.Join(dir, "plots")
	require.NoError(t, os.Mkdir(out, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(out, "stale.png"), nil, 0o644))
	res, err := Render(dir, out, small)
	require.NoError(t, err)
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	assert.Len(t, entries, len(res.Files), "only this call's pictures")
	assert.NoFileExists(t, filepath.Join(out, "stale.png"))
}
