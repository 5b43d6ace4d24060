package cli

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSweepCompartmental: a sweep of a compartmental run file resolves
// phases.Infection to the SEIR transmission (exp_mu is its key), runs every
// point in the compartmental model and has a final_E column; in this closed
// population (no births, no importation) each point's infections, the
// S → E count, equal the S it lost.
func TestSweepCompartmental(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "sweep.toml", `model = "compartmental"
scenario = { builder = "grid", rows = 3, cols = 3, pop = 50000, mcv1 = 0 }

[params]
num_ticks = 200
seed = 1

[[phases]]
type = "InfectionSeeding"
num_infections = 20

[[phases]]
type = "Infection"
beta = 1.5

[[phases]]
type = "StateTracker"

[sweep]
mode = "grid"
"phases.Infection.exp_mu" = [4, 10]
"params.seed" = { from = 1, to = 2 }
`)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "rubeola sweep: 4 points; 4 run")
	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 5)
	assert.Equal(t, []string{"point", "phases.Infection.exp_mu", "params.seed", "attack_rate", "peak_tick", "peak_infectious",
		"infections", "final_S", "final_E", "final_I", "final_R", "fadeout_events", "faded_patches_final", "extinct"}, rows[0])
	col := func(r []string, name string) int64 {
		for k, h := range rows[0] {
			if h == name {
				v, err := strconv.ParseInt(r[k], 10, 64)
				require.NoError(t, err, name)
				return v
			}
		}
		t.Fatalf("no column %s", name)
		return 0
	}
	for _, r := range rows[1:] {
		// 9 towns of 50 000, 20 seeded into E (S → E before tick 0, not counted).
		assert.Equal(t, int64(9*50000-20)-col(r, "final_S"), col(r, "infections"), r)
		assert.Positive(t, col(r, "infections"), "β 1.5, R0 ≈ 12: the outbreak takes off, %v", r)
	}
}

// TestModelFlagAgainstRunFile: --model and a run file's model key must
// agree; a file without the key is a biweekly file, and the message says
// to put the key in the file.
func TestModelFlagAgainstRunFile(t *testing.T) {
	dir := t.TempDir()
	plain := writeFile(t, dir, "plain.toml", "scenario = { builder = \"two_patch\" }\n[[phases]]\ntype = \"StateTracker\"\n")
	daily := writeFile(t, dir, "daily.toml", "model = \"compartmental\"\nscenario = { builder = \"two_patch\" }\n[[phases]]\ntype = \"StateTracker\"\n")
	tests := []struct {
		name, file, model string
		code              int
		msg               string
	}{
		{"no key, --model compartmental", plain, "compartmental", 2,
			`plain.toml has no model key, so its components are the biweekly model's, and --model compartmental was given: add model = "compartmental" to the file instead`},
		{"key, other --model", daily, "biweekly", 2,
			`daily.toml is a compartmental model (model = "compartmental") and --model biweekly was given: use one of them`},
		{"key, same --model", daily, "compartmental", 0, ""},
		{"no key, --model biweekly", plain, "biweekly", 0, ""},
		{"unknown --model", plain, "seir", 2, `--model "seir": want ["biweekly" "compartmental" "abm"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "validate", "--config", tt.file, "--model", tt.model)
			assert.Equal(t, tt.code, code, stderr)
			if tt.msg != "" {
				assert.Contains(t, stderr, tt.msg)
			}
		})
	}
}

// TestSweepReportedCases: with a CaseSurveillanceTracker in the base file
// the sweep table has reported_cases, the tracker's total, so a sweep over
// the reporting keys shows their effect (ρ = 0.2 reports fewer cases than
// ρ = 0.8 of the same epidemic: same seed, and the tracker's draws never
// change the epidemic); an ensemble point reports the median.
func TestSweepReportedCases(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "sweep.toml", `scenario = { builder = "grid", rows = 2, cols = 2, pop = 20000, mcv1 = 0 }
[params]
num_ticks = 26
seed = 3
[[phases]]
type = "InfectionSeeding"
num_infections = 10
[[phases]]
type = "Infection"
beta = 1.0
[[phases]]
type = "StateTracker"
[[phases]]
type = "CaseSurveillanceTracker"
reporting = "negative_binomial"
psi = 0.3
[ensemble]
replicates = 3
[sweep]
"phases.CaseSurveillanceTracker.detection_rate" = [0.2, 0.8]
`)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	rows := readCSV(t, filepath.Join(out, "sweep.csv"))
	require.Len(t, rows, 3)
	last := len(rows[0]) - 1
	require.Equal(t, "reported_cases", rows[0][last])
	low, err := strconv.ParseFloat(rows[1][last], 64)
	require.NoError(t, err)
	high, err := strconv.ParseFloat(rows[2][last], 64)
	require.NoError(t, err)
	assert.Positive(t, low)
	assert.Greater(t, high, 2*low, "ρ 0.8 against 0.2 of the same epidemics: about 4 times the cases")
}

// TestSummaryLineNamesTheTick: the run summary's first line says daily
// ticks for the compartmental model, single run and ensemble, and keeps the
// biweekly wording.
func TestSummaryLineNamesTheTick(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--model", "compartmental"}, "100 patches (population 6388580), 30 daily ticks from 2000-01\n"},
		{[]string{"--model", "compartmental", "--replicates", "2"}, "100 patches (population 6388580), 30 daily ticks from 2000-01\n"},
		{nil, "100 patches (population 6388580), 30 ticks from 2000-01\n"},
	}
	for k, tt := range tests {
		args := append([]string{"run", "--ticks", "30", "--no-progress", "--out", filepath.Join(dir, strconv.Itoa(k))}, tt.args...)
		code, stdout, stderr := runCLI(t, args...)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, tt.want, tt.args)
	}
}
