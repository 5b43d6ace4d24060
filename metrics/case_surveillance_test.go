package metrics_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// surveillance returns a factory with the given detection rate and level.
func surveillance(rate float64, level int) phases.Factory {
	return metrics.NewCaseSurveillanceTracker(&metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(rate), AggregationLevel: level})
}

// hierarchical returns ids a:x, b:z, a:y (group a's patches are not
// contiguous) with pop 20 000 each.
func hierarchical(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"a:x", "b:z", "a:y"}, []int64{20000, 20000, 20000},
		[]float64{40, 40, 40}, []float64{4, 4.1, 4.2}, []float64{0, 0, 0})
	require.NoError(t, err)
	return scn
}

// TestCaseSurveillanceExact: with detection rate 1 the reported cases are
// I summed per group, exactly (SPEC §8.4), here against a StateTracker at
// the same position, at level 0 and per patch.
func TestCaseSurveillanceExact(t *testing.T) {
	const ticks = 30
	level0 := metrics.StateTrackerParams{AggregationLevel: 0}
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	seeding := systems.DefaultSeedingParams()
	seeding.TargetPatches = []string{"b:z"}
	seeding.NumInfections = 20
	m := newModel(t, hierarchical(t), ticks, systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil),
		metrics.NewStateTracker(&level0), surveillance(1, 0), metrics.NewStateTracker(&per), surveillance(1, metrics.PerPatch))
	require.NoError(t, m.Run(context.Background()))
	sts := model.InstancesOf[*metrics.StateTracker](m)
	css := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	for k := range 2 {
		inf, err := sts[k].Counts("I")
		require.NoError(t, err)
		assert.Equal(t, sts[k].GroupIDs(), css[k].GroupIDs())
		counts := css[k].Counts()
		require.Len(t, counts, len(css[k].GroupIDs()))
		var total int64
		for g := range counts {
			require.Len(t, counts[g], ticks)
			for tick := range ticks {
				assert.Equal(t, inf[tick][g], counts[g][tick], "tracker %d group %d tick %d", k, g, tick)
				total += counts[g][tick]
			}
		}
		assert.Positive(t, total, "the epidemic produced cases")
		assert.Equal(t, sts[k].Series("I"), css[k].Series())
	}
	assert.Equal(t, []string{"a", "b"}, css[0].GroupIDs())
}

// TestCaseSurveillanceBinomial: with rate 0.5 and I held constant (no
// process changes it), the reports of patch j over T ticks total
// Binomial(T·I_j, 0.5): mean T·I_j/2, SE √(T·I_j/4). Each total must lie
// within 5 SE (a false failure has probability < 6e−7 per check; fixed
// seed). A patch without cases reports 0; rate 0 reports nothing.
func TestCaseSurveillanceBinomial(t *testing.T) {
	const ticks = 40
	infectious := []int64{1000, 0, 3000}
	m := newModel(t, bigThree(t), ticks, surveillance(0.5, metrics.PerPatch), surveillance(0, metrics.PerPatch))
	require.NoError(t, m.Infect([]int{0, 1, 2}, infectious))
	require.NoError(t, m.Run(context.Background()))
	css := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	for j, row := range css[0].Counts() {
		var total int64
		for _, v := range row {
			total += v
		}
		n := float64(ticks * infectious[j])
		mean, se := n/2, math.Sqrt(n/4)
		assert.LessOrEqual(t, math.Abs(float64(total)-mean), 5*se+1e-12, "patch %d: total %d, expected %.0f ± 5·%.1f", j, total, mean, se)
		if infectious[j] == 0 {
			assert.Zero(t, total)
		}
	}
	for _, v := range css[1].Series() {
		assert.Zero(t, v, "rate 0 reports nothing")
	}
}

// bigThree returns ids a, b, c with pop 10 000 each.
func bigThree(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"a", "b", "c"}, []int64{10000, 10000, 10000},
		[]float64{40, 40, 40}, []float64{4, 5, 6}, []float64{0, 0, 0})
	require.NoError(t, err)
	return scn
}

// TestCaseSurveillanceLabels is SPEC AT-20 for the surveillance tracker:
// per-patch groups in scenario order (banana, apple, cherry), also in the
// tidy rows.
func TestCaseSurveillanceLabels(t *testing.T) {
	scn, err := scenario.FromColumns([]string{"banana", "apple", "cherry"}, []int64{200000, 50000, 80000},
		[]float64{10, 11, 12}, []float64{20, 21, 22}, []float64{0, 0, 0})
	require.NoError(t, err)
	m := newModel(t, scn, 3, metrics.NewCaseSurveillanceTracker(nil), systems.NewInfectionSeeding(nil), systems.NewInfection(nil))
	require.NoError(t, m.Run(context.Background()))
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	assert.Equal(t, []string{"banana", "apple", "cherry"}, tr.GroupIDs())
	assert.Equal(t, metrics.PerPatch, tr.AggregationLevel(), "default level −2")
	assert.Equal(t, []float64{0.1, 0.1, 0.1}, tr.DetectionRates(), "default rate 0.1 at every patch")
	rows := tr.Tidy()
	require.Len(t, rows, 3*3)
	for k, row := range rows {
		assert.Equal(t, k/3, row.Tick)
		assert.Equal(t, []string{"banana", "apple", "cherry"}[k%3], row.PatchID)
		assert.Equal(t, "cases", row.State)
	}
	assert.Equal(t, "2023-01-29", rows[8].Date)
}

// TestCaseSurveillanceFilter: filtered patches are neither grouped nor
// reported; a filter that keeps nothing is an error.
func TestCaseSurveillanceFilter(t *testing.T) {
	noB := metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(1), AggregationLevel: 0, Filter: func(id string) bool { return id != "b:z" }}
	m := newModel(t, hierarchical(t), 2, metrics.NewCaseSurveillanceTracker(&noB))
	require.NoError(t, m.Infect([]int{0, 1, 2}, []int64{1, 10, 100}))
	require.NoError(t, m.Run(context.Background()))
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	assert.Equal(t, []string{"a"}, tr.GroupIDs())
	assert.Equal(t, [][]int64{{101, 101}}, tr.Counts(), "a:x + a:y = 1 + 100")

	none := noB
	none.Filter = func(string) bool { return false }
	require.EqualError(t, m.SetComponents(metrics.NewCaseSurveillanceTracker(&none)), "CaseSurveillanceTracker: the filter keeps no patch")
}

// TestCaseSurveillanceDeterminism: with several random-stream blocks (900
// patches, 4 blocks of 256) the reports are identical sequentially and in
// parallel, for any worker count (SPEC §6.1).
func TestCaseSurveillanceDeterminism(t *testing.T) {
	scn, err := scenario.Grid(30, 30, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	run := func(numba bool, workers int) [][]int64 {
		p := quietParams(8)
		p.Parallel = numba
		m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), model.WithWorkers(workers))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewImportationPressure(nil), systems.NewInfection(nil), surveillance(0.3, metrics.PerPatch)))
		require.NoError(t, m.Run(context.Background()))
		return model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts()
	}
	want := run(false, 1)
	var total int64
	for _, row := range want {
		for _, v := range row {
			total += v
		}
	}
	require.Positive(t, total, "some cases reported")
	for _, workers := range []int{1, 3} {
		assert.Equal(t, want, run(true, workers), "use_numba, %d workers", workers)
	}
}

func TestCaseSurveillanceParams(t *testing.T) {
	p, err := metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, scenario.PatchNumber(0.1), p.DetectionRate)
	assert.Equal(t, metrics.PerPatch, p.AggregationLevel)
	for _, key := range []string{"detection_rate", "detection_probability", "reporting_prob", "reporting_probability",
		"notification_rate", "notification_probability"} {
		p, err := metrics.DecodeCaseSurveillanceTrackerParams([]byte(fmt.Sprintf(`{%q: 0.25}`, key)))
		require.NoError(t, err, key)
		assert.Equal(t, scenario.PatchNumber(0.25), p.DetectionRate, key)
	}
	_, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{"reporting_prob": 0.2, "detection_rate": 0.3}`))
	require.ErrorContains(t, err, "both set the same parameter")
	for _, bad := range []string{`{"detection_rate": 1.5}`, `{"detection_rate": -0.1}`} {
		_, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(bad))
		require.ErrorContains(t, err, "CaseSurveillanceTracker: detection_rate must be in [0, 1]", bad)
	}
	_, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{"aggregation_level": -3}`))
	require.EqualError(t, err, "CaseSurveillanceTracker: aggregation_level must be >= -2, got -3")
	require.ErrorContains(t, metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(math.NaN())}.Validate(), "detection_rate")
	_, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{"detection": 0.2}`))
	require.ErrorContains(t, err, `CaseSurveillanceTracker: unknown key "detection"`)
}
