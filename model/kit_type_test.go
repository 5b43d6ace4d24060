package model_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// Infected counts I every few ticks: a kit tracker registered for run files
// with NewKitTrackerType.
type Infected struct{ *metrics.Kit[int64] }

var infectedSpec = metrics.TrackerSpec[int64]{
	Name: "InfectedTracker", File: "infected", States: []string{"I"},
	Params: metrics.KitParams{AggregationLevel: -1, Every: 2},
	Measure: func(s *metrics.Sample[int64]) error {
		s.SumInto(0, s.Model.World().I())
		return nil
	},
}

func init() {
	model.MustRegister(model.NewKitTrackerType(infectedSpec, "I every few ticks (a test's kit tracker).",
		func(k *metrics.Kit[int64]) *Infected { return &Infected{k} }))
}

// TestKitTrackerType runs a kit tracker from run files: the spec's params
// are the defaults, the kit's keys override them, every name resolves,
// and an unknown key names the entry.
func TestKitTrackerType(t *testing.T) {
	const head = "scenario = { builder = \"grid\", rows = 2, cols = 2, pop = 1000 }\n[params]\nnum_ticks = 9\n" +
		"[[phases]]\ntype = \"InfectionSeeding\"\n[[phases]]\ntype = \"Infection\"\n"
	for _, tc := range []struct {
		name, entry string
		every       int
		groups      []string
		err         string
	}{
		{"defaults by Go name", "type = \"Infected\"", 2, []string{"all_patches"}, ""},
		{"keys by reference name", "type = \"InfectedTracker\"\nevery = 3\naggregation_level = -2", 3, []string{"0:0", "0:1", "1:0", "1:1"}, ""},
		{"unknown key", "type = \"infected\"\nevry = 3", 0, nil, "phases[3].evry: unknown key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rf, err := runfile.Decode(strings.NewReader(head+"[[phases]]\n"+tc.entry+"\n"), "run.toml", ".")
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			m, err := model.NewBiweekly(rf.Scenario, rf.Params)
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(rf.Components...))
			require.NoError(t, m.Run(context.Background()))
			tr := model.InstancesOf[*Infected](m)
			require.Len(t, tr, 1)
			assert.Equal(t, tc.every, tr[0].Params().Every)
			assert.Equal(t, tc.groups, tr[0].GroupIDs())
			assert.Equal(t, "infected", tr[0].FileBase())
			assert.Equal(t, (9+tc.every-1)/tc.every, tr[0].Recorded(), "ticks 0, k, 2k, … below 9")
		})
	}
}
