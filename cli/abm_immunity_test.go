package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// immunityScenario has two groups ("A", "B") with MCV1 and MCV2 coverage.
const immunityScenario = "id,pop,lat,lon,mcv1,mcv2\nA:1,1000,51.5,-0.1,0.8,0.5\nA:2,1200,51.6,-0.2,0.8,0.5\nB:1,900,52,0,0.7,0.4\n"

// TestABMImmunityBadInput: bad values of the immunity phases and the ABM
// SIA calendar (coverage outside [0, 1], ages out of range or reversed,
// efficacy outside [0, 1], an unknown group, MCV2 coverage given twice,
// ages missing) are named errors: validate and run exit 2, run writes
// nothing.
func TestABMImmunityBadInput(t *testing.T) {
	const head = "model = \"abm\"\nscenario = \"s.csv\"\n[params]\nnum_ticks = 20\n[[phases]]\ntype = \"VitalDynamics\"\n"
	const sia = "[[phases]]\ntype = \"SIACalendar\"\naggregation_level = 0\nsia_schedule = [{id = \"A\", date = \"2000-01-05\"}]\n"
	for _, tc := range []struct {
		name, phases, want string
	}{
		{"routine efficacy", "[[phases]]\ntype = \"RoutineImmunization\"\nefficacy = 1.5\n",
			"RoutineImmunizationProcess: efficacy must be in [0, 1], got 1.5"},
		{"routine age negative", "[[phases]]\ntype = \"RoutineImmunization\"\nmcv1_age = -1\n",
			"RoutineImmunizationProcess: mcv1_age must be an age of 1…3650 days, got -1"},
		{"routine ages reversed", "[[phases]]\ntype = \"RoutineImmunization\"\nmcv1_age = 400\nmcv2_age = 300\n",
			"RoutineImmunizationProcess: mcv2_age (300 days) must be after mcv1_age (400 days)"},
		{"mcv2 twice", "[[phases]]\ntype = \"RoutineImmunization\"\nmcv2_coverage = 0.5\n",
			"RoutineImmunizationProcess: mcv2_coverage = 0.5 and the scenario's mcv2 column both give the MCV2 coverage"},
		{"maternal share", "[[phases]]\ntype = \"MaternalImmunity\"\nsource = \"share\"\nmaternal_share = 2\n",
			"MaternalImmunityProcess: maternal_share must be in [0, 1], got 2"},
		{"maternal source", "[[phases]]\ntype = \"MaternalImmunity\"\nsource = \"aunt\"\n",
			`MaternalImmunityProcess: source: "aunt" is not one of ["mother" "share"]`},
		{"sia coverage", sia + "coverage = 1.1\n", "SIACalendarProcess: coverage must be in [0, 1], got 1.1"},
		{"sia group coverage", sia + "group_coverage = {A = -0.5}\n", `SIACalendarProcess: group_coverage["A"] must be in [0, 1], got -0.5`},
		{"sia unknown group", sia + "group_coverage = {C = 0.5}\n", `SIACalendarProcess: group_coverage keys ["C"] are not groups`},
		{"sia ages reversed", sia + "min_age = 900\nmax_age = 300\n", "SIACalendarProcess: min_age (900 days) must not exceed max_age (300 days)"},
		{"sia age too old", sia + "max_age = 4000\n", "SIACalendarProcess: max_age must be an age of 0…3650 days, got 4000"},
		{"sia efficacy", sia + "sia_efficacy = -1\n", "SIACalendarProcess: sia_efficacy must be in [0, 1], got -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "s.csv", immunityScenario)
			cfg := writeFile(t, dir, "run.toml", head+tc.phases)
			code, stdout, stderr := runCLI(t, "validate", "--config", cfg)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, _, stderr = runCLI(t, "run", "--no-progress", "--out", out, "--config", cfg)
			requireRefused(t, out, code, stderr, tc.want)
		})
	}
	t.Run("no ages", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, dir, "s.csv", immunityScenario)
		cfg := writeFile(t, dir, "run.toml", "model = \"abm\"\nscenario = \"s.csv\"\n[params]\nnum_ticks = 20\n[[phases]]\ntype = \"RoutineImmunization\"\n[[phases]]\ntype = \"StateTracker\"\n")
		code, _, stderr := runCLI(t, "validate", "--config", cfg)
		assert.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "RoutineImmunizationProcess acts by age: the schedule needs a phase that draws the agents' ages")
	})
}

// TestABMDosesExported: a run with routine immunisation, an SIA and the
// doses tracker writes doses.csv, a tidy table (tick, date, patch_id,
// state, count) with the six dose states per group, like every tracker.
func TestABMDosesExported(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "s.csv", immunityScenario)
	cfg := writeFile(t, dir, "run.toml", "model = \"abm\"\nscenario = \"s.csv\"\n[params]\nnum_ticks = 20\n"+
		"[[phases]]\ntype = \"VitalDynamics\"\n[[phases]]\ntype = \"RoutineImmunization\"\n"+
		"[[phases]]\ntype = \"SIACalendar\"\naggregation_level = 0\nsia_schedule = [{id = \"A\", date = \"2000-01-05\"}]\n"+
		"[[phases]]\ntype = \"DosesTracker\"\naggregation_level = 0\n[[phases]]\ntype = \"StateTracker\"\n")
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--no-progress", "--out", out, "--config", cfg)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(filepath.Join(out, "doses.csv"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	assert.Equal(t, "tick,date,patch_id,state,count", lines[0])
	// 20 ticks × 6 states × 2 groups.
	assert.Len(t, lines, 1+20*6*2)
	states := map[string]bool{}
	for _, l := range lines[1:] {
		states[strings.Split(l, ",")[3]] = true
	}
	assert.Equal(t, map[string]bool{"MCV1": true, "MCV2": true, "SIA": true,
		"MCV1_immunised": true, "MCV2_immunised": true, "SIA_immunised": true}, states)
}
