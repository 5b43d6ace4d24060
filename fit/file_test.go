package fit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureRun is a run file of He et al.'s model (London's defaults) for
// the synthetic town, with a tracker the fit ignores.
const fixtureRun = `model = "compartmental"
scenario = "towns.csv"

[[phases]]
type = "PopulationData"
table = "demography.csv"

[[phases]]
type = "InitialFractions"

[[phases]]
type = "EulerSEIR"

[[phases]]
type = "StateTracker"
`

// fixtureFit is a fit file of the synthetic town.
const fixtureFit = `run = "run.toml"

[data]
file = "cases.csv"
places = ["Town"]
from = "1950-01-01"

[measurement]
model = "he2010"
rho = 0.5
psi = 0.1

[fit]
method = "if2"
particles = 50
filters = 2
iterations = 2

[[estimate]]
name = "r0"
lower = 10
upper = 100
start = 40

[[estimate]]
name = "S_0"
lower = 0.01
upper = 0.1

[profile]
parameter = "r0"
from = 40
to = 50
n = 3
`

// writeFitFixture writes a synthetic problem into dir: a scenario of two
// towns (Town of 10⁶ people and Village), their demography 1940–1955,
// 20 weekly reports of Town from 1950-01-06 (and of Village when
// village), the run file and the fit file text (fit.toml); it returns the
// fit file's path.
func writeFitFixture(t *testing.T, dir, fit string, village bool) string {
	t.Helper()
	files := map[string]string{
		"towns.csv": "id,pop,lat,lon,mcv1\nTown,1000000,51.5,-0.1,0\nVillage,20000,52,-1,0\n",
		"run.toml":  fixtureRun,
		"fit.toml":  fit,
	}
	var demo, cases strings.Builder
	demo.WriteString("id,year,pop,births\n")
	for y := 1940; y <= 1955; y++ {
		fmt.Fprintf(&demo, "Town,%d,1000000,20000\nVillage,%d,20000,400\n", y, y)
	}
	cases.WriteString("id,date,cases\n")
	d := time.Date(1950, 1, 6, 0, 0, 0, 0, time.UTC)
	for k := range 20 {
		fmt.Fprintf(&cases, "Town,%s,%d\n", d.Format(time.DateOnly), 20+10*k)
		if village {
			fmt.Fprintf(&cases, "Village,%s,%d\n", d.Format(time.DateOnly), k%3)
		}
		d = d.AddDate(0, 0, 7)
	}
	files["demography.csv"], files["cases.csv"] = demo.String(), cases.String()
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return filepath.Join(dir, "fit.toml")
}

func TestLoadFile(t *testing.T) {
	path := writeFitFixture(t, t.TempDir(), fixtureFit, true)
	f, err := LoadFile(path)
	require.NoError(t, err)
	assert.Equal(t, MethodIF2, f.Method)
	assert.Equal(t, []string{"Town"}, f.Spec.Scenario.ID)
	assert.Len(t, f.Spec.Components, 3, "the StateTracker is left out")
	assert.Equal(t, []string{"Town"}, f.Obs.Places)
	assert.Len(t, f.Obs.Dates, 20)
	assert.Equal(t, 7, f.Obs.PeriodDays)
	assert.Equal(t, 50, f.Particles)
	assert.Equal(t, 2, f.Filters)
	assert.Equal(t, 2, f.Iterations)
	assert.Equal(t, DefaultCooling, f.Cooling)
	assert.Equal(t, DefaultCandidates, f.Candidates, "one candidate: the last iteration's means")
	require.Len(t, f.Estimates, 2)
	assert.Equal(t, Estimate{Name: "r0", Lower: 10, Upper: 100, Transform: TransformLog, RWSD: DefaultRWSD}, f.Estimates[0])
	assert.Equal(t, Estimate{Name: "S_0", Lower: 0.01, Upper: 0.1, Transform: TransformLogit, RWSD: DefaultRWSD, IVP: true}, f.Estimates[1])
	assert.Equal(t, map[string]float64{"r0": 40}, f.Start)
	assert.Equal(t, &ProfileSpec{Parameter: "r0", Values: []float64{40, 45, 50}, Starts: 1, Level: DefaultLevel}, f.Profile)
	assert.Equal(t, MeasurementHe2010, f.Spec.Measurement.Name())
}

func TestLoadFileAllPlaces(t *testing.T) {
	fit := strings.Replace(fixtureFit, "places = [\"Town\"]\n", "", 1)
	fit = strings.Replace(fit, `method = "if2"`, `method = "pfilter"`, 1)
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fit, true))
	require.NoError(t, err)
	assert.Equal(t, []string{"Town", "Village"}, f.Obs.Places)
	assert.Equal(t, []string{"Town", "Village"}, f.Spec.Scenario.ID)
}

func TestLoadFileMissing(t *testing.T) {
	fit := strings.Replace(fixtureFit, `from = "1950-01-01"`, "from = \"1950-01-01\"\nmissing = [{id = \"Town\", date = 1950-01-13}]", 1)
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fit, false))
	require.NoError(t, err)
	assert.Equal(t, []int64{20, Missing, 40}, f.Obs.Counts[0][:3])
	assert.Equal(t, []MissingReport{{ID: "Town", Date: time.Date(1950, 1, 13, 0, 0, 0, 0, time.UTC)}}, f.Missing)
}

func TestLoadFileErrors(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(fit string) string
		village bool
		data    func(cases string) string
		want    []string
	}{
		{name: "unknown key", edit: func(s string) string { return strings.Replace(s, "filters = 2", "fiters = 2", 1) },
			want: []string{`fit.toml: fit.fiters: unknown key (did you mean "filters"?)`}},
		{name: "unknown top-level key", edit: func(s string) string { return "rn = 1\n" + s },
			want: []string{`fit.toml: rn: unknown key (did you mean "run"?)`}},
		{name: "id not in the scenario", edit: func(s string) string { return strings.Replace(s, "places = [\"Town\"]\n", "", 1) },
			data: func(c string) string { return c + "Elsewhere,1950-01-06,3\n" },
			want: []string{`fit.toml: data.file: `, `ids are not in scenario`, `"Elsewhere"`}},
		{name: "place not in the scenario", edit: func(s string) string { return strings.Replace(s, `["Town"]`, `["Twon"]`, 1) },
			want: []string{`fit.toml: data.places[1]: "Twon" is not an id of scenario`, `(did you mean "Town"?)`}},
		{name: "no reports in the window", edit: func(s string) string { return strings.Replace(s, `from = "1950-01-01"`, `from = "1990-01-01"`, 1) },
			want: []string{`fit.toml: data.from: no reports of "Town" in the window (1990-01-01, +∞]`, `from 1950-01-06 to 1950-05-19`}},
		{name: "window backwards", edit: func(s string) string {
			return strings.Replace(s, `from = "1950-01-01"`, "from = 1950-01-01\nto = 1949-01-01", 1)
		},
			want: []string{`fit.toml: data.to: 1949-01-01 is not after from (1950-01-01)`}},
		{name: "missing report not in the data", edit: func(s string) string {
			return strings.Replace(s, `from = "1950-01-01"`, "from = \"1950-01-01\"\nmissing = [{id = \"Town\", date = \"1950-01-14\"}]", 1)
		}, want: []string{`fit.toml: data.missing[1]: `, `"Town" has no report on 1950-01-14`}},
		{name: "missing report without a date", edit: func(s string) string {
			return strings.Replace(s, `from = "1950-01-01"`, "from = \"1950-01-01\"\nmissing = [{id = \"Town\"}]", 1)
		}, want: []string{`fit.toml: data.missing[1].date: required`}},
		{name: "negative count", data: func(c string) string { return strings.Replace(c, "Town,1950-01-13,30", "Town,1950-01-13,-3", 1) },
			want: []string{`fit.toml: data.file: `, `cases.csv`, `-3`}},
		{name: "parameter without bounds", edit: func(s string) string { return strings.Replace(s, "lower = 10\n", "", 1) },
			want: []string{`fit.toml: estimate[1].lower: required: every estimated parameter needs bounds`}},
		{name: "unknown parameter", edit: func(s string) string { return strings.Replace(s, `name = "r0"`, `name = "r00"`, 1) },
			want: []string{`fit.toml: estimate[1].name: the model has no parameter "r00" (did you mean "r0"?)`}},
		{name: "unknown set parameter", edit: func(s string) string { return s + "[set]\nsigma_es = 0.1\n" },
			want: []string{`fit.toml: set.sigma_es: the model has no parameter "sigma_es" (did you mean "sigma_se"?)`}},
		{name: "estimated and set", edit: func(s string) string { return s + "[set]\n\"EulerSEIRProcess.r0\" = 30\n" },
			want: []string{`fit.toml: estimate[1].name: "r0" is the parameter of set.EulerSEIRProcess.r0`}},
		{name: "start outside the bounds", edit: func(s string) string { return strings.Replace(s, "start = 40", "start = 400", 1) },
			want: []string{`fit.toml: estimate[1].start: 400 is outside the bounds [10, 100]`}},
		{name: "model value outside the bounds", edit: func(s string) string {
			return strings.Replace(strings.Replace(s, "start = 40\n", "", 1), "upper = 100", "upper = 50", 1)
		}, want: []string{`fit.toml: estimate[1]: r0 starts at the model's value 56.8, outside its bounds [10, 50] (transform "log"): give start`}},
		{name: "more candidates than iterations", edit: func(s string) string {
			return strings.Replace(s, "iterations = 2", "iterations = 2\ncandidates = 3", 1)
		},
			want: []string{`fit.toml: fit.candidates: must be at most iterations (2): the candidates are the last iterations' means, got 3`}},
		{name: "no candidates", edit: func(s string) string {
			return strings.Replace(s, "iterations = 2", "iterations = 2\ncandidates = 0", 1)
		},
			want: []string{`fit.toml: fit.candidates: must be >= 1, got 0`}},
		{name: "bad method", edit: func(s string) string { return strings.Replace(s, `"if2"`, `"mif2"`, 1) },
			want: []string{`fit.toml: fit.method: "mif2" is not one of ["pfilter" "if2" "ibpf" "profile"]`}},
		{name: "if2 of two places", village: true, edit: func(s string) string { return strings.Replace(s, `["Town"]`, `["Town", "Village"]`, 1) },
			want: []string{`fit.toml: fit.method: if2 fits one place, the data have 2`}},
		{name: "psi missing", edit: func(s string) string { return strings.Replace(s, "psi = 0.1\n", "", 1) },
			want: []string{`fit.toml: measurement.psi: required by he2010`}},
		{name: "rho column missing", edit: func(s string) string { return strings.Replace(s, "rho = 0.5", `rho = {column = "rho"}`, 1) },
			want: []string{`fit.toml: measurement.rho: the scenario has no column "rho"`}},
		{name: "bad profile", edit: func(s string) string { return strings.Replace(s, "n = 3", "n = 3\nvalues = [1]", 1) },
			want: []string{`fit.toml: profile.values: give either values or from, to and n, not both`}},
		{name: "missing run", edit: func(s string) string { return strings.Replace(s, `run = "run.toml"`, `run = "nope.toml"`, 1) },
			want: []string{`fit.toml: run: open `, `nope.toml`}},
		{name: "not TOML", edit: func(string) string { return "run = \n" },
			want: []string{`fit.toml: not a valid TOML file`}},
		// Issue 26: nesting past 64 levels is refused before parsing.
		{name: "nested too deep", edit: func(s string) string { return "x = " + strings.Repeat("[", 65) + strings.Repeat("]", 65) + "\n" + s },
			want: []string{`fit.toml: x (line 1): nested deeper than 64 levels`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fit := fixtureFit
			if tc.edit != nil {
				fit = tc.edit(fit)
			}
			path := writeFitFixture(t, dir, fit, tc.village)
			if tc.data != nil {
				b, err := os.ReadFile(filepath.Join(dir, "cases.csv"))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.csv"), []byte(tc.data(string(b))), 0o644))
			}
			_, err := LoadFile(path)
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			for line := range strings.SplitSeq(err.Error(), "\n") {
				assert.True(t, strings.HasPrefix(line, path+": "), "every line names the file: %q", line)
			}
		})
	}
}

// TestLoadFileNeedsCompartmental: a fit file whose run file is of another
// model type is refused, the message naming the run file and the model key
// (the biweekly run file here is the standard schedule on the fixture's
// towns).
func TestLoadFileNeedsCompartmental(t *testing.T) {
	dir := t.TempDir()
	path := writeFitFixture(t, dir, fixtureFit, false)
	run := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(run, []byte("model = \"biweekly\"\nscenario = \"towns.csv\"\n"), 0o644))
	_, err := LoadFile(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), run+`: the fit needs the compartmental model: set model = "compartmental"`)
}
