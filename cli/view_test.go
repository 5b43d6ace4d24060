package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/browsertest"
)

// TestViewFitInBrowser: `rubeola view` of an IF2 fit shows the reports
// against the simulated bands and one trace chart per column of trace.csv
// (loglik, r0, amplitude), with no map, no console error and no request.
func TestViewFitInBrowser(t *testing.T) {
	dir := t.TempDir()
	file := fitFixture(t, dir, fitTestIF2)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "fit", file, "--out", out, "--no-plot", "--no-progress")
	require.Equal(t, 0, code, stderr)
	code, stdout, stderr := runCLI(t, "view", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "fit; no map")
	path := filepath.Join(out, "view", "index.html")
	html, err := os.ReadFile(path)
	require.NoError(t, err)
	browsertest.NoWebAddress(t, string(html))
	page := browsertest.Open(t, path, 1400, 1000)
	s := page.State()
	assert.Equal(t, "fit", s.Kind)
	assert.Zero(t, s.Patches, "no map")
	assert.Equal(t, 4, s.Charts, "the fit chart and 3 trace charts")
	assert.Contains(t, page.Text("fit-panel"), "Town: reports (black) against simulated median")
	assert.True(t, browsertest.Eval[bool](page, `document.getElementById('map-panel').hidden`), "no map panel")
	page.Shot("fit")
	page.Events.Check(t)
}

// TestViewErrors: what `rubeola view` refuses, with exit code 2 and a
// message naming the problem, writing nothing.
func TestViewErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	notDir := writeFile(t, dir, "file.txt", "x")
	badFit := filepath.Join(dir, "badfit")
	require.NoError(t, os.MkdirAll(filepath.Join(badFit, "fit"), 0o755))
	writeFile(t, filepath.Join(badFit, "fit"), "trace.csv", "iteration,loglik\n1,abc\n")
	parquet := filepath.Join(dir, "parquet")
	code, _, stderr := runCLI(t, "run", "--per-patch", "--ticks", "4", "--format", "parquet", "--no-progress", "--out", parquet)
	require.Equal(t, 0, code, stderr)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing", []string{"view", filepath.Join(dir, "nope")}, "no such file or directory"},
		{"not a directory", []string{"view", notDir}, "not a directory"},
		{"no outputs", []string{"view", empty}, "no rubeola outputs here"},
		{"bad trace", []string{"view", badFit}, `trace.csv: row 1, column "loglik": "abc" is not a number or NA`},
		{"no argument", []string{"view"}, "accepts 1 arg"},
		{"parquet", []string{"view", parquet}, "this run wrote Parquet tables, and rubeola view reads the CSV ones (rerun with --format csv)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
		})
	}
	for _, d := range []string{empty, badFit, parquet} {
		assert.NoDirExists(t, filepath.Join(d, "view"), "nothing written")
	}
}
