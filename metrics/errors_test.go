package metrics_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// TestStepOutsideTicks: a tracker sized for num_ticks rejects a tick beyond
// it instead of writing out of bounds.
func TestStepOutsideTicks(t *testing.T) {
	m := newModel(t, threePatches(t), 2, metrics.NewStateTracker(nil), metrics.NewPopulationTracker(nil),
		metrics.NewFadeOutTracker(nil), metrics.NewCaseSurveillanceTracker(nil))
	require.NoError(t, m.Initialize())
	for _, c := range m.Instances() {
		for _, tick := range []int{-1, 2} {
			err := c.(phases.Stepper).Step(m, tick)
			require.EqualError(t, err, fmt.Sprintf("%s: tick %d outside the 2 ticks it was sized for", c.Name(), tick))
		}
	}
	tr := model.InstancesOf[*metrics.FadeOutTracker](m)[0]
	assert.Equal(t, 2, tr.NumTicks())
	assert.Zero(t, tr.Recorded())
	cs := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	assert.Equal(t, 2, cs.NumTicks())
	assert.Zero(t, cs.Recorded())
}

// TestCaseSurveillanceHugeI: I beyond the binomial sampler's 2^53 is an
// error naming the patch, not a panic. Since SPEC §3.2 bounds every count
// by 2^53, no scenario holds such a patch and a user phase that writes one
// is stopped by the model's count check before the tracker draws; at 2^53
// itself the tracker works.
func TestCaseSurveillanceHugeI(t *testing.T) {
	const top = int64(1) << 53
	_, err := scenario.FromColumns([]string{"small", "huge"}, []int64{10, 1 << 54}, []float64{0, 0}, []float64{0, 1}, []float64{0, 0})
	require.ErrorContains(t, err, `row 2, column "pop": "18014398509481984": must be <= 9007199254740992 (2^53)`)
	scn, err := scenario.FromColumns([]string{"small", "huge"}, []int64{0, top}, []float64{0, 0}, []float64{0, 1}, []float64{0, 0})
	require.NoError(t, err)

	grow := phases.Func("Grow", func(m phases.Model, _ int) error {
		m.World().I()[1] = top + 1
		return nil
	})
	m := newModel(t, scn, 1, grow, metrics.NewCaseSurveillanceTracker(nil))
	err = m.Run(context.Background())
	require.EqualError(t, err, `tick 0, phase Grow: patch 1 ("huge"): S = 9007199254740992, I = 9007199254740993, R = 0 afterwards; every count must be >= 0 and S+I+R <= 9007199254740992 (2^53) (SPEC §3.2)`)

	exact := metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(1), AggregationLevel: metrics.AllPatches}
	m = newModel(t, scn, 1, metrics.NewCaseSurveillanceTracker(&exact))
	require.NoError(t, m.Infect([]int{1}, []int64{top}))
	require.NoError(t, m.Run(context.Background()), "rate 1 draws nothing")
	assert.Equal(t, []int64{top}, model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Series())
}

// TestResultsWriterWriteError: an unwritable path fails the run's
// finalisation with the path in the message.
func TestResultsWriterWriteError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "results.json")
	m := newModel(t, threePatches(t), 1, metrics.NewStateTracker(nil), metrics.NewResultsWriter(&metrics.ResultsWriterParams{Path: path}))
	assert.Equal(t, path, model.InstancesOf[*metrics.ResultsWriter](m)[0].Path())
	err := m.Run(context.Background())
	require.ErrorContains(t, err, "finalize ResultsWriter: ")
	require.ErrorContains(t, err, path)
}
