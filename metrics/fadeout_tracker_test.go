package metrics_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// threePatches returns ids a, b, c with pop 1000 each.
func threePatches(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"a", "b", "c"}, []int64{1000, 1000, 1000},
		[]float64{40, 40, 40}, []float64{4, 5, 6}, []float64{0, 0, 0})
	require.NoError(t, err)
	return scn
}

// TestFadeOutTracker: 5 infectious in patch a before the run; Infection
// with β = 0 moves them to R in tick 0 and infects nobody (SPEC §5.1: R +=
// I, I = ΔI = 0). A tracker before Infection sees 2 patches without cases
// at tick 0 (b and c, never infected, count) and 3 afterwards; one after
// Infection sees 3 throughout; one filtered to a and b sees 1, then 2.
func TestFadeOutTracker(t *testing.T) {
	noTransmission := systems.DefaultInfectionParams()
	noTransmission.Beta = 0
	ab := metrics.FadeOutTrackerParams{Filter: func(id string) bool { return id != "c" }}
	m := newModel(t, threePatches(t), 4, metrics.NewFadeOutTracker(nil), metrics.NewFadeOutTracker(&ab),
		systems.NewInfection(&noTransmission), metrics.NewFadeOutTracker(nil))
	require.NoError(t, m.Infect([]int{0}, []int64{5}))
	require.NoError(t, m.Run(context.Background()))
	trs := model.InstancesOf[*metrics.FadeOutTracker](m)
	assert.Equal(t, []int64{2, 3, 3, 3}, trs[0].Counts())
	assert.Equal(t, []int64{1, 2, 2, 2}, trs[1].Counts())
	assert.Equal(t, []int64{3, 3, 3, 3}, trs[2].Counts())
	assert.Equal(t, 3, trs[0].NumPatches())
	assert.Equal(t, 2, trs[1].NumPatches())

	rows := trs[0].Tidy()
	require.Len(t, rows, 4)
	assert.Equal(t, metrics.Row{Tick: 0, Date: "2023-01-01", PatchID: "all_patches", State: "fadeouts", Count: 2}, rows[0])
	assert.Equal(t, metrics.Row{Tick: 3, Date: "2023-02-12", PatchID: "all_patches", State: "fadeouts", Count: 3}, rows[3])
}

func TestFadeOutTrackerParams(t *testing.T) {
	m := newModel(t, threePatches(t), 1, metrics.NewFadeOutTracker(nil))
	none := metrics.FadeOutTrackerParams{Filter: func(string) bool { return false }}
	require.EqualError(t, m.SetComponents(metrics.NewFadeOutTracker(&none)), "FadeOutTracker: the filter keeps no patch")

	p, err := metrics.DecodeFadeOutTrackerParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Nil(t, p.Filter)
	_, err = metrics.DecodeFadeOutTrackerParams([]byte(`{"filter": "a"}`))
	require.ErrorContains(t, err, `FadeOutTracker: unknown key "filter"`, "the filter is Go only")
}
