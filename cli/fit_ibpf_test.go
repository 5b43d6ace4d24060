package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fitTestIBPF are the tables of an IBPF fit of the two towns of
// fitTestTowns: R0 shared, rho per town with a start per town.
const fitTestIBPF = `method = "ibpf"
iterations = 2

[[estimate]]
name = "r0"
lower = 10
upper = 100
start = 40
rw_sd = 0.05

[[estimate]]
name = "rho"
per = "town"
lower = 0.1
upper = 0.9
start = {Town = 0.4, Ville = 0.6}
`

// fitTestTowns are the two towns of the IBPF tests.
var fitTestTowns = []fitTown{{"Town", 1000000}, {"Ville", 500000}}

func TestFitIBPF(t *testing.T) {
	dir := t.TempDir()
	file := fitFixtureTowns(t, dir, fitTestIBPF, fitTestTowns)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "fit", file, "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "ibpf: iteration 2/2: loglik")
	assert.Contains(t, stdout, "ibpf: 2 iterations in ")
	assert.ElementsMatch(t, []string{"trace.csv", "trace_towns.csv", "mle.json", "trace.png", "simulated.csv", "seasonal_profile.csv", "seasonal_profile.json", "seasonal_profile.png", "fit.png",
		"mle.toml", "mle_scenario.csv"}, fitFiles(t, out), "mle.toml reads the towns' own rho from mle_scenario.csv")
	trace := csvLines(t, filepath.Join(out, "fit", "trace.csv"))
	assert.Equal(t, "iteration,loglik,r0", trace[0])
	assert.Len(t, trace, 3)
	towns := csvLines(t, filepath.Join(out, "fit", "trace_towns.csv"))
	assert.Equal(t, "iteration,town,rho", towns[0])
	require.Len(t, towns, 5, "2 iterations × 2 towns")
	assert.True(t, strings.HasPrefix(towns[1], "1,Town,"), towns[1])
	assert.True(t, strings.HasPrefix(towns[4], "2,Ville,"), towns[4])
	mle := readJSON(t, filepath.Join(out, "fit", "mle.json"))
	assert.Contains(t, mle["params"], "r0")
	assert.NotContains(t, mle["params"], "rho", "rho is per town")
	require.Contains(t, mle, "towns")
	for _, town := range []string{"Town", "Ville"} {
		assert.Contains(t, mle["towns"].(map[string]any)[town], "rho")
	}
	sim := csvLines(t, filepath.Join(out, "fit", "simulated.csv"))
	assert.Len(t, sim, 41, "both towns' reports, simulated at their own rho")

	// --loglik evaluates the start: the towns' own rho, which --simulate
	// simulates, each town at its own.
	code, _, stderr = runCLI(t, "fit", file, "--loglik", "--simulate", "2", "--out", filepath.Join(dir, "ll"))
	require.Equal(t, 0, code, stderr)
	ll := readJSON(t, filepath.Join(dir, "ll", "fit", "loglik.json"))
	assert.Equal(t, map[string]any{"r0": 40.0, "rho[Town]": 0.4, "rho[Ville]": 0.6}, ll["set"])
	toml, err := os.ReadFile(filepath.Join(dir, "ll", "fit", "mle.toml"))
	require.NoError(t, err)
	assert.Contains(t, string(toml), `detection_rate = {column = "mle_rho"}`)
	scn, err := os.ReadFile(filepath.Join(dir, "ll", "fit", "mle_scenario.csv"))
	require.NoError(t, err)
	assert.Contains(t, string(scn), "Ville,500000,52.5,-0.1,0,0.6")
	assert.DirExists(t, filepath.Join(dir, "ll", "fit", "simulate", "replicates", "r001"))
}

// TestFitIBPFResume: an IBPF fit stopped after iteration 2 of 3 and run
// again with --resume writes the uninterrupted fit's files (mle.json but
// its wall times).
func TestFitIBPFResume(t *testing.T) {
	dir := t.TempDir()
	file := fitFixtureTowns(t, dir, strings.Replace(fitTestIBPF, "iterations = 2", "iterations = 3", 1), fitTestTowns)
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "fit", file, "--out", whole, "--no-plot")
	require.Equal(t, 0, code, stderr)

	out := filepath.Join(dir, "out")
	checkpointSaved = func(c *fitCheckpoint) error {
		if c.IF2 != nil && len(c.IF2.Trace) == 2 {
			return errors.New("killed")
		}
		return nil
	}
	code, _, stderr = runCLI(t, "fit", file, "--out", out, "--no-plot")
	checkpointSaved = func(*fitCheckpoint) error { return nil }
	require.Equal(t, 1, code, stderr)
	code, _, stderr = runCLI(t, "fit", file, "--out", out, "--no-plot", "--resume")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "ibpf: resuming after iteration 2")
	for _, name := range []string{"trace.csv", "trace_towns.csv", "simulated.csv"} {
		assert.Equal(t, readString(t, filepath.Join(whole, "fit", name)), readString(t, filepath.Join(out, "fit", name)), name)
	}
	assert.Equal(t, readJSON(t, filepath.Join(whole, "fit", "mle.json"), "if2_seconds", "eval_seconds"),
		readJSON(t, filepath.Join(out, "fit", "mle.json"), "if2_seconds", "eval_seconds"))
}

// TestFitIBPFProfileShardMerge: a profile of the shared R0 of two towns
// (IBPF inside, rho per town) run whole and as two shards merged gives
// the same profile.csv and mcap.json, with every town's rho as a column.
func TestFitIBPFProfileShardMerge(t *testing.T) {
	dir := t.TempDir()
	tables := strings.Replace(fitTestIBPF, `method = "ibpf"`, `method = "profile"`, 1) + "\n[profile]\nparameter = \"r0\"\n" + fitTestProfileRange + "\n"
	file := fitFixtureTowns(t, dir, tables, fitTestTowns)
	whole := filepath.Join(dir, "whole")
	code, stdout, stderr := runCLI(t, "fit", file, "--out", whole, "--no-progress", "--no-plot")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "profile of r0: 8 values, 8 searches; MLE ")
	prof := csvLines(t, filepath.Join(whole, "fit", "profile.csv"))
	assert.Equal(t, "parameter,index,value,start,loglik,se,r0,rho[Town],rho[Ville]", prof[0])

	var shards []string
	for i := range 2 {
		d := filepath.Join(dir, fmt.Sprintf("shard%d", i))
		code, _, stderr := runCLI(t, "fit", file, "--shard", fmt.Sprintf("%d/2", i), "--out", d, "--no-progress")
		require.Equal(t, 0, code, stderr)
		shards = append(shards, d)
	}
	merged := filepath.Join(dir, "merged")
	code, _, stderr = runCLI(t, "fit", "merge", "--out", merged, "--no-plot", shards[0], shards[1])
	require.Equal(t, 0, code, stderr)
	for _, name := range []string{"profile.csv", "mcap.json"} {
		assert.Equal(t, readString(t, filepath.Join(whole, "fit", name)), readString(t, filepath.Join(merged, "fit", name)), name)
	}
}
