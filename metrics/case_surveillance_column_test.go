package metrics_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// columnScenario is hierarchical's three patches, every one seeded, with
// the extra columns given (one text per patch).
func columnScenario(t *testing.T, cols map[string][]string) *scenario.Table {
	t.Helper()
	scn := hierarchical(t)
	for name, vals := range cols {
		require.NoError(t, scn.SetExtra(name, vals))
	}
	return scn
}

// TestCaseSurveillanceRateColumn: detection_rate read from a scenario
// column reports each patch at its own rate: rate 1 reports I exactly
// (a StateTracker beside it), rate 0 reports nothing, and a rate between
// reports at most I (a binomial draw from it).
func TestCaseSurveillanceRateColumn(t *testing.T) {
	const ticks = 20
	scn := columnScenario(t, map[string][]string{"rho": {"1", "0", "0.5"}})
	seeding := systems.DefaultSeedingParams()
	seeding.TargetPatches = []string{"a:x", "b:z", "a:y"}
	seeding.NumInfections = 20
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	cs := metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchColumn("rho"), AggregationLevel: metrics.PerPatch}
	m := newModel(t, scn, ticks, systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil),
		metrics.NewStateTracker(&per), metrics.NewCaseSurveillanceTracker(&cs))
	require.NoError(t, m.Run(context.Background()))
	inf, err := model.InstancesOf[*metrics.StateTracker](m)[0].Counts("I")
	require.NoError(t, err)
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	assert.Equal(t, []float64{1, 0, 0.5}, tr.DetectionRates())
	counts := tr.Counts()
	var seen, reported int64
	for tick := range ticks {
		assert.Equal(t, inf[tick][0], counts[0][tick], "rate 1: tick %d", tick)
		assert.Zero(t, counts[1][tick], "rate 0: tick %d", tick)
		assert.LessOrEqual(t, counts[2][tick], inf[tick][2], "rate ½: tick %d", tick)
		seen, reported = seen+inf[tick][2], reported+counts[2][tick]
	}
	require.Positive(t, seen, "cases at the rate-½ patch")
	assert.Positive(t, reported, "some reported at rate ½")
	assert.Less(t, reported, seen, "not all reported at rate ½")
}

// TestCaseSurveillanceColumnErrors: a missing column, a value that is no
// number and one out of range are refused when the tracker is built,
// naming the key, the column, the row and the value.
func TestCaseSurveillanceColumnErrors(t *testing.T) {
	tests := []struct {
		name   string
		cols   map[string][]string
		params metrics.CaseSurveillanceTrackerParams
		want   string
	}{
		{name: "no column", params: metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchColumn("rho")},
			want: `CaseSurveillanceTracker: detection_rate: the scenario has no column "rho"`},
		{name: "not a number", cols: map[string][]string{"rho": {"0.5", "half", "0.5"}},
			params: metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchColumn("rho")},
			want:   `CaseSurveillanceTracker: detection_rate: scenario column "rho", row 2: "half" is not a number`},
		{name: "rate above 1", cols: map[string][]string{"rho": {"0.5", "0.5", "1.5"}},
			params: metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchColumn("rho")},
			want:   `CaseSurveillanceTracker: detection_rate: scenario column "rho", row 3: 1.5: must be in [0, 1]`},
		{name: "psi above the limit", cols: map[string][]string{"psi": {"0.1", "200", "0.1"}},
			params: metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(0.5), Reporting: metrics.ReportingHe2010, Psi: scenario.PatchColumn("psi")},
			want:   `CaseSurveillanceTracker: psi: scenario column "psi", row 2: 200: must be finite, >= 0 and at most 100`},
		{name: "psi column with binomial reporting", cols: map[string][]string{"psi": {"0", "0", "0"}},
			params: metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(0.5), Psi: scenario.PatchColumn("psi")},
			want:   `CaseSurveillanceTracker: psi = column "psi" needs reporting = "negative_binomial"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.NewBiweekly(columnScenario(t, tc.cols), quietParams(3), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			err = m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInfection(nil), metrics.NewCaseSurveillanceTracker(&tc.params))
			assert.ErrorContains(t, err, tc.want)
		})
	}
}
