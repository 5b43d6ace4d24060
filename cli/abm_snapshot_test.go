package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameFiles asserts that every file named exists in both directories with
// the same bytes.
func sameFiles(t *testing.T, wantDir, gotDir string, names ...string) {
	t.Helper()
	for _, f := range names {
		want, err := os.ReadFile(filepath.Join(wantDir, f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(gotDir, f))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), f)
	}
}

// TestABMSnapshotEveryAndResume: `run --snapshot-every` of an agent-based
// run file writes snapshots with the agents; `resume` from one writes the
// states of the uninterrupted run byte for byte and its summary (timings
// and inputs aside), for a single run and for an ensemble of 2.
func TestABMSnapshotEveryAndResume(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "abm.toml", abmRunFile)
	for _, tc := range []struct {
		name  string
		extra []string
		files []string
	}{
		{"single run", nil, []string{"states.csv"}},
		{"ensemble", []string{"--replicates", "2", "--keep-replicates"},
			[]string{"ensemble/states.csv", "replicates/r000/states.csv", "replicates/r001/states.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := filepath.Join(dir, tc.name, "whole")
			args := append([]string{"run", "--config", cfg, "--out", whole, "--snapshot-every", "50", "--no-progress"}, tc.extra...)
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			snap := filepath.Join(whole, "snapshots", "tick-000050.snap")
			require.FileExists(t, snap)
			out := filepath.Join(dir, tc.name, "resumed")
			args = []string{"resume", snap, "--out", out, "--no-progress"}
			if tc.extra != nil {
				args = append(args, "--keep-replicates")
			}
			code, _, stderr = runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			sameFiles(t, whole, out, tc.files...)
			summary := strings.TrimSuffix(tc.files[0], "states.csv") + "summary.json"
			assert.Equal(t, comparableSummary(t, filepath.Join(whole, summary)), comparableSummary(t, filepath.Join(out, summary)))
		})
	}
}

// TestABMSweep runs a sweep of an agent-based run file end to end (two
// beta values, two replicates per point): every point is the ensemble
// `rubeola run --replicates 2` of its run file writes, byte for byte, and
// sweep.csv has a row per point.
func TestABMSweep(t *testing.T) {
	dir := t.TempDir()
	base := strings.Replace(abmRunFile, "num_ticks = 120", "num_ticks = 40", 1)
	sweepFile := writeFile(t, dir, "sweep.toml", base+"\n[sweep]\n\"phases.Infection.beta\" = [0.8, 1.5]\nreplicates = 2\n")
	out := filepath.Join(dir, "sweep")
	code, _, stderr := runCLI(t, "sweep", sweepFile, "--out", out)
	require.Equal(t, 0, code, stderr)
	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 3, "a header and two points")
	assert.Equal(t, []string{"1", "1.5"}, rows[2][:2])
	// Point 1 is the run file with beta = 1.5 (the file's own value).
	alone := filepath.Join(dir, "alone")
	code, _, stderr = runCLI(t, "run", "--config", writeFile(t, dir, "point1.toml", base), "--replicates", "2", "--out", alone, "--no-progress")
	require.Equal(t, 0, code, stderr)
	sameFiles(t, alone, filepath.Join(out, "points", "p00001"), "ensemble/states.csv")
}

// abmEveryComponentRunFile is a small agent-based run with every ABM
// component that keeps state across ticks: initial states, importation,
// transmission, WPP demography from the files beside it, maternal
// antibodies (listed every 60 days), routine MCV1 and MCV2 (the
// scenario's columns), an SIA on day 70 for group A, and the doses and
// people trackers.
const abmEveryComponentRunFile = `model = "abm"
scenario = "s.csv"

[params]
num_ticks = 200
seed = 6

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "ImportationPressure"

[[phases]]
type = "Infection"
beta = 2

[[phases]]
type = "WPPVitalDynamics"
pyramid = "pyramid.csv"
mortality = "mortality.csv"
fertility = "fertility.csv"

[[phases]]
type = "MaternalImmunity"
census_days = 60

[[phases]]
type = "RoutineImmunization"
mcv1_age = 60
mcv2_age = 120

[[phases]]
type = "SIACalendar"
aggregation_level = 0
sia_schedule = [{id = "A", date = "2000-03-11"}]

[[phases]]
type = "DosesTracker"
aggregation_level = -2

[[phases]]
type = "StateTracker"
aggregation_level = -2

[[phases]]
type = "AgePyramidTracker"
frequency = "monthly"

[[phases]]
type = "AgeAtInfectionTracker"
frequency = "monthly"

[[phases]]
type = "ImmunityByAgeTracker"
frequency = "monthly"
`

// writeEveryComponentRun writes the run file, its scenario and its WPP
// tables (mortality mx per year at every age) into dir.
func writeEveryComponentRun(t *testing.T, dir string, mx float64) string {
	t.Helper()
	writeFile(t, dir, "s.csv", "id,pop,lat,lon,mcv1,mcv2\nA:1,3000,51.5,-0.1,0.8,0.5\nA:2,2500,51.6,-0.2,0.8,0.5\nB:1,2000,52,0,0.7,0.4\n")
	writeFile(t, dir, "pyramid.csv", "age_min,age_max,count\n0,5,30\n5,15,45\n15,50,90\n50,100,35\n")
	writeFile(t, dir, "mortality.csv", fmt.Sprintf("year_min,year_max,age_min,age_max,mx\n1990,2100,0,150,%g\n", mx))
	writeFile(t, dir, "fertility.csv", "year_min,year_max,cbr\n1990,2100,40\n")
	return writeFile(t, dir, "run.toml", abmEveryComponentRunFile)
}

// TestABMEveryComponentResume: `resume` from snapshots of a run with
// every ABM component (before the SIA, after it, past two maternal
// listings) writes every output of the uninterrupted run byte for byte;
// a mortality file changed since the snapshot is refused (exit 2, named,
// nothing written).
func TestABMEveryComponentResume(t *testing.T) {
	dir := t.TempDir()
	cfg := writeEveryComponentRun(t, dir, 0.02)
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--out", whole, "--snapshot-every", "50", "--no-progress")
	require.Equal(t, 0, code, stderr)
	outputs := []string{"states.csv", "doses.csv", "age_pyramid.csv", "age_at_infection.csv", "immunity_by_age.csv"}
	for _, tick := range []string{"000050", "000100", "000150"} {
		snap := filepath.Join(whole, "snapshots", "tick-"+tick+".snap")
		out := filepath.Join(dir, "resumed-"+tick)
		code, _, stderr := runCLI(t, "resume", snap, "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		sameFiles(t, whole, out, outputs...)
		assert.Equal(t, comparableSummary(t, filepath.Join(whole, "summary.json")), comparableSummary(t, filepath.Join(out, "summary.json")), tick)
	}
	writeEveryComponentRun(t, dir, 0.03)
	out := filepath.Join(dir, "changed")
	code, _, stderr = runCLI(t, "resume", filepath.Join(whole, "snapshots", "tick-000100.snap"), "--out", out, "--no-progress")
	requireRefused(t, out, code, stderr, "WPPVitalDynamicsProcess: mortality = ", "the tables differ from the ones the snapshot's run read")
}
