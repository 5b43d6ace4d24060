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
// point as a daily model and has a final_E column; in this closed
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
