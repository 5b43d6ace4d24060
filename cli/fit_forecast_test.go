package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFitForecast: --forecast N after --loglik and after IF2 writes
// forecast.csv (one row per forecast week, NA reports past the data) and
// forecast.png, and says how many reports it forecast.
func TestFitForecast(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		files []string
	}{
		{"loglik", []string{"--loglik"}, []string{"loglik.json", "mle.toml", "forecast.csv", "forecast.png"}},
		{"if2", nil, []string{"trace.csv", "mle.json", "mle.toml", "trace.png", "simulated.csv", "seasonal_profile.csv", "seasonal_profile.json", "seasonal_profile.png", "fit.png", "forecast.csv", "forecast.png"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := fitFixture(t, dir, fitTestIF2)
			out := filepath.Join(dir, "out")
			code, stdout, stderr := runCLI(t, append([]string{"fit", file, "--forecast", "6", "--out", out}, tc.args...)...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, "forecast: 6 reports from 1950-05-26 to 1950-06-30 from the filter at ")
			assert.ElementsMatch(t, tc.files, fitFiles(t, out))
			lines := csvLines(t, filepath.Join(out, "fit", "forecast.csv"))
			require.Len(t, lines, 7)
			assert.Equal(t, "place,date,horizon,report,q025,q10,q50,q90,q975", lines[0])
			assert.True(t, strings.HasPrefix(lines[1], "Town,1950-05-26,1,NA,"), lines[1])
			assert.True(t, strings.HasPrefix(lines[6], "Town,1950-06-30,6,NA,"), lines[6])
		})
	}
}

// TestFitForecastObserved: a window that ends before the data do gives
// the forecast the data's reports, and the coverage line counts them.
func TestFitForecastObserved(t *testing.T) {
	dir := t.TempDir()
	file := fitFixture(t, dir, `method = "pfilter"`)
	text := strings.Replace(readString(t, file), `from = "1950-01-01"`, "from = \"1950-01-01\"\nto = \"1950-03-31\"", 1)
	writeFile(t, dir, "fit.toml", text)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "fit", file, "--loglik", "--forecast", "10", "--out", out, "--no-plot")
	require.Equal(t, 0, code, stderr)
	// 13 reports in the window (1950-01-06 … 03-31), 7 more in the data.
	assert.Regexp(t, `forecast: Town: \d+ of 7 observed reports inside the 80 % band \(\d+ %\), \d+ inside the 95 % band`, stdout)
	lines := csvLines(t, filepath.Join(out, "fit", "forecast.csv"))
	require.Len(t, lines, 11)
	assert.NotContains(t, lines[7], ",NA,", "report 20, the data's last")
	assert.Contains(t, lines[8], ",NA,")
}

// TestFitSimulate: --simulate N writes mle.toml and runs it as `rubeola
// run --config mle.toml --replicates N --keep-replicates --seed SEED`
// into DIR/fit/simulate; that command gives the same trajectories, byte for
// byte (every file but timing.csv and summary.json's wall times and
// config path), and `rubeola plot` draws them.
func TestFitSimulate(t *testing.T) {
	dir := t.TempDir()
	file := fitFixture(t, dir, `method = "pfilter"`)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "fit", file, "--loglik", "--simulate", "3", "--out", out, "--particles", "20")
	require.Equal(t, 0, code, stderr)
	sim := filepath.Join(out, "fit", "simulate")
	again := filepath.Join(dir, "again")
	code, _, stderr = runCLI(t, "run", "--config", filepath.Join(out, "fit", "mle.toml"), "--replicates", "3", "--keep-replicates",
		"--seed", "3", "--out", again, "--no-progress")
	require.Equal(t, 0, code, stderr)
	for _, name := range []string{"ensemble/states.csv", "ensemble/cases.csv", "replicates/r000/states.csv",
		"replicates/r000/cases.csv", "replicates/r002/cases.csv"} {
		a, b := readString(t, filepath.Join(sim, name)), readString(t, filepath.Join(again, name))
		assert.NotEmpty(t, a, name)
		assert.Equal(t, a, b, name)
	}
	cases := csvLines(t, filepath.Join(sim, "replicates", "r000", "cases.csv"))
	require.Len(t, cases, 21, "a header and the fit's 20 reports")
	assert.True(t, strings.HasPrefix(cases[1], "6,1950-01-06,Town,cases,"), "the fit's first report date: %s", cases[1])
	code, _, stderr = runCLI(t, "plot", sim)
	require.Equal(t, 0, code, stderr)
	_, err := os.Stat(filepath.Join(sim, "plots", "ensemble.png"))
	assert.NoError(t, err)
}
