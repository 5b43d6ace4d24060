package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunPlot runs a short simulation with --plot and per-patch states:
// every picture the outputs allow is in DIR/plots and decodes as a PNG of
// the default size (8 × 5 in at 150 dpi).
func TestRunPlot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	code, stdout, stderr := runCLI(t, "run", "--out", out, "--no-progress", "--ticks", "26", "--per-patch", "--plot")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "Plots written to "+filepath.Join(out, "plots"))
	for _, name := range []string{"sir", "heatmap", "largest", "fadeouts", "timing", "map", "waves"} {
		f, err := os.Open(filepath.Join(out, "plots", name+".png"))
		require.NoError(t, err, name)
		cfg, err := png.DecodeConfig(f)
		f.Close()
		require.NoError(t, err, name)
		assert.Equal(t, [2]int{1200, 750}, [2]int{cfg.Width, cfg.Height}, name)
	}
	// The maps' scenario is the embedded default, rebuilt from its origin
	// in summary.json.
	assert.FileExists(t, filepath.Join(out, "plots", "map.gif"))
	assert.FileExists(t, filepath.Join(out, "plots", "waves.csv"))
}

// TestResumePlot resumes a run from its snapshot with --plot.
func TestResumePlot(t *testing.T) {
	first := filepath.Join(t.TempDir(), "first")
	code, _, stderr := runCLI(t, "run", "--out", first, "--no-progress", "--ticks", "8", "--snapshot-every", "4")
	require.Equal(t, 0, code, stderr)
	resumed := filepath.Join(t.TempDir(), "resumed")
	code, stdout, stderr := runCLI(t, "resume", filepath.Join(first, "snapshots", "tick-000004.snap"), "--out", resumed, "--no-progress", "--plot")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "Plots written to")
	assert.FileExists(t, filepath.Join(resumed, "plots", "sir.png"))
	assert.FileExists(t, filepath.Join(resumed, "plots", "timing.png"))
}

func TestPlotCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, stderr := runCLI(t, "run", "--out", dir, "--no-progress", "--ticks", "13")
	require.Equal(t, 0, code, stderr)

	// Default run: global states and timing only; the rest is noted.
	svgDir := filepath.Join(t.TempDir(), "svg")
	code, stdout, stderr := runCLI(t, "plot", dir, "--svg", "--out", svgDir, "--width", "6", "--height", "4")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "note: no per-patch states (run --per-patch) and no cases table")
	assert.Contains(t, stdout, "sir.svg")
	data, err := os.ReadFile(filepath.Join(svgDir, "sir.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `width="432pt" height="288pt"`, "6 × 4 in")
	assert.FileExists(t, filepath.Join(svgDir, "timing.svg"))

	// Errors: exit 2, one line naming what is wrong.
	empty := t.TempDir()
	code, _, stderr = runCLI(t, "plot", empty)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "nothing to plot")
	assert.NoDirExists(t, filepath.Join(empty, "plots"))

	writeFile(t, dir, "timing.csv", "tick,A\n0,x\n")
	code, _, stderr = runCLI(t, "plot", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, filepath.Join(dir, "timing.csv")+`: row 1, column "A": "x" is not a non-negative integer`)
	assert.NoDirExists(t, filepath.Join(dir, "plots"))

	code, _, stderr = runCLI(t, "plot", dir, "--dpi", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "resolution 0 dpi")

	code, _, stderr = runCLI(t, "plot", dir, "--dates", "2000-01-01,1 May")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `--dates: "1 May" is not a date YYYY-MM-DD`)

	code, _, _ = runCLI(t, "plot")
	assert.Equal(t, 2, code, "DIR is required")
}

// TestPlotCutStates: a run's states.csv cut at a field boundary inside its
// last tick (the R row gone, as a killed writer leaves it; issue 26 item
// 7) is refused with exit 2 and a message naming the file, the tick and
// the missing state; cut at a tick's end, the summary's num_ticks gives
// it away.
func TestPlotCutStates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, stderr := runCLI(t, "run", "--out", dir, "--no-progress", "--ticks", "13")
	require.Equal(t, 0, code, stderr)
	path := filepath.Join(dir, "states.csv")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	// Header + 13 ticks × S, I, R: the last line is tick 12's R.
	require.Len(t, lines, 1+13*3)
	require.True(t, strings.HasPrefix(lines[len(lines)-1], "12,"))

	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines[:len(lines)-1], "")), 0o644))
	code, _, stderr = runCLI(t, "plot", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, path+`: incomplete last tick 12: no rows of state "R"`)
	assert.NoDirExists(t, filepath.Join(dir, "plots"))

	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines[:1+12*3], "")), 0o644))
	code, _, stderr = runCLI(t, "plot", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, path+": ends after tick 11, but "+filepath.Join(dir, "summary.json")+" says the run has 13 ticks")
}
