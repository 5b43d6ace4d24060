package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// abmPeopleRunFile is a two-year agent-based run with the three trackers
// of people (the age pyramid per patch, monthly).
const abmPeopleRunFile = `model = "abm"
scenario = { builder = "grid", rows = 2, cols = 2, pop = 4000, mcv1 = 0 }

[params]
num_ticks = 730
seed = 9
start_time = "2000-01"

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "ImportationPressure"

[[phases]]
type = "Infection"

[[phases]]
type = "VitalDynamics"

[[phases]]
type = "StateTracker"

[[phases]]
type = "AgePyramidTracker"
frequency = "monthly"
age_bins = [0, 365, 3650]
aggregation_level = -2

[[phases]]
type = "AgeAtInfectionTracker"

[[phases]]
type = "ImmunityByAgeTracker"
`

// TestRunABMPeopleTrackers runs the trackers of people from a run file:
// their tables have the documented states and samples (docs/outputs.md),
// and rubeola plot draws their three pictures instead of user-table ones.
func TestRunABMPeopleTrackers(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "abm.toml", abmPeopleRunFile)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--config", file, "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)

	pyramid := readCSV(t, filepath.Join(out, "age_pyramid.csv"))
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, pyramid[0])
	// 24 monthly samples (2000-01-01 … 2001-12-01) × 3 bins × 4 patches
	assert.Len(t, pyramid, 1+24*3*4)
	assert.Equal(t, []string{"0", "2000-01-01", "0:0", "0-365", pyramid[1][4]}, pyramid[1])
	assert.Equal(t, "3650+", pyramid[1+2*4][3])

	infection := readCSV(t, filepath.Join(out, "age_at_infection.csv"))
	// two yearly windows, each dated its last day (2000 has 366 days: tick
	// 729 is 30 December 2001, the run's last), × (21 bins + age_days_sum)
	assert.Len(t, infection, 1+2*22)
	assert.Equal(t, []string{"365", "2000-12-31", "all_patches", "0-365"}, infection[1][:4])
	assert.Equal(t, []string{"729", "2001-12-30", "all_patches", "age_days_sum"}, infection[len(infection)-1][:4])

	immunity := readCSV(t, filepath.Join(out, "immunity_by_age.csv"))
	// two yearly samples × 8 classes × 38 bins
	assert.Len(t, immunity, 1+2*8*38)
	assert.Equal(t, "S/0-30", immunity[1][3])

	code, _, stderr = runCLI(t, "plot", out)
	require.Equal(t, 0, code, stderr)
	for _, name := range []string{"age-pyramid", "age-at-infection", "immunity-by-age"} {
		assert.FileExists(t, filepath.Join(out, "plots", name+".png"))
	}
	assert.NoFileExists(t, filepath.Join(out, "plots", "table-age_pyramid.png"), "a built-in table")
}

// TestABMPeopleTrackerBadParams: bad tracker settings are named errors
// with exit code 2 from validate.
func TestABMPeopleTrackerBadParams(t *testing.T) {
	cases := []struct{ phase, want string }{
		{"type = \"AgePyramidTracker\"\nfrequency = \"weekly\"", `frequency: "weekly" is not one of`},
		{"type = \"AgeAtInfectionTracker\"\nage_bins = [0, 365, 300]", "age_bins[2]: 300 does not exceed age_bins[1] = 365"},
		{"type = \"ImmunityByAgeTracker\"\nage_bins = [-1]", "age_bins[0]: -1 is not an age in days"},
		{"type = \"ImmunityByAgeTracker\"\nage_bins = []", "age_bins: empty"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			dir := t.TempDir()
			file := writeFile(t, dir, "abm.toml", abmRunFile+"\n[[phases]]\n"+c.phase+"\n")
			code, _, stderr := runCLI(t, "validate", "--config", file)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, c.want)
		})
	}
}
