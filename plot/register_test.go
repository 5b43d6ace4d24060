package plot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg/draw"
)

// withRegistry runs f with the registry emptied, and restores it after.
func withRegistry(t *testing.T, f func()) {
	t.Helper()
	registry.Lock()
	saved := registry.pictures
	registry.pictures = nil
	registry.Unlock()
	defer func() {
		registry.Lock()
		registry.pictures = saved
		registry.Unlock()
	}()
	f()
}

// TestRegisterPicture: a registered picture is drawn after the built-in
// ones from the run's tables (Run.Table); one whose input is missing is
// skipped with a note; a bad input file fails Render; bad names are
// refused.
func TestRegisterPicture(t *testing.T) {
	withRegistry(t, func() {
		var seen *Table
		require.NoError(t, RegisterPicture(Picture{Name: "my-cases", Build: func(r *Run) (func(draw.Canvas) error, error) {
			tab, err := r.Table("cases")
			if err != nil {
				return nil, err
			}
			seen = tab
			return func(c draw.Canvas) error { return nil }, nil
		}}))
		require.NoError(t, RegisterPicture(Picture{Name: "needs-extra", Build: func(r *Run) (func(draw.Canvas) error, error) {
			_, err := r.Table("extra")
			return nil, err
		}}))
		for _, bad := range []struct {
			p   Picture
			msg string
		}{
			{Picture{Name: "sir", Build: func(*Run) (func(draw.Canvas) error, error) { return nil, nil }}, "is a built-in picture's"},
			{Picture{Name: "table-x", Build: func(*Run) (func(draw.Canvas) error, error) { return nil, nil }}, "is a built-in picture's"},
			{Picture{Name: "a/b", Build: func(*Run) (func(draw.Canvas) error, error) { return nil, nil }}, `picture name "a/b"`},
			{Picture{Name: "nil-build"}, "has no Build function"},
			{Picture{Name: "my-cases", Build: func(*Run) (func(draw.Canvas) error, error) { return nil, nil }}, "already registered"},
		} {
			assert.ErrorContains(t, RegisterPicture(bad.p), bad.msg)
			assert.PanicsWithError(t, RegisterPicture(bad.p).Error(), func() { MustRegisterPicture(bad.p) })
		}

		dir := writeRun(t, fixture{patches: 3, ticks: 6, seed: 1, cases: true})
		res, err := Render(dir, filepath.Join(dir, "plots"), small)
		require.NoError(t, err)
		assert.Contains(t, res.Files, filepath.Join(dir, "plots", "my-cases.png"))
		assert.FileExists(t, filepath.Join(dir, "plots", "my-cases.png"))
		require.NotNil(t, seen)
		assert.Equal(t, []string{"cases"}, seen.States)
		assert.Len(t, seen.Ticks, 6)
		assert.Contains(t, res.Skipped, "needs-extra skipped: no extra.csv or extra.parquet in "+dir, "the note says skipped once")

		require.NoError(t, os.WriteFile(filepath.Join(dir, "extra.csv"), []byte("tick,date,patch_id,state,count\n0,2000-01-01,a,x,oops\n"), 0o644))
		_, err = Render(dir, filepath.Join(dir, "plots2"), small)
		var ie *InputError
		require.ErrorAs(t, err, &ie)
		assert.Equal(t, filepath.Join(dir, "extra.csv"), ie.File)
		assert.NoDirExists(t, filepath.Join(dir, "plots2"))
	})
}

// TestRenderUserTables: a user tracker's tidy table (float values, ticks
// sampled every 2) gets a table-NAME picture, in CSV and in Parquet; a CSV
// that is not a tidy table is noted and skipped; built-in tables are not
// user tables.
func TestRenderUserTables(t *testing.T) {
	for _, ext := range []string{".csv", ".parquet"} {
		t.Run(ext, func(t *testing.T) {
			dir := writeRun(t, fixture{patches: 3, ticks: 6, seed: 1, cases: true})
			path := filepath.Join(dir, "shares"+ext)
			type shareRow struct {
				Tick    int32   `parquet:"tick"`
				Date    int32   `parquet:"date,date"`
				PatchID string  `parquet:"patch_id"`
				State   string  `parquet:"state"`
				Value   float64 `parquet:"value"`
			}
			var rows []shareRow
			text := "tick,date,patch_id,state,value\n"
			for _, tick := range []int32{0, 2, 4} {
				for g, id := range []string{"a", "b"} {
					v := 0.25*float64(tick) + 0.125*float64(g) // exact in binary: read back equal
					rows = append(rows, shareRow{tick, int32(start.AddDate(0, 0, 14*int(tick)).Unix() / 86400), id, "S_share", v})
					text += dayLine(tick, id, "S_share", v)
				}
			}
			if ext == ".csv" {
				require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
			} else {
				writeParquet(t, path, rows)
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.csv"), []byte("a,b\n1,2\n"), 0o644))
			res, err := Render(dir, filepath.Join(dir, "plots"), small)
			require.NoError(t, err)
			assert.FileExists(t, filepath.Join(dir, "plots", "table-shares.png"))
			assert.NoFileExists(t, filepath.Join(dir, "plots", "table-cases.png"), "cases is a built-in table")
			assert.NoFileExists(t, filepath.Join(dir, "plots", "table-notes.png"))
			assert.Contains(t, joinNotes(res.Skipped), "notes.csv is not a tidy table")

			tab, err := ReadTable(path)
			require.NoError(t, err)
			assert.Equal(t, "value", tab.Column)
			assert.Equal(t, []int{0, 2, 4}, tab.Ticks)
			assert.Equal(t, []float64{0.125, 0.625, 1.125}, tab.Series("S_share", "b"))
			assert.Nil(t, tab.Series("S_share", "zzz"))
		})
	}
}

// TestReadTableErrors: decreasing ticks and a cut last tick are errors
// naming the file.
func TestReadTableErrors(t *testing.T) {
	for _, tc := range []struct{ content, msg string }{
		{"tick,date,patch_id,state,value\n2,2000-01-29,a,x,1\n0,2000-01-01,a,x,1\n", "tick 0 after tick 2 (ticks must increase)"},
		{"tick,date,patch_id,state,value\n0,2000-01-01,a,x,1\n0,2000-01-01,a,y,1\n2,2000-01-29,a,x,1\n", `incomplete last tick 2: no rows of state "y"`},
		{"tick,date,patch_id,state,value\n0,2000-01-01,a,x,NaN\n", `"NaN" is not a finite number`},
		{"tick,date,patch_id,state,amount\n0,2000-01-01,a,x,1\n", `no value column (expected "count" or "value"`},
	} {
		path := filepath.Join(t.TempDir(), "t.csv")
		require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
		_, err := ReadTable(path)
		var ie *InputError
		require.True(t, errors.As(err, &ie), "%v", err)
		assert.Equal(t, path, ie.File)
		assert.ErrorContains(t, err, tc.msg)
	}
}

// dayLine is a tidy CSV line of a biweekly tick from the fixtures' start.
func dayLine(tick int32, id, state string, v float64) string {
	return fmt.Sprintf("%d,%s,%s,%s,%s\n", tick, start.AddDate(0, 0, 14*int(tick)).Format(time.DateOnly), id, state, strconv.FormatFloat(v, 'g', -1, 64))
}

// joinNotes joins Render's notes into one text.
func joinNotes(notes []string) string { return strings.Join(notes, "\n") }
