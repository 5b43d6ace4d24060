package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestImportationRateTables is SPEC AT-11 (c).
func TestImportationRateTables(t *testing.T) {
	scn := table(t, []string{"patch_0", "patch_1", "patch_2", "patch_3"}, []int64{1000, 1000, 1000, 1000})
	cases := []struct {
		json    string
		want    []float64
		message string
	}{
		{json: `5`, want: []float64{5, 5, 5, 5}},
		{json: `[1, 2, 3, 4]`, want: []float64{1, 2, 3, 4}},
		{json: `{"patch_0": 1, "patch_2": 3}`, want: []float64{1, 0, 3, 0}},
		{json: `[1, 2, 3]`, message: "crude_importation_rate has 3 values, which does not match number of patches (4)"},
		{json: `{"x": 1, "patch_0": 2, "y": 3}`, message: `Unknown patch ids: ["x","y"]`},
		{json: `-1`, message: "must be a finite number >= 0"},
		{json: `[1, -2, 3, 4]`, message: "must be a finite number >= 0"},
		{json: `{"patch_0": -1}`, message: "must be a finite number >= 0"},
		{json: `"fast"`, message: "expected a number"},
	}
	for _, tc := range cases {
		t.Run(tc.json, func(t *testing.T) {
			p, err := systems.DecodeImportationParams([]byte(`{"crude_importation_rate": ` + tc.json + `}`))
			if err == nil {
				var m *model.Model
				m, err = model.NewBiweekly(scn, quietParams(1, 1))
				require.NoError(t, err)
				err = m.SetComponents(systems.NewImportationPressure(&p))
				if err == nil {
					imp := model.InstancesOf[*systems.ImportationPressure](m)[0]
					probs := imp.Probabilities()
					for j, rate := range tc.want {
						assert.Equal(t, rate/28/1000, probs[j], "p = rate/28/1000")
					}
				}
			}
			if tc.message == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.message)
		})
	}
}

// TestImportationSeedsEpidemics is SPEC AT-11 (a) and (b).
func TestImportationSeedsEpidemics(t *testing.T) {
	inf := systems.DefaultInfectionParams()
	inf.Beta = 1.0
	single := must(scenario.SinglePatch(100000, 0))
	m := run(t, single, quietParams(100, 1), systems.NewImportationPressure(nil), systems.NewInfection(&inf), metrics.NewStateTracker(nil))
	c := m.Patches().Get(0)
	assert.Greater(t, c.R, int64(1))
	assert.Equal(t, int64(100000), c.N(), "no vital dynamics: total conserved")

	inf.Beta = 0
	two := must(scenario.TwoPatch(100000, 0))
	m = run(t, two, quietParams(100, 2), systems.NewImportationPressure(nil), systems.NewInfection(&inf))
	for j := range 2 {
		c := m.Patches().Get(j)
		assert.GreaterOrEqual(t, c.R, int64(1), "patch %d", j)
		assert.Equal(t, two.Pop[j], c.N(), "patch %d total conserved", j)
	}
}

// TestImportationMean is SPEC AT-11 (d): pop 10⁶, ImportationPressure only,
// 2 000 ticks; final I / 2000 is within 5 SE of 1e6·(1/28/1000) = 35.714.
// Imports are Binomial(N, p) each tick with N ≈ 10⁶, so the SE of the mean of
// 2 000 ticks is √(N p q / 2000).
func TestImportationMean(t *testing.T) {
	m := run(t, must(scenario.SinglePatch(1000000, 0)), quietParams(2000, 4), systems.NewImportationPressure(nil))
	p := 1.0 / 28 / 1000
	mean := float64(m.Patches().Get(0).I) / 2000
	se := math.Sqrt(1e6 * p * (1 - p) / 2000)
	assert.InDelta(t, 35.714, mean, 5*se)
}

// TestImportationWindow is SPEC AT-11 (e): start 28 days, end 56 days → I
// rises at ticks 2, 3, 4 only.
func TestImportationWindow(t *testing.T) {
	p := systems.DefaultImportationParams()
	p.StartDays, p.EndDays = 28, 56
	m := run(t, must(scenario.SinglePatch(1000000, 0)), quietParams(8, 5), systems.NewImportationPressure(&p), metrics.NewStateTracker(nil))
	series := model.InstancesOf[*metrics.StateTracker](m)[0].Series("I")
	prev := int64(0)
	for tick, v := range series {
		if tick >= 2 && tick <= 4 {
			assert.Greater(t, v, prev, "tick %d", tick)
		} else {
			assert.Equal(t, prev, v, "tick %d", tick)
		}
		prev = v
	}
	bad := systems.DefaultImportationParams()
	bad.StartDays, bad.EndDays = 56, 28
	require.ErrorContains(t, bad.Validate(), "importation_end")
}
