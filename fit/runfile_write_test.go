package fit

import (
	"context"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// writeRunFile writes the fit's run file at set with seed into dir and
// returns its path.
func writeRunFile(t *testing.T, f *File, dir string, set map[string]float64, seed uint64) string {
	t.Helper()
	text, scn, err := f.RunFile(dir, set, seed)
	require.NoError(t, err)
	require.NoError(t, (&Output{Dir: dir}).RunFile(text, scn))
	return filepath.Join(dir, RunFileName)
}

// runRunFile runs the run file at path and returns its
// CaseSurveillanceTracker's reports of the first group.
func runRunFile(t *testing.T, path string) []int64 {
	t.Helper()
	return runRunFileGroups(t, path)[0]
}

// runRunFileGroups runs the run file at path and returns its
// CaseSurveillanceTracker's reports, [group][row].
func runRunFileGroups(t *testing.T, path string) [][]int64 {
	t.Helper()
	rf, err := runfile.Load(path)
	require.NoError(t, err)
	m, err := model.New(rf.Scenario, rf.Params, model.WithType(rf.Model), model.WithStartDate(rf.StartDate),
		model.WithStdout(io.Discard), model.WithShowProgress(false))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(rf.Components...))
	require.NoError(t, m.Run(context.Background()))
	cs := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	require.Len(t, cs, 1)
	return cs[0].Counts()
}

// TestRunFile: the run file of a fit of Town (the fixture's run file has
// Town and Village) has the fitted parameters, the fitted places' scenario,
// start_date one week before the first report, num_ticks to the last and a
// tracker reporting as the measurement model on the fit's dates; it passes
// CheckRunFile, and a value it does not hold fails it.
func TestRunFile(t *testing.T) {
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fixtureFit, true))
	require.NoError(t, err)
	dir := t.TempDir()
	set := map[string]float64{"r0": 42.5, "S_0": 0.05, "cohort": 0.25, "rho": 0.4, "psi": 0.2}
	path := writeRunFile(t, f, dir, set, 7)
	require.NoError(t, CheckRunFile(path, set))
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, want := range []string{`scenario = "mle_scenario.csv"`, `start_date = "1949-12-30"`, "num_ticks = 140", "seed = 7",
		"r0 = 42.5", "S_0 = 0.05", "cohort = 0.25", `reporting = "he2010"`, "detection_rate = 0.4", "psi = 0.2",
		`report_date = "end"`, "aggregate_days = 7", `count = "incidence"`} {
		assert.Contains(t, string(text), want)
	}
	assert.NotContains(t, string(text), "Village")
	scn, err := os.ReadFile(filepath.Join(dir, RunFileScenarioName))
	require.NoError(t, err)
	assert.Contains(t, string(scn), "Town")
	assert.NotContains(t, string(scn), "Village")

	other := map[string]float64{"r0": 40}
	assert.ErrorContains(t, CheckRunFile(path, other), "r0 = 42.5, the fit's is 40")
}

// TestRunFileIsTheFiltersModel: with ρ = 1 and ψ = 0 a he2010 report is
// the period's true cases C (variance 0), so the run file's reports are
// its trajectory's weekly cases; with the same seed they are those of
// Simulate's one trajectory, week by week: the run file steps the model
// the filter steps, from the same day, on the same streams, and reports
// on the fit's dates.
func TestRunFileIsTheFiltersModel(t *testing.T) {
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fixtureFit, false))
	require.NoError(t, err)
	set := map[string]float64{"rho": 1, "psi": 0, "r0": 35}
	for _, seed := range []uint64{1, 2, 3} {
		path := writeRunFile(t, f, t.TempDir(), set, seed)
		reports := runRunFile(t, path)
		sim, err := Simulate(context.Background(), f.Spec, f.Obs, 1, seed, set)
		require.NoError(t, err)
		require.Len(t, reports, len(f.Obs.Dates))
		total := int64(0)
		for _, r := range reports {
			total += r
		}
		require.Positive(t, total, "an epidemic to compare")
		for k := range f.Obs.Dates {
			assert.Equal(t, sim.Cases[0][k][2], float64(reports[k]), "seed %d, report %d", seed, k)
		}
	}
}

// TestRunValues: per-place values become one run-file value when every
// place has the same and a per-place column when they differ; a plain key
// of set wins over the table's values, a per-town key over the rest of
// its parameter's places.
func TestRunValues(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"A", "B"}, []int64{1000, 2000}, []float64{51, 52}, []float64{0, 1}, []float64{0, 0})
	require.NoError(t, err)
	measured := map[string]float64{"rho": 0.5, "psi": 0.1} // the spec's ρ and ψ below
	tests := []struct {
		name   string
		places map[string][]float64
		set    map[string]float64
		one    map[string]float64
		place  map[string][]float64
		err    string
	}{
		{name: "no per-place values", set: map[string]float64{"r0": 40}, one: map[string]float64{"r0": 40}},
		{name: "a table's values, equal", places: map[string][]float64{"r0": {50, 50}}, one: map[string]float64{"r0": 50}},
		{name: "set wins over the table", places: map[string][]float64{"r0": {50, 60}}, set: map[string]float64{"r0": 45},
			one: map[string]float64{"r0": 45}},
		{name: "per-town estimates, equal", set: map[string]float64{"rho[A]": 0.4, "rho[B]": 0.4, "psi": 0.2},
			one: map[string]float64{"rho": 0.4, "psi": 0.2}},
		{name: "per-town estimates differ", set: map[string]float64{"rho[A]": 0.4, "rho[B]": 0.6},
			place: map[string][]float64{"rho": {0.4, 0.6}}},
		{name: "a per-town key over the table", places: map[string][]float64{"r0": {50, 60}}, set: map[string]float64{"r0[B]": 50},
			one: map[string]float64{"r0": 50}},
		{name: "a table's values differ", places: map[string][]float64{"r0": {50, 60}, "mu": {0.02, 0.02}, "alpha": {1, 0.9}},
			one: map[string]float64{"mu": 0.02}, place: map[string][]float64{"r0": {50, 60}, "alpha": {1, 0.9}}},
		{name: "an unknown town", set: map[string]float64{"rho[C]": 0.4}, err: `fit: rho[C]: the fit has no place "C"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &File{Spec: &Spec{Scenario: scn, PlaceValues: tc.places, Rho: systems.PatchNumber(0.5), Psi: systems.PatchNumber(0.1)}}
			got, err := f.runValues(tc.set, nil)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			one := map[string]float64{}
			maps.Copy(one, tc.one)
			for k, x := range measured {
				if _, ok := one[k]; !ok && tc.place[k] == nil {
					one[k] = x
				}
			}
			assert.Equal(t, one, got.one)
			assert.Equal(t, tc.place, nonNil(got.place))
		})
	}
}

// nonNil returns m, or nil when it is empty.
func nonNil(m map[string][]float64) map[string][]float64 {
	if len(m) == 0 {
		return nil
	}
	return m
}

// TestRunFilePerPlace: a fit of two towns whose R0 differ (per-town keys)
// writes R0 as a scenario column; the run file passes CheckRunFile, a
// value it does not hold at one town fails it, and with ρ = 1 and ψ = 0
// its reports are, town by town and week by week, the true cases of
// Simulate's one trajectory with the same seed: the run file is the
// filter's model at each town's own value.
func TestRunFilePerPlace(t *testing.T) {
	fitText := strings.Replace(strings.Replace(fixtureFit, "places = [\"Town\"]\n", "", 1), `method = "if2"`, `method = "pfilter"`, 1)
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fitText, true))
	require.NoError(t, err)
	require.Equal(t, []string{"Town", "Village"}, f.Spec.Scenario.ID)
	set := map[string]float64{"rho": 1, "psi": 0, "r0[Town]": 35, "r0[Village]": 20}
	dir := t.TempDir()
	path := writeRunFile(t, f, dir, set, 3)
	require.NoError(t, CheckRunFile(path, set))
	assert.ErrorContains(t, CheckRunFile(path, map[string]float64{"r0[Village]": 35}), "r0[Village] = 20, the fit's is 35")
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(text), `r0 = {column = "mle_r0"}`)
	assert.Contains(t, string(text), `type = "PopulationTracker"`, "for rubeola plot's bands of the largest places")
	assert.Contains(t, string(text), `scenario = "mle_scenario.csv"`)
	scnText, err := os.ReadFile(filepath.Join(dir, RunFileScenarioName))
	require.NoError(t, err)
	assert.Contains(t, string(scnText), "mle_r0")

	reports := runRunFileGroups(t, path)
	sim, err := Simulate(context.Background(), f.Spec, f.Obs, 1, 3, set)
	require.NoError(t, err)
	require.Len(t, reports, 2)
	total := int64(0)
	for _, r := range reports[0] {
		total += r
	}
	require.Positive(t, total, "an epidemic in Town to compare")
	for p, place := range f.Obs.Places {
		require.Len(t, reports[p], len(f.Obs.Dates))
		for k := range f.Obs.Dates {
			assert.Equal(t, sim.Cases[p][k][2], float64(reports[p][k]), "%s, report %d", place, k)
		}
	}
}
