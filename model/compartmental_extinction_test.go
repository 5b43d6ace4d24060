package model

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// latentGapRunFile: one patch, a long latent period (10 days) and a short
// infectious one (1 day), so the infectious people of a generation have
// often all recovered while the next generation is still exposed: I falls
// to 0 with E > 0 and the epidemic goes on.
const latentGapRunFile = `
model = "compartmental"
[scenario]
builder = "single_patch"
pop = 100000
[params]
num_ticks = 120
seed = 4
show_progress = false
[[phases]]
type = "InfectionSeeding"
num_infections = 2
[[phases]]
type = "Infection"
beta = 1
exp_mu = 10
inf_mu = 1
[[phases]]
type = "StateTracker"
`

// TestReplicateOutcomeExtinctionCountsE: in the compartmental model the
// epidemic is extinct when no one is infected, E + I = 0, not when I alone
// is 0: an outcome's extinction tick must have E = 0 too, and a fade-out
// event must not be counted while E > 0.
func TestReplicateOutcomeExtinctionCountsE(t *testing.T) {
	rf, err := decodeRunFile(strings.NewReader(latentGapRunFile), "run.toml", t.TempDir())
	require.NoError(t, err)
	m, err := New(rf.Scenario, rf.Params, WithType(rf.Model), WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(rf.Components...))
	require.NoError(t, m.Run(context.Background()))
	st := InstancesOf[*metrics.StateTracker](m)[0]
	e, i := series(must(st.Counts("E"))), series(must(st.Counts("I"))) // per tick, one group
	// gap is a tick with I = 0 and E > 0 after I was positive.
	gap := -1
	positive := false
	for tick := range i {
		if positive && i[tick] == 0 && e[tick] > 0 {
			gap = tick
			break
		}
		positive = positive || i[tick] > 0
	}
	require.NotEqual(t, -1, gap, "the run has no tick with I = 0 and E > 0: the test's premise fails")
	o := metrics.NewReplicateOutcome(0, 4, st, nil)
	if o.ExtinctionTick != nil {
		k := *o.ExtinctionTick
		require.Zero(t, e[k], "extinction at tick %d with E = %d (I = %d)", k, e[k], i[k])
	}
	var events int64
	for tick := 1; tick < len(i); tick++ {
		if i[tick-1]+e[tick-1] > 0 && i[tick]+e[tick] == 0 {
			events++
		}
	}
	require.Equal(t, events, o.FadeOutEvents, "fade-outs of E + I")
}

// series is the one group's column of a [tick][group] table.
func series(rows [][]int64) []int64 {
	out := make([]int64, len(rows))
	for t, r := range rows {
		out[t] = r[0]
	}
	return out
}
