package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// abmRunFile is a small agent-based run: a 3×3 grid of 5 000 people,
// seeded, with births and deaths, per-patch states.
const abmRunFile = `model = "abm"
scenario = { builder = "grid", rows = 3, cols = 3, pop = 5000, mcv1 = 0 }

[params]
num_ticks = 120
seed = 4

[[phases]]
type = "InfectionSeeding"
num_infections = 20

[[phases]]
type = "Infection"
beta = 1.5

[[phases]]
type = "VitalDynamics"

[[phases]]
type = "StateTracker"
aggregation_level = -2
`

// TestRunABM runs an agent-based run file and checks its outputs: the
// summary names the model and counts the S → E transitions, states.csv
// has the four states of every patch, and a rerun writes the same bytes.
func TestRunABM(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "abm.toml", abmRunFile)
	var states [2][]byte
	for k := range states {
		out := filepath.Join(dir, "out", string(rune('a'+k)))
		code, stdout, stderr := runCLI(t, "run", "--config", file, "--out", out, "--no-progress")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "120 daily ticks")
		assert.Regexp(t, `total infections: [1-9]\d*`, stdout)
		var err error
		states[k], err = os.ReadFile(filepath.Join(out, "states.csv"))
		require.NoError(t, err)
		summary, err := os.ReadFile(filepath.Join(out, "summary.json"))
		require.NoError(t, err)
		assert.Contains(t, string(summary), `"model_type": "ABMModel"`)
	}
	assert.Equal(t, states[0], states[1])
	rows := readCSV(t, filepath.Join(dir, "out", "a", "states.csv"))
	// a header and 120 ticks (0…119) × 9 patches × 4 states
	assert.Equal(t, 1+120*9*4, len(rows))
}

// TestRunABMMemoryRefused: a limit below the agent table refuses the run
// with exit code 2 before anything is written.
func TestRunABMMemoryRefused(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "abm.toml", abmRunFile)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--config", file, "--out", out, "--no-progress", "--max-memory", "100kB")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "agents: ")
	assert.NoDirExists(t, out)
}
