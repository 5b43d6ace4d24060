package model

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

const allOptionsRunFile = `
model = "compartmental"
[scenario]
builder = "random_n"
n = 700
seed = 5
[params]
num_ticks = 400
seed = 13
start_time = "2023-12"
show_progress = false
[[phases]]
type = "InfectionSeeding"
num_infections = 40
[[phases]]
type = "ImportationPressure"
[[phases]]
type = "Infection"
beta = 0.9
alpha = 0.95
season = {type = "terms", amplitude = 0.3, holidays = [["12-20", "01-04"], ["07-20", "09-05"]]}
[[phases]]
type = "VitalDynamics"
crude_birth_rate = 30
cohort = {share = 0.6, day = "01-01"}
[[phases]]
type = "StateTracker"
aggregation_level = -2
[[phases]]
type = "CaseSurveillanceTracker"
reporting = "negative_binomial"
psi = 0.3
aggregate_days = 7
count = "incidence"
detection_rate = 0.5
`

// TestCompartmentalAllOptionsDeterminism: a daily run with every new option
// at once (seeding into E, importation, alpha and school terms, births with
// a New-Year cohort, weekly negative-binomial reports of the incidence)
// gives the same E trajectories and reports for use_numba true/false and 1
// or 2 workers, and a run resumed mid-week (ticks 3, 31, 200) is
// bit-identical to the uninterrupted one.
func TestCompartmentalAllOptionsDeterminism(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader(allOptionsRunFile), "run.toml", t.TempDir())
	require.NoError(t, err)
	build := func(numba bool, workers int) *Model {
		p := rf.Params
		p.Parallel = numba
		m, err := New(rf.Scenario, p, WithType(rf.Model), WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(workers))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(rf.Components...))
		return m
	}
	out := func(m *Model) ([]int64, [][]int64) {
		s := must(InstancesOf[*metrics.StateTracker](m)[0].Counts("E"))
		var flat []int64
		for _, r := range s {
			flat = append(flat, r...)
		}
		return flat, InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts()
	}
	ref := build(true, 1)
	require.NoError(t, ref.Run(context.Background()))
	wantE, wantC := out(ref)
	require.NotZero(t, len(wantC[0]), "weekly rows")
	for _, c := range []struct {
		numba   bool
		workers int
	}{{false, 1}, {true, 2}, {false, 2}} {
		m := build(c.numba, c.workers)
		require.NoError(t, m.Run(context.Background()))
		gotE, gotC := out(m)
		assert.Equal(t, wantE, gotE, "%+v", c)
		assert.Equal(t, wantC, gotC, "%+v", c)
	}
	for _, k := range []int{3, 31, 200} {
		path := filepath.Join(t.TempDir(), "c.snap")
		first := build(true, 1)
		require.NoError(t, first.Initialize())
		require.NoError(t, first.RunTicks(context.Background(), k))
		require.NoError(t, first.SaveSnapshot(path))
		resumed, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(2))
		require.NoError(t, err)
		require.NoError(t, resumed.Run(context.Background()))
		gotE, gotC := out(resumed)
		assert.Equal(t, wantE, gotE, "split %d", k)
		assert.Equal(t, wantC, gotC, "split %d", k)
	}
}
