package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/systems"
)

// TestVariantRuns runs the program on run.toml: both campaigns fire (row 0
// before the halfway snapshot, row 2 after it, so the SIACalendar's
// restored state counts), and the campaign rows have the larger attack
// rates. Summarize's attack rate is the share of the initial S lost, which
// includes the S → R moves of a campaign: sia_efficacy 0.9 removes 90 % of a
// row's S at once, while rows 1 and 3 stay near the equilibrium S = P/8
// (SPEC §5.7) refilled by births; hence the 0.5 threshold.
func TestVariantRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out, "run.toml", t.TempDir()))
	text := out.String()
	assert.Contains(t, text, "run.toml: builder: grid(4×5, pop 20000), 52 ticks from 2000-01-01\n")
	assert.Contains(t, text, "campaigns fired: [0_2000-07-01 2_2001-03-01]\n")

	rates := map[string]float64{}
	for line := range strings.SplitSeq(text, "\n") {
		row, rest, ok := strings.Cut(strings.TrimPrefix(line, "row "), ": attack rate ")
		if !ok || !strings.HasPrefix(line, "row ") {
			continue
		}
		v, err := strconv.ParseFloat(strings.SplitN(rest, ",", 2)[0], 64)
		require.NoError(t, err, line)
		rates[row] = v
	}
	require.Len(t, rates, 4, "one line per grid row:\n%s", text)
	for _, row := range []string{"0", "2"} {
		assert.Greater(t, rates[row], 0.5, "campaign row %s", row)
	}
	for _, row := range []string{"1", "3"} {
		assert.Less(t, rates[row], 0.5, "row %s without campaign", row)
	}
}

// TestVariantResumeEqualsUninterrupted: the run with a snapshot halfway
// gives the same patch states, tracker arrays, campaigns and summary as the
// run without one (SPEC §9).
func TestVariantResumeEqualsUninterrupted(t *testing.T) {
	rf, err := runfile.Load("run.toml")
	require.NoError(t, err)
	whole, err := build(rf)
	require.NoError(t, err)
	require.NoError(t, whole.Run(context.Background()))
	resumed, err := resumeHalfway(rf, filepath.Join(t.TempDir(), "half.snap"))
	require.NoError(t, err)

	assert.Equal(t, whole.Tick(), resumed.Tick())
	for _, state := range []string{"S", "I", "R"} {
		a, err := whole.Patches().Column(state)
		require.NoError(t, err)
		b, err := resumed.Patches().Column(state)
		require.NoError(t, err)
		assert.Equal(t, a, b, state)
	}
	wantStates := model.InstancesOf[*metrics.StateTracker](whole)[0]
	gotStates := model.InstancesOf[*metrics.StateTracker](resumed)[0]
	for _, state := range wantStates.States() {
		a, err := wantStates.Counts(state)
		require.NoError(t, err)
		b, err := gotStates.Counts(state)
		require.NoError(t, err)
		assert.Equal(t, a, b, state)
	}
	assert.Equal(t, metrics.Summarize(wantStates), metrics.Summarize(gotStates))
	assert.Equal(t,
		model.InstancesOf[*metrics.CaseSurveillanceTracker](whole)[0].Counts(),
		model.InstancesOf[*metrics.CaseSurveillanceTracker](resumed)[0].Counts())
	assert.Equal(t,
		model.InstancesOf[*systems.SIACalendar](whole)[0].Implemented(),
		model.InstancesOf[*systems.SIACalendar](resumed)[0].Implemented())

	// ConstantPop (SPEC §5.5) keeps every town at the grid's 20 000.
	for j := range resumed.Patches().Len() {
		assert.Equal(t, int64(20000), resumed.Patches().Get(j).N(), "patch %s", resumed.Patches().ID(j))
	}
}

// TestVariantValidates does what `rubeola validate --config
// examples/variant/run.toml` does: load the run file and build its
// components against its scenario; and a misspelt key is an error naming
// the file, the entry and the key.
func TestVariantValidates(t *testing.T) {
	rf, err := runfile.Load("run.toml")
	require.NoError(t, err)
	require.NotNil(t, rf.Scenario)
	assert.Equal(t, 20, rf.Scenario.Len(), "4×5 grid")
	assert.Equal(t, 52, rf.Params.NumTicks)
	assert.Equal(t, []string{"InitializeEquilibriumStates", "ImportationPressure", "Infection", "ConstantPop",
		"SIACalendar", "StateTracker", "CaseSurveillanceTracker"}, rf.Types)
	m, err := build(rf)
	require.NoError(t, err)
	assert.Equal(t, []string{"0", "1", "2", "3"}, model.InstancesOf[*metrics.StateTracker](m)[0].GroupIDs(), "level 0 groups by row")

	src, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	bad := filepath.Join(t.TempDir(), "run.toml")
	require.NoError(t, os.WriteFile(bad, bytes.Replace(src, []byte("seasonality = 0.3"), []byte("seasonalty = 0.3"), 1), 0o644))
	_, err = runfile.Load(bad)
	assert.ErrorContains(t, err, bad+`: phases[3].seasonalty: unknown key (did you mean "seasonality"?)`)
}
