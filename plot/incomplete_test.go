package plot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRenderIncompleteTick cuts a run's states table as a killed writer
// would (issue 26 item 7): inside the last tick, at a field boundary (the
// R rows of the last tick gone) or at a tick's end (fewer ticks than
// summary.json's num_ticks), in CSV and in Parquet. Render must refuse it
// with an *InputError naming the file, the tick and what is missing, and
// write no pictures.
func TestRenderIncompleteTick(t *testing.T) {
	// The fixture's 3 patches × 6 ticks of S, I, R per patch: the last
	// tick is 5 and holds 3 rows of each state.
	const patches, ticks = 3, 6
	for _, tc := range []struct {
		name    string
		parquet bool
		keep    func(r tidyRow) bool // rows kept
		summary int                  // num_ticks written into summary.json (0: none)
		msg     []string
	}{
		{"CSV cut before the last tick's R", false, func(r tidyRow) bool { return r.Tick < ticks-1 || r.State != "R" }, 0,
			[]string{"incomplete last tick 5", `no rows of state "R"`, "cut while it was written"}},
		{"CSV cut inside the last tick's I", false, func(r tidyRow) bool {
			return r.Tick < ticks-1 || r.State == "S" || (r.State == "I" && r.PatchID == patchID(0))
		}, 0,
			[]string{"incomplete last tick 5", `1 of the 3 rows of state "I"`, `no rows of state "R"`}},
		{"Parquet cut before the last tick's R", true, func(r tidyRow) bool { return r.Tick < ticks-1 || r.State != "R" }, 0,
			[]string{"incomplete last tick 5", `no rows of state "R"`}},
		{"CSV cut at a tick's end", false, func(r tidyRow) bool { return r.Tick < 4 }, ticks,
			[]string{"ends after tick 3", "says the run has 6 ticks"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeRun(t, fixture{patches: patches, ticks: ticks, seed: 1, perPatch: true, parquet: tc.parquet})
			ext := ".csv"
			if tc.parquet {
				ext = ".parquet"
			}
			path := filepath.Join(dir, "states"+ext)
			rows := readFixtureRows(t, path)
			var kept []tidyRow
			for _, r := range rows {
				if tc.keep(r) {
					kept = append(kept, r)
				}
			}
			require.Less(t, len(kept), len(rows), "the cut removes rows")
			require.NoError(t, os.Remove(path))
			writeTidyFile(t, path, kept)
			if tc.summary > 0 {
				data, err := json.Marshal(map[string]any{"num_ticks": tc.summary, "group_aggregation_level": -2, "inputs": map[string]any{"num_patches": patches}})
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, "summary.json"), data, 0o644))
			}
			out := filepath.Join(dir, "plots")
			_, err := Render(dir, out, small)
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, path, ie.File)
			for _, m := range tc.msg {
				assert.Contains(t, err.Error(), m)
			}
			assert.NoDirExists(t, out, "no pictures of a cut table")
		})
	}
}

// TestReadPopulationsStopsAtTickZero: the population table is read up to
// its first tick only, so a table whose later rows are not even valid
// (a cut or damaged tail) still gives tick 0's populations.
func TestReadPopulationsStopsAtTickZero(t *testing.T) {
	path := filepath.Join(t.TempDir(), "population.csv")
	content := "tick,date,patch_id,state,count\n0,2000-01-01,a,N,10\n0,2000-01-01,b,N,20\n1,2000-01-15,a,N,11\n" +
		strings.Repeat("not,a,tidy,row\n", 3) // never read: past tick 0
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	p, err := readPopulations(path)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"a": 10, "b": 20}, p.pop)
	assert.Equal(t, []string{"a", "b"}, p.ids)
}

// readFixtureRows reads back a tidy file written by writeTidyFile.
func readFixtureRows(t testing.TB, path string) []tidyRow {
	t.Helper()
	rec, err := openRecords(path, tidyColumns)
	require.NoError(t, err)
	defer rec.close()
	var rows []tidyRow
	for rec.next() {
		tick, date, err := tickAndDate(rec)
		require.NoError(t, err)
		count, err := rec.integer(4)
		require.NoError(t, err)
		rows = append(rows, tidyRow{int32(tick), int32(date.Unix() / 86400), rec.str(2), rec.str(3), count})
	}
	require.NoError(t, rec.err())
	return rows
}

// TestRenderRefusesCutLastLine: issue 37 item 4. states.csv cut 1–7 bytes
// from its end (inside the last number, or just its line feed) was drawn
// with the last count as the digits left (R = 5 for 5 680 038); a table
// whose last line has no line feed is now refused, naming the file and
// the row, and no pictures are written.
func TestRenderRefusesCutLastLine(t *testing.T) {
	for cut := 1; cut <= 7; cut++ {
		t.Run(strings.Repeat("x", cut), func(t *testing.T) {
			dir := writeRun(t, fixture{patches: 3, ticks: 6, seed: 1, perPatch: true})
			path := filepath.Join(dir, "states.csv")
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, data[:len(data)-cut], 0o644))
			out := filepath.Join(dir, "plots")
			_, err = Render(dir, out, small)
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, path, ie.File)
			assert.Contains(t, err.Error(), "the file ends inside this row (no line feed after it)")
			assert.NoDirExists(t, out, "no pictures of a cut table")
		})
	}
}
