package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// TestMain registers the catch-up component as main does before the
// command line runs (the dose kind and immunity source are registered by
// catchup.go's package variables).
func TestMain(m *testing.M) {
	model.MustRegister(catchupType)
	os.Exit(m.Run())
}

// abmcatchup runs the command line in-process and returns its exit code,
// stdout and stderr.
func abmcatchup(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := newApp().Execute(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// loadRunFile reads run.toml with edit applied to its text.
func loadRunFile(t *testing.T, edit func(string) string) *runfile.File {
	t.Helper()
	data, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	rf, err := runfile.Decode(strings.NewReader(edit(string(data))), "run.toml", ".")
	require.NoError(t, err)
	return rf
}

// eligible counts the agents of an initialised model who turn age days
// old on one of the run's ticks 0 … ticks−1 and are still alive that day:
// ages and deaths are drawn once at Initialize (VitalDynamics: DOB and
// Death columns), the deaths of a day fire in VitalDynamics before
// CatchupDose runs, so a child is given the dose on day DOB + age iff Death
// > DOB + age. No child of the run's newborns reaches 5 years within a
// year, and none of these children has the MCV2 immunity bit: they were
// older than 1460 days at the start, past MCV2's 456 days, and routine
// immunisation does not vaccinate the initial agents retroactively (the
// initial states' immune are "infection").
func eligible(t *testing.T, m *model.Model, age, ticks int32) int64 {
	t.Helper()
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var n int64
	for id := range tab.Len() {
		day := tab.DOB[id] + age
		if tab.State[id] == agents.Dead || day < 0 || day >= ticks || tab.Death[id] <= day {
			continue
		}
		require.Zero(t, tab.Immunity[id]&agents.ImmuneMCV2, "agent %d", id)
		n++
	}
	return n
}

// catchupDoses runs run.toml (edited by edit) and returns the eligible
// children (at Initialize) and the catch-up doses given and immunising
// that the DosesTracker reported, summed over the records.
func catchupDoses(t *testing.T, edit func(string) string) (n, given, immunised int64) {
	t.Helper()
	rf := loadRunFile(t, edit)
	m, err := model.New(rf.Scenario, rf.Params, model.WithType(rf.Model), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(rf.Components...))
	require.NoError(t, m.Initialize())
	n = eligible(t, m, int32(DefaultCatchupParams().Age), int32(rf.Params.NumTicks))
	require.NoError(t, m.Run(context.Background()))
	trackers := model.InstancesOf[*metrics.DosesTracker](m)
	require.Len(t, trackers, 1)
	require.Contains(t, trackers[0].States(), "catchup")
	sum := func(state string) int64 {
		rows, err := trackers[0].Values(state)
		require.NoError(t, err)
		var s int64
		for _, row := range rows {
			for _, v := range row {
				s += v
			}
		}
		return s
	}
	return n, sum("catchup"), sum("catchup_immunised")
}

// TestCatchupDoses: the catch-up doses appear in the doses table under
// their own kind, as many as the set-up implies. With coverage 1 every
// eligible child (see eligible) is given one dose: exactly n. With
// run.toml's coverage 0.9 each is reached independently, so the doses are
// Binomial(n, 0.9): within 4 standard deviations of 0.9·n (a false failure
// has probability below 1e-4; the seed is fixed, so the outcome is too).
// A dose immunises only a susceptible child, so immunised ≤ given.
func TestCatchupDoses(t *testing.T) {
	n, given, immunised := catchupDoses(t, func(s string) string {
		return strings.Replace(s, "coverage = 0.9", "coverage = 1.0", 1)
	})
	// About 2 % of the 20 000 agents are aged 4–5 (the equilibrium ages):
	// hundreds, enough for the bound below to be tight.
	require.Greater(t, n, int64(200), "children turning 5 within the run")
	assert.Equal(t, n, given, "coverage 1: one dose per eligible child")
	assert.LessOrEqual(t, immunised, given)

	n2, given2, immunised2 := catchupDoses(t, func(s string) string { return s })
	assert.Equal(t, n, n2, "the same set-up before the first catch-up draw")
	const cov = 0.9
	sd := math.Sqrt(float64(n2) * cov * (1 - cov))
	assert.InDelta(t, cov*float64(n2), float64(given2), 4*sd, "Binomial(%d, %v)", n2, cov)
	assert.LessOrEqual(t, immunised2, given2)
	t.Logf("eligible %d; coverage 1: %d doses (%d immunised); coverage 0.9: %d doses (%d immunised)", n, given, immunised, given2, immunised2)
	assert.Positive(t, immunised2, "some of the children were still susceptible")
}

// readFile returns a file of an output directory.
func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(data)
}

// comparableSummary is summary.json without what a resume may change: the
// wall-clock fields and the inputs (which name the snapshot file).
func comparableSummary(t *testing.T, dir string) map[string]any {
	t.Helper()
	var sum map[string]any
	require.NoError(t, json.Unmarshal([]byte(readFile(t, dir, "summary.json")), &sum))
	for _, k := range []string{"timing_us", "init_us", "wall_time_seconds", "setup_seconds", "inputs"} {
		delete(sum, k)
	}
	return sum
}

// TestSnapshotResume: the catch-up is snapshot-safe. run.toml run for its
// 365 ticks straight, with a snapshot at tick 182 (about N/2), and
// resumed from that snapshot, writes the same tables byte for byte —
// states, the doses with the catch-up kind, the immunity profile with the
// catch-up class — and the same summary (timings and inputs aside): the
// calendar, the doses of the registered kind and the immunity bits came
// back from the snapshot, and no child was scheduled twice.
func TestSnapshotResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole")
	code, _, stderr := abmcatchup("run", "--config", "run.toml", "--out", whole, "--snapshot-every", "182", "--no-progress")
	require.Equal(t, 0, code, stderr)
	snap := filepath.Join(whole, "snapshots", "tick-000182.snap")
	require.FileExists(t, snap)
	resumed := filepath.Join(dir, "resumed")
	code, _, stderr = abmcatchup("resume", snap, "--out", resumed, "--no-progress")
	require.Equal(t, 0, code, stderr)
	for _, f := range []string{"states.csv", "doses.csv", "immunity_by_age.csv"} {
		assert.Equal(t, readFile(t, whole, f), readFile(t, resumed, f), f)
	}
	assert.Contains(t, readFile(t, whole, "doses.csv"), ",catchup_immunised,")
	assert.Contains(t, readFile(t, whole, "immunity_by_age.csv"), ",catchup/1825-2190,")
	assert.Equal(t, comparableSummary(t, whole), comparableSummary(t, resumed))
}
