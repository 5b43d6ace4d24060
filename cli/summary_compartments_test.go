package cli

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/scenario"
)

type summaryWaning int64

// TestSummaryFollowsCompartments: summary.json's final states and
// population and the printed final line list every state of the model,
// a declared compartment included, in state order.
func TestSummaryFollowsCompartments(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		extra  []ecs.Compartment
		states []string
		line   string
	}{
		{"biweekly", nil, []string{"S", "I", "R"}, "  final S/I/R: 100000 / 0 / 50000\n"},
		{"with W", []ecs.Compartment{ecs.NewCompartment[summaryWaning]("W")}, []string{"S", "I", "R", "W"},
			"  final S/I/R/W: 100000 / 0 / 50000 / 7\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.NewBiweekly(scn, paramstest.QuietParams(1, 1), model.WithStdout(io.Discard),
				model.WithCompartments(tc.extra...))
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(metrics.NewStateTracker(nil)))
			require.NoError(t, m.Initialize())
			// Patch 1 (50 000) moves to R; a declared W holds 7 more people.
			require.NoError(t, m.Infect([]int{1}, []int64{50000}))
			require.NoError(t, m.Recover([]int{1}, []int64{50000}))
			if len(tc.extra) > 0 {
				w, err := m.World().State("W")
				require.NoError(t, err)
				w[0] = 7
			}
			require.NoError(t, m.Run(context.Background()))
			s := output.NewSummary(output.Inputs{Scenario: "two-patch"}, m, model.InstancesOf[*metrics.StateTracker](m)[0], 0, 0)
			assert.Equal(t, tc.states, s.States)
			want := map[string]int64{"S": 100000, "I": 0, "R": 50000}
			pop := int64(150000)
			if len(tc.extra) > 0 {
				want["W"], pop = 7, 150007
			}
			assert.Equal(t, want, s.Totals.FinalState)
			assert.Equal(t, pop, s.Totals.FinalPopulation)
			var out bytes.Buffer
			printRunSummary(&out, s, "out", []string{"states.csv"}, 0)
			assert.Contains(t, out.String(), tc.line)
		})
	}
}
