package runfile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestRunFileBuildsTheListedComponents: SPEC §11's example (with a scenario
// builder) builds exactly the listed components with the given keys.
func TestRunFileBuildsTheListedComponents(t *testing.T) {
	dir := t.TempDir()
	path := writeRunFile(t, dir, `
[scenario]
builder = "grid"
rows = 2
cols = 3
pop = 5000

[params]
num_ticks = 20
seed = 7
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"
r0 = 8

[[phases]]
type = "InfectionSeedingProcess"
num_infections = 5

[[phases]]
type = "infection"
seasonality = 0.3
mixer = { type = "gravity", k = 0.02 }

[[phases]]
type = "state_tracker"
aggregation_level = -2
`)
	rf, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, 6, rf.Scenario.Len())
	assert.Equal(t, 20, rf.Params.NumTicks)
	assert.Equal(t, uint64(7), rf.Params.Seed)
	assert.Equal(t, []string{"InitializeEquilibriumStates", "InfectionSeeding", "Infection", "StateTracker"}, rf.Types)

	m := newModel(t, rf.Scenario, rf.Params, rf.Components...)
	require.NoError(t, m.Run(context.Background()))
	inf := model.InstancesOf[*systems.Infection](m)
	require.Len(t, inf, 1)
	assert.Equal(t, 0.3, inf[0].Params().Seasonality)
	assert.Equal(t, mixing.Gravity{A: 1, B: 1, C: 1.5, K: 0.02}, inf[0].Params().Mixer)
	eq := model.InstancesOf[*systems.InitializeEquilibriumStates](m)
	require.Len(t, eq, 1)
	assert.Equal(t, 8.0, eq[0].Params().R0)
	tr := model.InstancesOf[*metrics.StateTracker](m)
	require.Len(t, tr, 1)
	assert.Equal(t, metrics.PerPatch, tr[0].AggregationLevel())
}

// TestRunFileWithoutPhases keeps Components nil (the standard schedule) and
// reads the scenario CSV relative to the run file.
func TestRunFileWithoutPhases(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "towns.csv"),
		[]byte("id,pop,lat,lon,mcv1\na,1000,40,4,0.5\nb,2000,41,5,0.5\n"), 0o644))
	rf, err := Load(writeRunFile(t, dir, `scenario = "towns.csv"`))
	require.NoError(t, err)
	assert.Nil(t, rf.Components)
	assert.False(t, rf.HasParams)
	assert.Equal(t, 2, rf.Scenario.Len())
	assert.Equal(t, filepath.Join(dir, "towns.csv"), rf.ScenarioName)
}

// TestRunFileOutputFormat: [output] format sets RunFile.Format; without
// the table it is "" (the CLI's default applies).
func TestRunFileOutputFormat(t *testing.T) {
	cases := []struct {
		content string
		want    metrics.Format
	}{
		{"[output]\nformat = \"parquet\"\n", metrics.Parquet},
		{"[output]\nformat = \"csv\"\n", metrics.CSV},
		{"[output]\n", ""},
		{"[params]\nseed = 1\n", ""},
	}
	for _, tc := range cases {
		rf, err := Decode(strings.NewReader(tc.content), "run.toml", t.TempDir())
		require.NoError(t, err, tc.content)
		assert.Equal(t, tc.want, rf.Format, tc.content)
	}
}

// TestRunFileErrors: every problem is reported with the file and the TOML
// path of the key (phases numbered from 1).
func TestRunFileErrors(t *testing.T) {
	cases := []struct {
		name    string
		content string
		want    []string
	}{
		{"misspelt key", "[[phases]]\ntype = \"InitializeEquilibriumStates\"\n[[phases]]\ntype = \"Infection\"\nbetta = 0.5\n",
			[]string{`run.toml: phases[2].betta: unknown key (did you mean "beta"?)`}},
		{"rejected key", "[[phases]]\ntype = \"vital_dynamics\"\ncbr = 20\n",
			[]string{`run.toml: phases[1].cbr: not accepted: did you mean "crude_birth_rate"?`}},
		{"mixer key", "[[phases]]\ntype = \"Infection\"\nmixer = { type = \"gravity\", kk = 0.1 }\n",
			[]string{`run.toml: phases[1].mixer.kk: unknown key (known keys: type, a, b, c, k, row_sums)`}},
		{"wrong type", "[[phases]]\ntype = \"Infection\"\nbeta = \"fast\"\n",
			[]string{`run.toml: phases[1].beta: expected number, got string`}},
		{"range", "[[phases]]\ntype = \"Infection\"\nbeta = -1\n",
			[]string{`run.toml: phases[1] (Infection): `, "beta"}},
		{"unknown type", "[[phases]]\ntype = \"Infektion\"\n",
			[]string{`run.toml: phases[1].type: unknown component type "Infektion" (did you mean "Infection"?)`}},
		{"missing type", "[[phases]]\nbeta = 1\n", []string{`run.toml: phases[1]: missing key "type"`}},
		{"top-level key", "[parms]\nseed = 1\n", []string{`run.toml: parms: unknown key (did you mean "params"?)`}},
		{"params key", "[params]\nnticks = 3\n", []string{`run.toml: params: unknown key "nticks" (did you mean "num_ticks"?)`}},
		{"builder", "[scenario]\nbuilder = \"grdi\"\n", []string{`run.toml: scenario.builder: unknown builder "grdi" (did you mean "grid"?)`}},
		{"builder key", "[scenario]\nbuilder = \"grid\"\nrowz = 3\n", []string{`run.toml: scenario.rowz: unknown key (did you mean "rows"?)`}},
		{"grid keys", "[scenario]\nbuilder = \"grid\"\nzzzzzz = 3\n",
			[]string{`run.toml: scenario.zzzzzz: unknown key (known keys: rows, cols, pop, lat0, lon0, spacing, mcv1)`}},
		{"satellites keys", "[scenario]\nbuilder = \"satellites\"\nzzzzzz = 3\n",
			[]string{`run.toml: scenario.zzzzzz: unknown key (known keys: core_pop, satellite_pop, n_towns, max_distance_km, mcv1, seed)`}},
		{"two_cluster value", "[scenario]\nbuilder = \"two_cluster\"\ncenters = [[1, \"x\"]]\n",
			[]string{`run.toml: scenario.centers[0][1]: expected number, got string`}},
		{"missing csv", "scenario = \"nope.csv\"\n", []string{"run.toml: scenario: ", "nope.csv"}},
		{"not TOML", "[[phases]\n", []string{"run.toml: not a valid TOML file"}},
		// Issue 26, item 2: 32 000 levels (a 64 KB file) cost 2.3 GB and
		// named JSON; now refused before parsing, naming the key and line.
		{"nested 32 000 deep", "[[phases]]\ntype = \"Infection\"\nbeta = " + strings.Repeat("[", 32000) + "1" + strings.Repeat("]", 32000) + "\n",
			[]string{"run.toml: phases[1].beta (line 3): nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)"}},
		{"output format value", "[output]\nformat = \"xlsx\"\n", []string{`run.toml: output.format: "xlsx" is not csv or parquet`}},
		{"output format type", "[output]\nformat = 1\n", []string{`run.toml: output.format: expected a string, got an integer`}},
		{"output key", "[output]\nfromat = \"csv\"\n", []string{`run.toml: output.fromat: unknown key (did you mean "format"?)`}},
		{"output not a table", "output = \"parquet\"\n", []string{`run.toml: output: expected a table, got a string`}},
		{"several problems", "[[phases]]\ntype = \"Infection\"\nbetta = 1\n[[phases]]\ntype = \"StateTracker\"\nlevel = 1\n",
			[]string{"run.toml: phases[1].betta: unknown key", "run.toml: phases[2].level: unknown key"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.content), "run.toml", t.TempDir())
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestRunFileEveryProblemNamesItsPlace: a Validate that reports several
// problems (joined, one per line) gives each line the file and the entry,
// not only the first.
func TestRunFileEveryProblemNamesItsPlace(t *testing.T) {
	cases := []struct {
		name    string
		content string
		want    string
	}{
		{"component ranges", "[[phases]]\ntype = \"VitalDynamics\"\ncrude_birth_rate = -1\ncrude_death_rate = -1\n",
			"run.toml: phases[1] (VitalDynamics): VitalDynamicsProcess: crude_birth_rate must be a finite number >= 0, got -1\n" +
				"run.toml: phases[1] (VitalDynamics): VitalDynamicsProcess: crude_death_rate must be a finite number >= 0, got -1"},
		{"mixer ranges", "[[phases]]\ntype = \"Infection\"\nmixer = { type = \"gravity\", a = 0.5, c = -1 }\n",
			"run.toml: phases[1] (Infection): InfectionProcess: mixer: mixing: gravity: a = 0.5 must be >= 1\n" +
				"run.toml: phases[1] (Infection): InfectionProcess: mixer: mixing: gravity: c = -1 must be >= 0"},
		{"builder ranges", "[scenario]\nbuilder = \"grid\"\nrows = -1\npop = -5\n",
			"run.toml: scenario (grid): scenario: Grid: rows and cols must be > 0, got -1×5\n" +
				"run.toml: scenario (grid): scenario: Grid: pop must be >= 0, got -5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.content), "run.toml", "")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// TestRunFileConstructionErrorsNameTheEntry: errors found when the factory
// meets the scenario (an unknown target patch) name the entry too.
func TestRunFileConstructionErrorsNameTheEntry(t *testing.T) {
	rf, err := Decode(strings.NewReader("[[phases]]\ntype = \"InfectionSeeding\"\ntarget_patches = [\"nowhere\"]\n"), "run.toml", "")
	require.NoError(t, err)
	m := newModel(t, twoPatch(t), quietParams(2, 1))
	err = m.SetComponents(rf.Components...)
	require.ErrorContains(t, err, `run.toml: phases[1] (InfectionSeeding): `)
	require.ErrorContains(t, err, "nowhere")
}

// TestRunFileSIAScheduleCSV: an SIA schedule given as a CSV path is read
// relative to the run file, like the scenario.
func TestRunFileSIAScheduleCSV(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sia.csv"), []byte("id,date\npatch_1,2000-01-20\n"), 0o644))
	rf, err := Load(writeRunFile(t, dir, `
[[phases]]
type = "sia_calendar"
aggregation_level = -2
sia_schedule = "sia.csv"

[[phases]]
type = "SIACalendar"
aggregation_level = -2
sia_schedule = [{ id = "patch_2", date = 2000-01-01 }]
`))
	require.NoError(t, err)
	m := newModel(t, twoPatch(t), quietParams(3, 1), rf.Components...)
	require.NoError(t, m.Run(context.Background()))
	sias := model.InstancesOf[*systems.SIACalendar](m)
	require.Len(t, sias, 2)
	assert.Equal(t, []string{"patch_1_2000-01-20"}, sias[0].Implemented())
	assert.Equal(t, []string{"patch_2_2000-01-01"}, sias[1].Implemented())
}

// TestRunFileScenarioBuilders: every [scenario] builder gives the table the
// Go builder gives with the same options.
func TestRunFileScenarioBuilders(t *testing.T) {
	must := func(scn *scenario.Table, err error) *scenario.Table {
		t.Helper()
		require.NoError(t, err)
		return scn
	}
	tc := scenario.DefaultTwoClusterOptions()
	tc.NodesPerCluster = 7
	sat := scenario.DefaultSatellitesOptions()
	sat.NTowns = 12
	for _, c := range []struct {
		toml string
		want *scenario.Table
	}{
		{"builder = \"single_patch\"", must(scenario.SinglePatch(100000, 0))},
		{"builder = \"two_patch\"\npop = 3000\nmcv1 = 0.5", must(scenario.TwoPatch(3000, 0.5))},
		{"builder = \"grid\"\nrows = 2\ncols = 3\npop = 10", must(scenario.Grid(2, 3, 10, scenario.DefaultGridOptions()))},
		{"builder = \"grid\"\nrows = 2\ncols = 2\npop = 10\nlat0 = 10\nspacing = 0.5\nmcv1 = 0.25",
			must(scenario.Grid(2, 2, 10, scenario.GridOptions{Lat0: 10, Lon0: 4, Spacing: 0.5, MCV1: 0.25}))},
		{"builder = \"random_n\"\nn = 20\nseed = 4", must(scenario.RandomN(20, 4, 0))},
		{"builder = \"two_cluster\"\nnodes_per_cluster = 7", must(scenario.TwoCluster(tc))},
		{"builder = \"satellites\"\nn_towns = 12", must(scenario.Satellites(sat))},
	} {
		rf, err := Decode(strings.NewReader("[scenario]\n"+c.toml+"\n"), "run.toml", "")
		require.NoError(t, err, c.toml)
		assert.Equal(t, c.want, rf.Scenario, c.toml)
	}
}

// TestRunFileModelErrors: the model key's errors, and a component of the
// other model named in its place.
func TestRunFileModelErrors(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"unknown model", `model = "seir"`, `model: unknown model type "seir" (want "biweekly", "compartmental" or "abm")`},
		{"not a string", `model = 1`, `model: expected a string ("biweekly", "compartmental" or "abm"), got an integer`},
		{"SEIR key in biweekly", "[[phases]]\ntype = \"Infection\"\nexp_mu = 6", `phases[1].exp_mu: unknown key`},
		{"biweekly key in compartmental", "model = \"compartmental\"\n[[phases]]\ntype = \"Infection\"\nseason_table = []",
			`the 26-value table is the biweekly model's`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tt.file), "run.toml", t.TempDir())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestRunFileNonFinite: TOML's inf and nan name their key (JSON has
// neither, so they used to fail as "json: unsupported value").
func TestRunFileNonFinite(t *testing.T) {
	file := "[[phases]]\ntype = \"Infection\"\nbeta = inf\nmixer = { type = \"gravity\", k = nan }\nseason_table = [1.0, -inf]\n"
	_, err := Decode(strings.NewReader(file), "run.toml", t.TempDir())
	require.Error(t, err)
	assert.Equal(t, "run.toml: phases[1].beta: +Inf is not a finite number\n"+
		"run.toml: phases[1].mixer.k: NaN is not a finite number\n"+
		"run.toml: phases[1].season_table[2]: -Inf is not a finite number", err.Error())
}

// TestRunFileSeasonAndAlpha: season = {…} and alpha in [[phases]] reach the
// Infection, and the run goes through.
func TestRunFileSeasonAndAlpha(t *testing.T) {
	path := writeRunFile(t, t.TempDir(), `
[scenario]
builder = "grid"
rows = 2
cols = 3
pop = 50000

[params]
num_ticks = 30
seed = 7
show_progress = false
start_time = "2000-06"

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "ImportationPressure"

[[phases]]
type = "infection"
alpha = 0.97
season = {type = "terms", amplitude = 0.25, holidays = [["12-20", "01-04"], ["04-01", "04-14"], ["07-20", "09-05"]]}

[[phases]]
type = "state_tracker"
`)
	rf, err := Load(path)
	require.NoError(t, err)
	m := newModel(t, rf.Scenario, rf.Params, rf.Components...)
	require.NoError(t, m.Run(context.Background()))
	inf := model.InstancesOf[*systems.Infection](m)
	require.Len(t, inf, 1)
	assert.Equal(t, 0.97, inf[0].Params().Alpha)
	assert.Equal(t, &systems.SeasonSpec{Type: "terms", Amplitude: 0.25,
		Holidays: [][2]string{{"12-20", "01-04"}, {"04-01", "04-14"}, {"07-20", "09-05"}}}, inf[0].Params().SeasonSpec)

	bad := writeRunFile(t, t.TempDir(), `
[[phases]]
type = "infection"
season = {type = "terms", amplitude = 0.25, holydays = [["12-20", "01-04"]]}
`)
	_, err = Load(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `phases[1].season.holydays: unknown key (did you mean "season.holidays"?)`)
}
